#include "predictionsmodel.h"

void PredictionsModel::setPrediction(const attnscope::Prediction& p, QStringList labels) {
    beginResetModel();
    p_ = p;
    labels_ = std::move(labels);
    labels_.resize(qsizetype(p_.top.size()));
    endResetModel();
}

void PredictionsModel::clear() { setPrediction({}, {}); }

int PredictionsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(p_.top.size()); }
int PredictionsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant PredictionsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
    const attnscope::TokenProb& t = p_.top[size_t(index.row())];
    if (role == Qt::TextAlignmentRole)
        return index.column() == Token ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::UserRole) {
        switch (index.column()) {
        case Rank: return index.row() + 1;
        case Token: return t.id;
        case Probability: return t.prob;
        case Logit: return t.logit;
        }
    }
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Rank: return index.row() + 1;
        case Token: return labels_[index.row()];
        case Probability: return QString::number(t.prob, 'f', 4);
        case Logit: return QString::number(t.logit, 'f', 3);
        }
    }
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
    }
    return {};
}
