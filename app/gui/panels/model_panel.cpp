#include "gui/panels/model_panel.h"

#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

#include "attnscope/run/trace_file.h"
#include "gui/workspace/workspace.h"

ModelPanel::ModelPanel(Workspace* ws, QWidget* parent) : QWidget(parent), ws_(ws) {
    auto* lay = new QVBoxLayout(this);
    info_ = new QLabel(this);
    info_->setTextFormat(Qt::RichText);
    info_->setWordWrap(true);
    info_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    lay->addWidget(info_);
    auto* open = new QPushButton(tr("&Open model…"), this);
    auto* random = new QPushButton(tr("Ne&w random model…"), this);
    open->setToolTip(tr("Open a safetensors file, a PyTorch checkpoint or a Hugging Face folder (Ctrl+O)"));
    random->setToolTip(tr("A model of any shape with random weights, to try the views (Ctrl+N)"));
    lay->addWidget(open);
    lay->addWidget(random);
    auto* recentLabel = new QLabel(tr("Recent models:"), this);
    lay->addWidget(recentLabel);
    recent_ = new QListWidget(this);
    recentLabel->setBuddy(recent_);
    recent_->setAccessibleName(tr("Recent models"));
    lay->addWidget(recent_, 1);
    connect(open, &QPushButton::clicked, this, &ModelPanel::openRequested);
    connect(random, &QPushButton::clicked, this, &ModelPanel::newRandomRequested);
    connect(recent_, &QListWidget::itemActivated, this,
            [this](QListWidgetItem* it) { emit recentRequested(it->data(Qt::UserRole).toString()); });
    connect(ws_, &Workspace::documentChanged, this, &ModelPanel::refresh);
    connect(ws_, &Workspace::loadingChanged, this, &ModelPanel::refresh);
    refresh();
}

void ModelPanel::setRecent(const QStringList& files) {
    recent_->clear();
    for (const QString& f : files) {
        auto* it = new QListWidgetItem(QFileInfo(f).fileName(), recent_);
        it->setData(Qt::UserRole, f);
        it->setToolTip(f);
    }
}

QString ModelPanel::infoText() const { return info_->text(); }

void ModelPanel::refresh() {
    if (ws_->isLoading()) {
        info_->setText(tr("<i>Loading…</i>"));
        return;
    }
    if (ws_->isTraceFile()) {
        const auto& d = ws_->document();
        const attnscope::ImportedAttention& imp = *d.imported->imported;
        info_->setText(tr("<b>%1</b> (trace file)<br>%2 layers · %3 heads · %4 tokens · %5, %6<br>"
                          "attention weights only: shape flow, ablation, predictions, raw scores and the probes "
                          "need the model")
                           .arg(d.displayName.toHtmlEscaped())
                           .arg(imp.n_layer()).arg(imp.n_head()).arg(imp.T())
                           .arg(QString::fromStdString(imp.dtype_name()),
                                d.imported->causal ? tr("causal") : tr("bidirectional")));
        info_->setToolTip(d.path);
        return;
    }
    if (!ws_->hasModel()) {
        info_->setText(tr("<i>No model loaded.</i>"));
        return;
    }
    const auto& d = ws_->document();
    const auto& c = d.model.weights->config;
    const QLocale loc;
    QString tok = d.tokenizer ? QString::fromStdString(d.tokenizer->kind()) + QStringLiteral(" (") +
                                    QString::fromStdString(d.tokenizer->source()).toHtmlEscaped() + QLatin1Char(')')
                              : tr("none: type token ids");
    if (!d.tokenizerNote.isEmpty()) tok += QStringLiteral("<br><i>") + d.tokenizerNote.toHtmlEscaped() +
                                           tr(" (File ▸ Choose tokenizer… to change it)") + QStringLiteral("</i>");
    QString extra;
    // What a wrapper carried beside the transformer, and objects that were not run.
    for (const std::string& h : d.model.left_out)
        extra += QStringLiteral("<br>") + tr("left out: %1").arg(QString::fromStdString(h).section(QLatin1Char(':'), 0, 0).toHtmlEscaped());
    if (!d.model.not_run.empty()) {
        QStringList names;
        for (const std::string& n : d.model.not_run) names << QString::fromStdString(n).toHtmlEscaped();
        extra += QStringLiteral("<br>") + tr("not run (objects in the pickle, never called): %1").arg(names.join(QStringLiteral(", ")));
    }
    info_->setText(tr("<b>%1</b>%2<br>format: %3 · %4<br>%5 layers · %6 heads · width %7 · head size %8<br>"
                      "context %9 · vocabulary %10 · %11 parameters<br>tokenizer: %12")
                       .arg(d.displayName.toHtmlEscaped(), d.isDemo ? tr(" (demo)") : QString(),
                            QString::fromStdString(d.model.format), QString::fromStdString(d.model.naming))
                       .arg(c.n_layer).arg(c.n_head).arg(c.n_embed).arg(c.head_size())
                       .arg(c.context_length).arg(c.vocab_size)
                       .arg(loc.toString(qlonglong(c.parameter_count())), tok) + extra);
    info_->setToolTip(d.path);
}
