#pragma once
// Per-head statistics (attnscope/head_stats.h) as a table, one row per head:
// layer, head, entropy, previous-token, first-token, self, the probe scores
// (blank until the probes ran) and the automatic labels. Qt::UserRole gives a
// cell's number (labels: their text), which is what the view sorts by.
// While a comparison is on (setDeltas), four more columns give B − A of
// entropy, previous-token, first-token and self, each side's statistics taken
// over its own text. With a query and a key chosen (a cell of any map), the
// "q → k" column gives every head's weight on that one cell, so sorting by it
// ranks the heads that move attention from that query to that key.
#include <QAbstractTableModel>
#include <QStringList>
#include <vector>

#include "attnscope/explain/head_stats.h"

class HeadStatsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Layer, Head, Entropy, PrevToken, FirstToken, Self, Induction, Duplicate, QueryKey, Labels,
        DeltaEntropy, DeltaPrevToken, DeltaFirstToken, DeltaSelf,  // only while deltas are set
        ColumnCount
    };
    using QAbstractTableModel::QAbstractTableModel;

    // `maxEntropy`: uniform_entropy of the trace the statistics came from.
    void setStats(std::vector<attnscope::HeadStats> stats, double maxEntropy);
    void clear();
    // B's statistics, one per head in (layer, head) order: the Δ columns show
    // B − A. Empty: no comparison, and no Δ columns.
    void setDeltas(std::vector<attnscope::HeadStats> b);
    bool hasDeltas() const { return !b_.empty(); }
    // Every head's weight on (query, key), in (layer, head) order; empty
    // weights (or query < 0) leave the column blank.
    void setQueryKey(int query, int key, std::vector<float> weights);
    int query() const { return query_; }
    int key() const { return key_; }
    // B − A of `column` (one of the Δ columns) in row i; NaN when unknown.
    double delta(int row, int column) const;
    const std::vector<attnscope::HeadStats>& stats() const { return stats_; }
    // Translated label names of row i.
    QStringList labelsOf(int row) const { return labels_.at(size_t(row)); }
    // The row of (layer, head), or -1.
    int rowOf(int layer, int head) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "previous token" and the others, in the user's language.
    static QString labelText(attnscope::HeadLabel label);

private:
    std::vector<attnscope::HeadStats> stats_;
    std::vector<QStringList> labels_;
    std::vector<attnscope::HeadStats> b_;
    int query_ = -1, key_ = -1;
    std::vector<float> queryKey_;  // by layer * n_head + head
    int nHead_ = 1;
};
