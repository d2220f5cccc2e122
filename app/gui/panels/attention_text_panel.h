#pragma once
// The text coloured by attention, as BertViz's neuron view does: every token
// of the text on a background as strong as the selected query's attention to
// it, for the selected layer and head (the last token when no query is
// selected). Click a token to make it the query. It reads one row of one
// head, so it follows the selection at any text length.
#include <QWidget>

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
    // The query whose attention is shown (-1: none).
    int query() const { return query_; }

protected:
    void showEvent(QShowEvent* e) override;

private:
    void refresh();
    Workspace* ws_;
    QLabel* header_;
    ValueStrip* strip_;
    QScrollArea* scroll_;
    void showQuery();
    int query_ = -1;
};
