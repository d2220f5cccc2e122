#include "gui/panels/head_stats_model.h"

#include <QLocale>
#include <QColor>
#include <cmath>

QString HeadStatsModel::labelText(attnscope::HeadLabel label) {
    using attnscope::HeadLabel;
    switch (label) {
    case HeadLabel::PreviousToken: return tr("previous token");
    case HeadLabel::Sink: return tr("sink");
    case HeadLabel::Self: return tr("self");
    case HeadLabel::Induction: return tr("induction");
    case HeadLabel::DuplicateToken: return tr("duplicate token");
    case HeadLabel::Diffuse: return tr("diffuse");
    }
    return {};
}

void HeadStatsModel::setStats(std::vector<attnscope::HeadStats> stats, double maxEntropy) {
    beginResetModel();
    stats_ = std::move(stats);
    labels_.clear();
    for (const attnscope::HeadStats& s : stats_) {
        QStringList l;
        for (const attnscope::HeadLabel label : attnscope::head_labels(s, maxEntropy)) l << labelText(label);
        labels_.push_back(l);
    }
    endResetModel();
}

void HeadStatsModel::clear() {
    setStats({}, 1);
    setQueryKey(-1, -1, {});
}

void HeadStatsModel::setQueryKey(int query, int key, std::vector<float> weights) {
    query_ = query;
    key_ = key;
    queryKey_ = std::move(weights);
    nHead_ = 1;
    for (const attnscope::HeadStats& s : stats_) nHead_ = std::max(nHead_, s.head + 1);
    if (!stats_.empty()) emit dataChanged(index(0, QueryKey), index(rowCount() - 1, QueryKey));
    emit headerDataChanged(Qt::Horizontal, QueryKey, QueryKey);
}

void HeadStatsModel::setDeltas(std::vector<attnscope::HeadStats> b) {
    beginResetModel();
    b_ = std::move(b);
    endResetModel();
}

double HeadStatsModel::delta(int row, int column) const {
    if (row < 0 || row >= int(stats_.size())) return std::nan("");
    const attnscope::HeadStats& a = stats_[size_t(row)];
    const attnscope::HeadStats* b = nullptr;
    for (const attnscope::HeadStats& s : b_)
        if (s.layer == a.layer && s.head == a.head) b = &s;
    if (!b) return std::nan("");
    switch (column) {
    case DeltaEntropy: return b->entropy - a.entropy;
    case DeltaPrevToken: return b->prev_token - a.prev_token;
    case DeltaFirstToken: return b->first_token - a.first_token;
    case DeltaSelf: return b->self - a.self;
    }
    return std::nan("");
}

int HeadStatsModel::rowOf(int layer, int head) const {
    for (size_t i = 0; i < stats_.size(); ++i)
        if (stats_[i].layer == layer && stats_[i].head == head) return int(i);
    return -1;
}

int HeadStatsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(stats_.size()); }
int HeadStatsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : b_.empty() ? int(Labels) + 1 : int(ColumnCount);
}

QVariant HeadStatsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
    const attnscope::HeadStats& s = stats_[size_t(index.row())];
    auto number = [&](int column) -> double {
        switch (column) {
        case Layer: return s.layer;
        case Head: return s.head;
        case Entropy: return s.entropy;
        case PrevToken: return s.prev_token;
        case FirstToken: return s.first_token;
        case Self: return s.self;
        case Induction: return s.induction;
        case Duplicate: return s.duplicate;
        case QueryKey: {
            const size_t i = size_t(s.layer) * size_t(nHead_) + size_t(s.head);
            return query_ >= 0 && i < queryKey_.size() ? double(queryKey_[i]) : std::nan("");
        }
        case DeltaEntropy: case DeltaPrevToken: case DeltaFirstToken: case DeltaSelf: return delta(index.row(), column);
        }
        return 0;
    };
    const int c = index.column();
    if (role == Qt::UserRole) {
        if (c == Labels) return labels_[size_t(index.row())].join(QStringLiteral(", "));
        const double v = number(c);
        return std::isnan(v) ? QVariant() : QVariant(v);  // NaN sorts as empty
    }
    if (role == Qt::DisplayRole) {
        if (c == Labels) return labels_[size_t(index.row())].join(QStringLiteral(", "));
        if (c == Layer || c == Head) return int(number(c));
        const double v = number(c);
        if (c >= DeltaEntropy) return std::isnan(v) ? QString() : (v > 0 ? QStringLiteral("+") : QString()) + QLocale().toString(v, 'f', 3);
        return std::isnan(v) ? QString() : QLocale().toString(v, 'f', 3);
    }
    if (role == Qt::ForegroundRole && c >= DeltaEntropy) {
        const double v = number(c);
        if (std::isnan(v) || std::abs(v) < 0.0005) return {};
        return v > 0 ? QColor(0xb2, 0x18, 0x2b) : QColor(0x21, 0x66, 0xac);  // the difference map's red and blue
    }
    if (role == Qt::TextAlignmentRole)
        return c == Labels ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant HeadStatsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Entropy: return tr("Mean over queries of -Σ w·ln w, in nats");
        case PrevToken: return tr("Mean weight on the previous token");
        case FirstToken: return tr("Mean weight on the first token (the sink)");
        case Self: return tr("Mean weight on the query's own token");
        case Induction: return tr("Probe: weight on the token after the earlier occurrence of the current token");
        case Duplicate: return tr("Probe: weight on the earlier occurrence of the current token");
        case QueryKey:
            return query_ >= 0 ? tr("Each head's weight from query %1 to key %2: sort by it to rank the heads that move "
                                    "attention there").arg(query_).arg(key_)
                               : tr("Choose a cell in a head's map (a query and a key): this column gives every head's "
                                    "weight on it");
        case DeltaEntropy: return tr("Compare: B's entropy minus A's");
        case DeltaPrevToken: return tr("Compare: B's previous-token score minus A's");
        case DeltaFirstToken: return tr("Compare: B's first-token score minus A's");
        case DeltaSelf: return tr("Compare: B's self score minus A's");
        }
        return {};
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case Layer: return tr("Layer");
    case Head: return tr("Head");
    case Entropy: return tr("Entropy");
    case PrevToken: return tr("Prev token");
    case FirstToken: return tr("First token");
    case Self: return tr("Self");
    case Induction: return tr("Induction");
    case Duplicate: return tr("Duplicate");
    case QueryKey: return query_ >= 0 ? tr("%1 → %2").arg(query_).arg(key_) : tr("q → k");
    case Labels: return tr("Labels");
    case DeltaEntropy: return tr("Δ entropy");
    case DeltaPrevToken: return tr("Δ prev token");
    case DeltaFirstToken: return tr("Δ first token");
    case DeltaSelf: return tr("Δ self");
    }
    return {};
}
