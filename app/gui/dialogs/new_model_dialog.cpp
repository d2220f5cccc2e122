#include "gui/dialogs/new_model_dialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

NewModelDialog::NewModelDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("New random model"));
    auto* form = new QFormLayout(this);
    auto spin = [this](int lo, int hi, int value) {
        auto* s = new QSpinBox(this);
        s->setRange(lo, hi);
        s->setValue(value);
        connect(s, &QSpinBox::valueChanged, this, &NewModelDialog::validate);
        return s;
    };
    const QSettings st;
    // The ranges `attnscope-cli dump --random` accepts too.
    using L = attnscope::RandomModelLimits;
    layers_ = spin(1, L::max_layers, st.value("random/n_layer", 2).toInt());
    heads_ = spin(1, L::max_heads, st.value("random/n_head", 4).toInt());
    embed_ = spin(1, L::max_embed, st.value("random/n_embed", 64).toInt());
    context_ = spin(1, L::max_context, st.value("random/context", 256).toInt());
    vocab_ = spin(1, L::max_vocab, st.value("random/vocab", 96).toInt());
    randomSeed_ = spin(0, 1 << 30, st.value("random/seed", 1).toInt());
    form->addRow(tr("&Layers (n_layer):"), layers_);
    form->addRow(tr("&Heads (n_head):"), heads_);
    form->addRow(tr("&Width (n_embed):"), embed_);
    form->addRow(tr("&Context length:"), context_);
    form->addRow(tr("&Vocabulary size:"), vocab_);
    form->addRow(tr("&Seed:"), randomSeed_);
    problem_ = new QLabel(this);
    problem_->setStyleSheet(QStringLiteral("color: #b00020"));
    form->addRow(problem_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        QSettings s;
        s.setValue("random/n_layer", layers_->value());
        s.setValue("random/n_head", heads_->value());
        s.setValue("random/n_embed", embed_->value());
        s.setValue("random/context", context_->value());
        s.setValue("random/vocab", vocab_->value());
        s.setValue("random/seed", randomSeed_->value());
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    validate();
}

attnscope::ModelConfig NewModelDialog::config() const {
    return attnscope::ModelConfig::seed(vocab_->value(), context_->value(), embed_->value(), heads_->value(),
                                        layers_->value());
}

quint64 NewModelDialog::randomSeed() const { return quint64(randomSeed_->value()); }

void NewModelDialog::validate() {
    QString problem;
    if (embed_->value() % heads_->value() != 0)
        problem = tr("The width must be divisible by the number of heads.");
    else if (!attnscope::random_model_problem(config()).empty())
        problem = tr("That model would need more than 8 GB of memory.");
    problem_->setText(problem);
    if (auto* box = findChild<QDialogButtonBox*>()) box->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}
