#include "gui/panels/attention_text_panel.h"

#include <QLocale>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>
#include <limits>

#include "gui/common/errors.h"
#include "gui/common/selection_text.h"
#include "gui/common/show_box.h"
#include "gui/panels/value_strip.h"
#include "gui/workspace/workspace.h"
#include "render/norms.h"

AttentionTextPanel::AttentionTextPanel(Workspace* ws, QWidget* parent) : QWidget(parent), ws_(ws) {
    setAccessibleName(tr("Text coloured by attention"));
    auto* layout = new QVBoxLayout(this);
    header_ = new QLabel(this);
    header_->setWordWrap(true);
    layout->addWidget(header_);
    strip_ = new ValueStrip(this);
    strip_->setColor(QColor(0x21, 0x66, 0xac));
    strip_->setAccessibleName(tr("Attention of the selected query over the text"));
    strip_->setToolTipText([this](int i) {
        const QString label = ws_->tokens().labels.value(i);
        const double v = strip_->value(i);
        switch (shownKind()) {
        case render::MatrixKind::Norms:
            return tr("Token %1 “%2”: norm %3").arg(i).arg(label).arg(QLocale().toString(v, 'g', 4));
        case render::MatrixKind::Scores:
            return tr("Token %1 “%2”: raw score %3").arg(i).arg(label).arg(QLocale().toString(v, 'g', 4));
        default: return tr("Token %1 “%2”: weight %3").arg(i).arg(label).arg(QLocale().toString(v, 'f', 4));
        }
    });
    scroll_ = new QScrollArea(this);
    scroll_->setWidgetResizable(true);
    scroll_->setWidget(strip_);
    layout->addWidget(scroll_, 1);
    connect(strip_, &ValueStrip::chipClicked, this, [this](int i) {
        Selection s = ws_->selection();
        s.query = i;
        ws_->setSelection(s);
    });
    connect(ws_, &Workspace::traceReady, this, &AttentionTextPanel::refresh);
    connect(ws_, &Workspace::selectionChanged, this, &AttentionTextPanel::refresh);
    // Placed again for a new text or width: the query may have moved out of sight.
    // (After the scroll area has taken the strip's new height into its range.)
    connect(strip_, &ValueStrip::chipsPlaced, this, [this] { QTimer::singleShot(0, this, &AttentionTextPanel::showQuery); });
}

void AttentionTextPanel::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    refresh();
}

// The query's chip in sight: at 1,000 tokens it is often below the fold.
void AttentionTextPanel::showQuery() {
    if (query_ < 0 || query_ >= strip_->chipCount()) return;
    const QRect r = strip_->chipRect(query_);
    scroll_->ensureVisible(r.center().x(), r.center().y(), r.width() / 2 + 4, r.height() / 2 + 4);
}

void AttentionTextPanel::setKind(render::MatrixKind kind) {
    if (kind == kind_) return;
    kind_ = kind;
    refresh();
}

render::MatrixKind AttentionTextPanel::shownKind() const {
    const auto trace = ws_->trace();
    const render::MatrixKind k = showbox::drawable(kind_, trace && trace->imported);
    return k == render::MatrixKind::Mask ? render::MatrixKind::Weights : k;
}

bool AttentionTextPanel::readRow(int layer, int head, int query, std::vector<double>& values, QString& why) const {
    const auto trace = ws_->trace();
    const int T = trace->T();
    values.assign(size_t(T), std::numeric_limits<double>::quiet_NaN());
    // The head detail's row `query`, as it reads its bands.
    std::vector<float> row(static_cast<size_t>(T));
    try {
        render::headMatrixInto(*trace, shownKind(), layer, head, query, query + 1, row.data());
    } catch (const std::exception& e) {
        why = describeError(e);
        return false;
    }
    // Masked keys (after the query in a causal run; a raw score of -inf)
    // carry no value: uncoloured.
    const int last = trace->causal ? query : T - 1;
    for (int k = 0; k <= last; ++k)
        if (std::isfinite(row[size_t(k)])) values[size_t(k)] = row[size_t(k)];
    return true;
}

void AttentionTextPanel::refresh() {
    if (!isVisible()) return;  // hidden, it costs nothing
    const auto trace = ws_->trace();
    const Selection& s = ws_->selection();
    if (!trace || trace->T() == 0 || !s.headIn(trace->n_layer(), trace->n_head())) {
        query_ = -1;
        header_->clear();
        strip_->setData({}, {});
        return;
    }
    const int T = trace->T();
    query_ = s.query >= 0 && s.query < T ? s.query : T - 1;
    std::vector<double> values;
    QString why;
    const bool read = readRow(s.layer, s.head, query_, values, why);
    const render::MatrixKind kind = shownKind();
    if (kind == render::MatrixKind::Scores) {
        // Linear between the row's lowest and highest score, as the head
        // detail's row-normalised scale draws them.
        double lo = INFINITY, hi = -INFINITY;
        for (const double v : values)
            if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
        if (!std::isfinite(lo)) lo = hi = 0;
        strip_->setData(ws_->tokens().labels, values, hi > lo ? hi : lo + 1, lo);
    } else {
        // Each query's strongest key at full colour (the views' row-normalised scale).
        strip_->setData(ws_->tokens().labels, values, 0);
    }
    strip_->setMarked(query_);
    showQuery();
    if (!read) {
        header_->setText(why);
        return;
    }
    const QString head = selectiontext::headName(s.layer, s.head), token = ws_->tokens().labels.value(query_);
    switch (kind) {
    case render::MatrixKind::Norms:
        header_->setText(tr("%1 · value-weighted norms ‖α·v W_O‖ of query %2 “%3”").arg(head).arg(query_).arg(token));
        break;
    case render::MatrixKind::Scores:
        header_->setText(tr("%1 · raw scores of query %2 “%3”").arg(head).arg(query_).arg(token));
        break;
    default: header_->setText(tr("%1 · attention weights of query %2 “%3”").arg(head).arg(query_).arg(token));
    }
}
