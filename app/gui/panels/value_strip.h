#pragma once
// Tokens as chips in reading order, each on a background whose strength shows
// one value per token: the surprise (-ln p) of each token in the predictions
// panel, the selected query's attention over the text. Chips are laid out
// like the token strip's; painting is one pass, no widget per token.
#include <QColor>
#include <QStringList>
#include <QWidget>
#include <functional>
#include <vector>

#include "gui/common/label_widths.h"

class ValueStrip : public QWidget {
    Q_OBJECT
public:
    explicit ValueStrip(QWidget* parent = nullptr);

    // Labels and values (NaN: no value, drawn uncoloured); values are scaled
    // from `vmin` to `vmax` (vmax <= vmin: from 0 to the largest value) onto
    // white → `color`. Raw scores, which may all be negative, give both.
    void setData(QStringList labels, std::vector<double> values, double vmax = 0, double vmin = 0);
    void setColor(const QColor& c);
    // The outlined chip (-1: none).
    void setMarked(int index);
    // Tooltip text of chip i (default: the label and its value).
    void setToolTipText(std::function<QString(int)> f) { tooltip_ = std::move(f); }

    int chipCount() const { return int(chips_.size()); }
    QRect chipRect(int i) const { return chips_.at(size_t(i)); }
    // The text chip i shows: its whole label, unless the label is wider than
    // the strip itself (then elided).
    QString shownLabel(int i) const;
    QColor chipColor(int i) const;
    double value(int i) const { return values_.at(size_t(i)); }
    int marked() const { return marked_; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int w) const override;
    QSize sizeHint() const override;

signals:
    void chipClicked(int index);
    // The chips were placed again (new labels, or a new width).
    void chipsPlaced();

protected:
    void changeEvent(QEvent* e) override;
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void mousePressEvent(QMouseEvent* e) override;
    bool event(QEvent* e) override;

private:
    LabelWidths labelWidth_;  // each label's width in the strip's font
    int layoutChips(int width, std::vector<QRect>* out) const;
    void relayout();
    int chipAt(const QPoint& pos) const;

    QStringList labels_;
    std::vector<double> values_;
    double vmin_ = 0, vmax_ = 1;
    QColor color_ = QColor(214, 96, 77);
    int marked_ = -1;
    std::vector<QRect> chips_;
    std::function<QString(int)> tooltip_;
};
