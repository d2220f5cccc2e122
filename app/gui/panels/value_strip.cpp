#include "gui/panels/value_strip.h"

#include <QLocale>
#include <QHelpEvent>
#include <QEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace {
constexpr int kChipPad = 3, kChipGap = 2;
}

ValueStrip::ValueStrip(QWidget* parent) : QWidget(parent) {
    QSizePolicy sp(QSizePolicy::Preferred, QSizePolicy::Preferred);
    sp.setHeightForWidth(true);
    setSizePolicy(sp);
}

void ValueStrip::setData(QStringList labels, std::vector<double> values, double vmax, double vmin) {
    labels_ = std::move(labels);
    values_ = std::move(values);
    values_.resize(size_t(labels_.size()), std::nan(""));
    if (vmax > vmin) {
        vmin_ = vmin;
        vmax_ = vmax;
    } else {
        vmax = 0;
        for (const double v : values_)
            if (std::isfinite(v)) vmax = std::max(vmax, v);
        vmin_ = 0;
        vmax_ = vmax > 0 ? vmax : 1;
    }
    relayout();
}

void ValueStrip::setColor(const QColor& c) {
    color_ = c;
    update();
}

void ValueStrip::setMarked(int index) {
    if (index == marked_) return;  // every frame of a generation marks again
    marked_ = index;
    update();
}

QColor ValueStrip::chipColor(int i) const {
    const double v = values_.at(size_t(i));
    if (!std::isfinite(v)) return palette().color(QPalette::Window);
    // Linear from white to the full colour: the largest value is the strongest.
    const double s = std::clamp((v - vmin_) / (vmax_ - vmin_), 0.0, 1.0);
    auto mix = [s](int a, int b) { return int(std::lround(a + (b - a) * s)); };
    return QColor(mix(255, color_.red()), mix(255, color_.green()), mix(255, color_.blue()));
}

int ValueStrip::layoutChips(int width, std::vector<QRect>* out) const {
    const QFontMetrics fm(font(), const_cast<ValueStrip*>(this));  // as the painter measures
    int x = kChipGap, y = kChipGap;
    const int h = fm.height() + 2 * kChipPad;
    for (const QString& label : labels_) {
        // Whole: 2 px more than the advance, which drawing may round past.
        // Only a token wider than the strip itself is cut (and then wraps alone).
        const int w = std::min(labelWidth_(fm, label) + 2 * kChipPad + 2, std::max(30, width - 2 * kChipGap));
        if (x + w > width - kChipGap && x > kChipGap) {
            x = kChipGap;
            y += h + kChipGap;
        }
        if (out) out->emplace_back(x, y, w, h);
        x += w + kChipGap;
    }
    return y + h + kChipGap;
}

void ValueStrip::relayout() {
    chips_.clear();
    layoutChips(width(), &chips_);
    updateGeometry();
    update();
    emit chipsPlaced();
}

int ValueStrip::heightForWidth(int w) const { return layoutChips(w, nullptr); }
QSize ValueStrip::sizeHint() const { return {400, heightForWidth(400)}; }
void ValueStrip::resizeEvent(QResizeEvent*) { relayout(); }

int ValueStrip::chipAt(const QPoint& pos) const {
    for (size_t i = 0; i < chips_.size(); ++i)
        if (chips_[i].contains(pos)) return int(i);
    return -1;
}

QString ValueStrip::shownLabel(int i) const {
    if (i < 0 || size_t(i) >= chips_.size()) return {};
    const QFontMetrics fm(font(), const_cast<ValueStrip*>(this));
    const QString& label = labels_[i];
    const int room = chips_[size_t(i)].width() - 2 * kChipPad;
    return labelWidth_(fm, label) + 2 <= room ? label : fm.elidedText(label, Qt::ElideRight, room);
}

void ValueStrip::paintEvent(QPaintEvent* e) {
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    const QColor text(20, 20, 20);
    for (size_t i = 0; i < chips_.size(); ++i) {
        const QRect& r = chips_[i];
        if (!r.intersects(e->rect())) continue;
        p.fillRect(r, chipColor(int(i)));
        if (int(i) == marked_) {
            p.setPen(QPen(palette().color(QPalette::Highlight), 2));
            p.drawRect(r.adjusted(1, 1, -1, -1));
        }
        p.setPen(text);
        p.drawText(r.adjusted(kChipPad, 0, -kChipPad, 0), Qt::AlignCenter | Qt::TextDontClip, shownLabel(int(i)));
    }
}

void ValueStrip::mousePressEvent(QMouseEvent* e) {
    const int i = chipAt(e->position().toPoint());
    if (i >= 0) emit chipClicked(i);
}

bool ValueStrip::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(e);
        const int i = chipAt(he->pos());
        if (i < 0) {
            QToolTip::hideText();
            return true;
        }
        const QString t = tooltip_ ? tooltip_(i)
                                   : QStringLiteral("%1: %2").arg(labels_[i]).arg(QLocale().toString(values_[size_t(i)], 'g', 4));
        QToolTip::showText(he->globalPos(), t, this, chipRect(i));
        return true;
    }
    return QWidget::event(e);
}

void ValueStrip::changeEvent(QEvent* e) {
    QWidget::changeEvent(e);
    if (e->type() == QEvent::FontChange) {
        labelWidth_.clear();
        relayout();
    }
}
