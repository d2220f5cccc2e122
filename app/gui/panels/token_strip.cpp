#include "gui/panels/token_strip.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

namespace {
constexpr int kStripPad = 4, kStripGap = 3;
}

TokenStrip::TokenStrip(Workspace* ws, QWidget* parent) : QWidget(parent), ws_(ws) {
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Tokens"));
    QSizePolicy sp(QSizePolicy::Preferred, QSizePolicy::Preferred);
    sp.setHeightForWidth(true);
    setSizePolicy(sp);
    connect(ws_, &Workspace::traceReady, this, &TokenStrip::relayout);
    connect(ws_, &Workspace::selectionChanged, this, qOverload<>(&TokenStrip::update));
}

int TokenStrip::layoutChips(int width, std::vector<QRect>* out, std::vector<std::pair<QRect, int>>* skipped) const {
    const QFontMetrics fm(font());
    const session::Tokenized& t = ws_->tokens();
    int x = kStripGap, y = kStripGap;
    const int h = fm.height() + 2 * kStripPad;
    auto place = [&](const QString& label) {
        const int w = std::min(labelWidth_(fm, label) + 2 * kStripPad + 2, std::max(40, width - 2 * kStripGap));
        if (x + w > width - kStripGap && x > kStripGap) {
            x = kStripGap;
            y += h + kStripGap;
        }
        const QRect r(x, y, w, h);
        x += w + kStripGap;
        return r;
    };
    // Left-out text goes before the first token that starts after it; text in
    // the part cropped away before the first token is not shown.
    const int first = t.spans.empty() ? 0 : t.spans.front().first;
    size_t j = 0;
    while (j < t.skipped.size() && t.dropped > 0 && t.skipped[j].end <= first) ++j;
    for (int i = 0; i < t.labels.size(); ++i) {
        const int begin = size_t(i) < t.spans.size() ? t.spans[size_t(i)].first : -1;
        for (; j < t.skipped.size() && begin >= 0 && t.skipped[j].begin < begin; ++j) {
            const QRect r = place(t.skipped[j].label);
            if (skipped) skipped->emplace_back(r, int(j));
        }
        const QRect r = place(t.labels[i]);
        if (out) out->push_back(r);
    }
    for (; j < t.skipped.size(); ++j) {
        const QRect r = place(t.skipped[j].label);
        if (skipped) skipped->emplace_back(r, int(j));
    }
    return y + h + kStripGap;
}

void TokenStrip::relayout() {
    chips_.clear();
    skippedChips_.clear();
    layoutChips(width(), &chips_, &skippedChips_);
    updateGeometry();
    update();
}

int TokenStrip::heightForWidth(int w) const { return layoutChips(w, nullptr, nullptr); }

QSize TokenStrip::sizeHint() const { return {400, heightForWidth(400)}; }

void TokenStrip::resizeEvent(QResizeEvent*) { relayout(); }

int TokenStrip::chipAt(const QPoint& pos) const {
    for (size_t i = 0; i < chips_.size(); ++i)
        if (chips_[i].contains(pos)) return int(i);
    return -1;
}

int TokenStrip::skippedAt(const QPoint& pos) const {
    for (const auto& [r, index] : skippedChips_)
        if (r.contains(pos)) return index;
    return -1;
}

void TokenStrip::paintEvent(QPaintEvent* e) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QStringList& labels = ws_->tokens().labels;
    const Selection& s = ws_->selection();
    const QPalette& pal = palette();
    // Only the chips in the rectangle to paint: the strip scrolls, and
    // elidedText and drawText shape each label (a thousand chips a frame
    // while generating).
    const QRect area = e->rect().adjusted(-2, -2, 2, 2);
    for (size_t i = 0; i < chips_.size() && int(i) < labels.size(); ++i) {
        if (!area.intersects(chips_[i])) continue;
        const bool query = int(i) == s.query, key = int(i) == s.key;
        const QColor fill = query ? pal.color(QPalette::Highlight) : pal.color(QPalette::AlternateBase);
        p.setPen(key ? QPen(pal.color(QPalette::Highlight), 2) : QPen(pal.color(QPalette::Mid), 1));
        p.setBrush(fill);
        p.drawRoundedRect(QRectF(chips_[i]).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
        p.setPen(query ? pal.color(QPalette::HighlightedText) : pal.color(QPalette::Text));
        p.drawText(chips_[i], Qt::AlignCenter,
                   fontMetrics().elidedText(labels[int(i)], Qt::ElideRight, chips_[i].width() - 2 * kStripPad));
    }
    // Left-out text: a dashed outline in the palette's link-visited colour, the
    // label struck through, so it reads as "not part of the run".
    const auto& skipped = ws_->tokens().skipped;
    for (const auto& [r, index] : skippedChips_) {
        if (size_t(index) >= skipped.size()) continue;
        p.setPen(QPen(QColor(0xb0, 0x3a, 0x2e), 1.2, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(QRectF(r).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
        QFont f = font();
        f.setStrikeOut(true);
        p.setFont(f);
        p.setPen(QColor(0xb0, 0x3a, 0x2e));
        p.drawText(r, Qt::AlignCenter,
                   fontMetrics().elidedText(skipped[size_t(index)].label, Qt::ElideRight, r.width() - 2 * kStripPad));
        p.setFont(font());
    }
    if (hasFocus() && s.query >= 0 && size_t(s.query) < chips_.size()) {
        p.setPen(QPen(pal.color(QPalette::Text), 1, Qt::DotLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(chips_[size_t(s.query)].adjusted(-2, -2, 2, 2));
    }
}

bool TokenStrip::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(e);
        const int i = chipAt(he->pos());
        const int k = skippedAt(he->pos());
        const auto trace = ws_->trace();
        if (k >= 0 && size_t(k) < ws_->tokens().skipped.size()) {
            const session::SkippedText& t = ws_->tokens().skipped[size_t(k)];
            QToolTip::showText(he->globalPos(),
                               t.invalidUtf8 ? tr("Bytes that are not valid UTF-8: left out of the run")
                                             : tr("“%1” is not in the model's vocabulary: left out of the run")
                                                   .arg(t.label.toHtmlEscaped()),
                               this);
        } else if (i >= 0 && trace && i < trace->T()) {
            const QString text = i < ws_->tokens().texts.size() ? ws_->tokens().texts[i] : QString();
            QToolTip::showText(he->globalPos(),
                               tr("Token %1 · id %2\n“%3”").arg(i).arg(trace->tokens[size_t(i)]).arg(text.toHtmlEscaped()),
                               this, chips_[size_t(i)]);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(e);
}

void TokenStrip::mousePressEvent(QMouseEvent* e) {
    const int i = chipAt(e->position().toPoint());
    if (i < 0) return;
    Selection s = ws_->selection();
    s.query = i;
    if (s.key < 0 || s.key > i) s.key = i;
    ws_->setSelection(s);
    setFocus();
}

void TokenStrip::keyPressEvent(QKeyEvent* e) {
    const int n = int(chips_.size());
    if (n == 0) return QWidget::keyPressEvent(e);
    Selection s = ws_->selection();
    if (e->key() == Qt::Key_Left) s.query = std::max(0, s.query - 1);
    else if (e->key() == Qt::Key_Right) s.query = std::min(n - 1, s.query + 1);
    else return QWidget::keyPressEvent(e);
    ws_->setSelection(s);
}

void TokenStrip::changeEvent(QEvent* e) {
    QWidget::changeEvent(e);
    if (e->type() == QEvent::FontChange) {
        labelWidth_.clear();
        relayout();
    }
}
