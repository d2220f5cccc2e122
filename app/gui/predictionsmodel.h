#pragma once
// The top-k next tokens of one position as a table: rank, token, probability,
// logit. Qt::UserRole gives the unrounded number of a cell.
#include <QAbstractTableModel>
#include <QStringList>

#include "attnscope/predict.h"

class PredictionsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Rank, Token, Probability, Logit, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    // `labels` has one display text per entry of p.top.
    void setPrediction(const attnscope::Prediction& p, QStringList labels);
    void clear();
    const attnscope::Prediction& prediction() const { return p_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    attnscope::Prediction p_;
    QStringList labels_;
};
