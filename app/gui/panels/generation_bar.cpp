#include "gui/panels/generation_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>

#include "gui/workspace/workspace.h"

GenerationBar::GenerationBar(Workspace* ws, QWidget* parent) : QWidget(parent), ws_(ws) {
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    step_ = new QLabel(this);
    slider_ = new QSlider(Qt::Horizontal, this);
    slider_->setAccessibleName(tr("Generation step"));
    slider_->setAccessibleDescription(tr("Every view shows the run as it was when this step's token was chosen"));
    slider_->setToolTip(tr("Step through the generation (arrow keys, Home, End)"));
    playButton_ = new QPushButton(tr("Play"), this);
    playButton_->setToolTip(tr("Step through the generation a token at a time"));
    stop_ = new QLabel(this);
    row->addWidget(step_);
    row->addWidget(slider_, 1);
    row->addWidget(playButton_);
    row->addWidget(stop_);
    play_.setInterval(400);
    connect(&play_, &QTimer::timeout, this, [this] {
        if (slider_->value() >= slider_->maximum()) togglePlay();
        else slider_->setValue(slider_->value() + 1);
    });
    connect(playButton_, &QPushButton::clicked, this, &GenerationBar::togglePlay);
    connect(slider_, &QSlider::valueChanged, this, &GenerationBar::showStep);
    for (auto signal : {&Workspace::generationStarted, &Workspace::generationCleared})
        connect(ws_, signal, this, &GenerationBar::refresh);
    connect(ws_, &Workspace::generationFinished, this, &GenerationBar::refresh);
    connect(ws_, &Workspace::tokenGenerated, this, &GenerationBar::refresh);
    refresh();
}

void GenerationBar::refresh() {
    const Workspace::Generation& g = ws_->generation();
    setVisible(!g.empty());
    if (g.empty()) {
        play_.stop();
        return;
    }
    const int n = int(g.ids.size());
    slider_->setEnabled(!g.running && n > 0);
    playButton_->setEnabled(!g.running && n > 0);
    {
        const QSignalBlocker block(slider_);
        slider_->setRange(1, std::max(1, n));
        const int k = ws_->generationStep();
        slider_->setValue(k < 1 || k > n ? n : k);
    }
    if (g.running) {
        step_->setText(tr("Generating: %n token(s)…", "", n));
        stop_->setText(tr("Esc stops"));
        return;
    }
    const int k = ws_->generationStep();
    step_->setText(k >= 1 && k <= n ? tr("Step %1 of %2").arg(k).arg(n) : tr("All %n new token(s)", "", n));
    QString why;
    switch (g.stop) {
    case attnscope::StopReason::MaxNew: why = tr("Stopped after the tokens asked for"); break;
    case attnscope::StopReason::EndOfText: why = tr("Stopped at the end-of-text token"); break;
    case attnscope::StopReason::Context: why = tr("Stopped at the end of the model's context"); break;
    case attnscope::StopReason::Cancelled: why = tr("Stopped"); break;
    }
    stop_->setText(tr("%1 · %2 tokens/s").arg(why).arg(g.tokensPerSecond, 0, 'f', 1));
}

void GenerationBar::showStep(int k) {
    ws_->showGenerationStep(k);
    refresh();
}

void GenerationBar::togglePlay() {
    if (play_.isActive()) {
        play_.stop();
        playButton_->setText(tr("Play"));
        return;
    }
    if (slider_->value() >= slider_->maximum()) slider_->setValue(slider_->minimum());
    play_.start();
    playButton_->setText(tr("Pause"));
}
