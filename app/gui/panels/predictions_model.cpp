#include "gui/panels/predictions_model.h"

#include <QLocale>
#include <QColor>
#include <cmath>

void PredictionsModel::setPrediction(const attnscope::Prediction& p, QStringList labels, std::vector<double> without) {
    beginResetModel();
    p_ = p;
    without_ = without.size() == p.top.size() ? std::move(without) : std::vector<double>();
    labels_ = std::move(labels);
    labels_.resize(qsizetype(p_.top.size()));
    endResetModel();
}

void PredictionsModel::clear() { setPrediction({}, {}); }

int PredictionsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(p_.top.size()); }
int PredictionsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : hasComparison() ? int(ColumnCount) : int(Without);
}

QVariant PredictionsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
    const attnscope::TokenProb& t = p_.top[size_t(index.row())];
    if (role == Qt::TextAlignmentRole)
        return index.column() == Token ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::UserRole) {
        switch (index.column()) {
        case Rank: return index.row() + 1;
        case Token: return t.id;
        case Probability: return t.prob;
        case Logit: return t.logit;
        case Without: return without_[size_t(index.row())];
        case Delta: return t.prob - without_[size_t(index.row())];
        }
    }
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Rank: return index.row() + 1;
        case Token: return labels_[index.row()];
        case Probability: return QLocale().toString(t.prob, 'f', 4);
        case Logit: return QLocale().toString(t.logit, 'f', 3);
        case Without: return QLocale().toString(without_[size_t(index.row())], 'f', 4);
        case Delta: {
            const double d = t.prob - without_[size_t(index.row())];
            return (d >= 0 ? QStringLiteral("+") : QString()) + QLocale().toString(d, 'f', 4);
        }
        }
    }
    if (role == Qt::ForegroundRole && index.column() == Delta) {
        const double d = t.prob - without_[size_t(index.row())];
        if (std::abs(d) >= 5e-5) return QColor(d > 0 ? QColor(20, 120, 40) : QColor(190, 30, 30));
    }
    if (role == Qt::ToolTipRole && index.column() >= Without)
        return tr("Probability without the knockouts, and the change the knockouts make");
    if (role == Qt::ToolTipRole && index.column() == Token) return tr("token id %1").arg(t.id);
    return {};
}

QVariant PredictionsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Rank: return tr("Rank");
    case Token: return tr("Token");
    case Probability: return tr("Probability");
    case Logit: return tr("Logit");
    case Without: return tr("Without");
    case Delta: return tr("Δ");
    }
    return {};
}
