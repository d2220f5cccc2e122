#pragma once
// One chip per token, whitespace made visible; hover shows the id, a click
// selects the token as the query. Text the tokenizer left out (characters the
// vocabulary lacks, invalid UTF-8) stands where it was, as a marked chip.
#include <QWidget>
#include <vector>

#include "gui/common/label_widths.h"
#include "gui/workspace/workspace.h"

class TokenStrip : public QWidget {
    Q_OBJECT
public:
    explicit TokenStrip(Workspace* ws, QWidget* parent = nullptr);

    int chipCount() const { return int(chips_.size()); }
    QRect chipRect(int i) const { return chips_.at(size_t(i)); }
    // The marked chips of left-out text, in text order (Workspace::tokens().skipped).
    int skippedChipCount() const { return int(skippedChips_.size()); }
    QRect skippedChipRect(int i) const { return skippedChips_.at(size_t(i)).first; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int w) const override;
    QSize sizeHint() const override;

protected:
    void changeEvent(QEvent* e) override;
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent* e) override;
    void resizeEvent(QResizeEvent*) override;
    bool event(QEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;

private:
    LabelWidths labelWidth_;  // each label's width in the strip's font
    // Lays out token chips (`out`) and left-out chips (`skipped`: rect, index into
    // tokens().skipped) in text order; returns the height used.
    int layoutChips(int width, std::vector<QRect>* out, std::vector<std::pair<QRect, int>>* skipped) const;
    void relayout();
    int chipAt(const QPoint& pos) const;
    int skippedAt(const QPoint& pos) const;
    Workspace* ws_;
    std::vector<QRect> chips_;
    std::vector<std::pair<QRect, int>> skippedChips_;
};
