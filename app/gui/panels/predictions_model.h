#pragma once
// The top-k next tokens of one position as a table: rank, token, probability,
// logit, and with knockouts the probability without them and the change.
// Qt::UserRole gives the unrounded number of a cell.
#include <QAbstractTableModel>
#include <QStringList>
#include <vector>

#include "attnscope/explain/predict.h"

class PredictionsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Without and Delta only while a knockout is compared (hasComparison()).
    enum Column { Rank, Token, Probability, Logit, Without, Delta, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    // `labels` has one display text per entry of p.top; `without`, empty or one
    // per entry, each top token's probability without the knockouts.
    void setPrediction(const attnscope::Prediction& p, QStringList labels, std::vector<double> without = {});
    bool hasComparison() const { return !without_.empty(); }
    void clear();
    const attnscope::Prediction& prediction() const { return p_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    attnscope::Prediction p_;
    QStringList labels_;
    std::vector<double> without_;
};
