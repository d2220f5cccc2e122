#include "gui/panels/attention_text_panel.h"

#include <QLocale>
#include <QLabel>
#include <QScrollArea>
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
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setWidget(strip_);
    layout->addWidget(scroll, 1);
    connect(strip_, &ValueStrip::chipClicked, this, [this](int i) {
        Selection s = ws_->selection();
        s.query = i;
        ws_->setSelection(s);
    });
    connect(ws_, &Workspace::traceReady, this, &AttentionTextPanel::refresh);
    connect(ws_, &Workspace::selectionChanged, this, &AttentionTextPanel::refresh);
}

void AttentionTextPanel::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    refresh();
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
    header_->setText(tr("%1 · attention of query %2 “%3”")
                         .arg(selectiontext::headName(s.layer, s.head))
                         .arg(query_)
                         .arg(ws_->tokens().labels.value(query_)));
}
