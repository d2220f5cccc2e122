#pragma once
// The text coloured by attention, as BertViz's neuron view does: every token
// of the text on a background as strong as the selected query's attention to
// it, for the selected layer and head (the last token when no query is
// selected). Click a token to make it the query. It reads one row of one
// head, so it follows the selection at any text length. What it colours by
// is the head detail's Show kind (setKind): the weights, the value-weighted
// norms or the raw scores, read as the head detail reads them; the mask, and
// on a trace file (no values, no scores) the norms and scores, colour by the
// weights. The header names the kind coloured by.
#include <QWidget>

#include "render/heatmap.h"

class QLabel;
class QScrollArea;
class ValueStrip;
class Workspace;

class AttentionTextPanel : public QWidget {
    Q_OBJECT
public:
    explicit AttentionTextPanel(Workspace* ws, QWidget* parent = nullptr);
    ValueStrip* strip() const { return strip_; }
    QScrollArea* scrollArea() const { return scroll_; }
    QLabel* header() const { return header_; }
    // The query whose attention is shown (-1: none).
    int query() const { return query_; }
    void setKind(render::MatrixKind kind);
    render::MatrixKind kind() const { return kind_; }
    // What the chips are coloured by: Weights, Norms or Scores.
    render::MatrixKind shownKind() const;

protected:
    void showEvent(QShowEvent* e) override;

private:
    void refresh();
    // The chips' values for row `query` of (layer, head): NaN where a key is
    // masked; false with `why` set when the row cannot be read.
    bool readRow(int layer, int head, int query, std::vector<double>& values, QString& why) const;
    Workspace* ws_;
    QLabel* header_;
    ValueStrip* strip_;
    QScrollArea* scroll_;
    void showQuery();
    int query_ = -1;
    render::MatrixKind kind_ = render::MatrixKind::Weights;
};
