#include "gui/panels/attention_text_panel.h"

#include <QLocale>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>

#include "gui/common/selection_text.h"
#include "gui/panels/value_strip.h"
#include "gui/workspace/workspace.h"

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
        return tr("Token %1 “%2”: weight %3").arg(i).arg(ws_->tokens().labels.value(i)).arg(QLocale().toString(strip_->value(i), 'f', 4));
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
    // Masked keys (after the query in a causal run) carry no value: uncoloured.
    std::vector<double> values(size_t(T), std::nan(""));
    for (const auto& [k, w] : selectiontext::topKeys(*trace, s.layer, s.head, query_, T)) values[size_t(k)] = w;
    // Each query's strongest key at full colour (the views' row-normalised scale).
    strip_->setData(ws_->tokens().labels, values, 0);
    strip_->setMarked(query_);
    showQuery();
    header_->setText(tr("%1 · attention of query %2 “%3”")
                         .arg(selectiontext::headName(s.layer, s.head))
                         .arg(query_)
                         .arg(ws_->tokens().labels.value(query_)));
}
