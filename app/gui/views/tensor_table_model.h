#pragma once
// A 2-D tensor as a table: one row per token (or tensor row), one column per
// feature, full precision in the tooltip.
#include <QAbstractTableModel>
#include <QStringList>

#include "attnscope/common/tensor.h"

class TensorTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit TensorTableModel(QObject* parent = nullptr);

    // `colLabels` names the columns (a logit's token); without them, their index.
    void setMatrix(attnscope::MatrixRM values, QStringList rowLabels, QStringList colLabels = {});
    const attnscope::MatrixRM& matrix() const { return values_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    attnscope::MatrixRM values_;
    QStringList rowLabels_, colLabels_;
};
