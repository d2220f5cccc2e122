#include "gui/views/lens_model.h"

#include "render/figures/figure.h"

void LensModel::setLens(std::vector<attnscope::LensLayer> lens, const std::function<QString(int)>& text) {
    beginResetModel();
    lens_ = std::move(lens);
    labels_.clear();
    for (const attnscope::LensLayer& l : lens_) {
        QStringList row;
        for (const attnscope::TokenProb& t : l.top) row << render::visibleToken(text ? text(t.id) : QString::number(t.id));
        labels_.push_back(row);
    }
    endResetModel();
}

void LensModel::clear() {
    beginResetModel();
    lens_.clear();
    labels_.clear();
    endResetModel();
}

int LensModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(lens_.size()); }
int LensModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant LensModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(lens_.size())) return {};
    const attnscope::LensLayer& l = lens_[size_t(index.row())];
    const int c = index.column();
    if (role == Qt::TextAlignmentRole) return c == Layer ? QVariant(Qt::AlignCenter) : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    if (c == Layer) return role == Qt::DisplayRole || role == Qt::UserRole ? QVariant(l.layer) : QVariant();
    if (c == Target) {
        if (role == Qt::UserRole) return l.target_prob;
        if (role == Qt::DisplayRole) return QString::number(l.target_prob, 'f', 4);
        return {};
    }
    const int k = c - Top1;
    if (k >= int(l.top.size())) return {};
    if (role == Qt::UserRole) return l.top[size_t(k)].prob;
    if (role == Qt::DisplayRole)
        return tr("%1 %2").arg(labels_[size_t(index.row())].value(k), QString::number(l.top[size_t(k)].prob, 'f', 3));
    if (role == Qt::ToolTipRole)
        return tr("Token %1 (id %2): p = %3").arg(labels_[size_t(index.row())].value(k)).arg(l.top[size_t(k)].id)
            .arg(l.top[size_t(k)].prob, 0, 'g', 6);
    return {};
}

QVariant LensModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return {};
    if (section == Layer) return tr("After block");
    if (section == Target) return tr("p(target)");
    return tr("Top %1").arg(section - Top1 + 1);
}
