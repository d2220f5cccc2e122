#pragma once
// The logit lens (explain/attribution.h) as a table: a row per block, the
// target's probability after it, then its top tokens with their
// probabilities. Qt::UserRole gives a cell's unrounded probability.
#include <QAbstractTableModel>
#include <QStringList>
#include <vector>

#include "attnscope/explain/attribution.h"

class LensModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;
    static constexpr int kTop = 5;
    enum Column { Layer, Target, Top1, ColumnCount = Top1 + kTop };

    // `text(id)` words a token id.
    void setLens(std::vector<attnscope::LensLayer> lens, const std::function<QString(int)>& text);
    void clear();
    const std::vector<attnscope::LensLayer>& lens() const { return lens_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<attnscope::LensLayer> lens_;
    std::vector<QStringList> labels_;  // per row, per top token
};
