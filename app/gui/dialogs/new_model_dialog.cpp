#include "gui/dialogs/new_model_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

#include "attnscope/common/error.h"
#include "attnscope/model/architectures.h"

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
    // The rows a random model can take: the seed's, and every family opened from Hugging Face folders.
    arch_ = new QComboBox(this);
    for (const attnscope::Architecture& a : attnscope::architectures()) {
        const std::string_view name = a.name;
        if (name != "seed" && name != "gpt2" && !a.hf_model_type) continue;
        arch_->addItem(QString::fromLatin1(a.name), QString::fromLatin1(a.name));
        arch_->setItemData(arch_->count() - 1, QString::fromUtf8(a.models), Qt::ToolTipRole);
    }
    arch_->setCurrentIndex(std::max(0, arch_->findData(st.value("random/arch", "seed").toString())));
    arch_->setToolTip(tr("The family: its norm, positions (learned or RoPE), MLP and biases"));
    connect(arch_, &QComboBox::currentIndexChanged, this, &NewModelDialog::validate);
    kvHeads_ = spin(0, L::max_heads, st.value("random/n_kv_head", 0).toInt());
    kvHeads_->setSpecialValueText(tr("one per head"));
    kvHeads_->setToolTip(tr("Key/value heads shared by groups of query heads (grouped-query attention, as in Llama 3 "
                            "and Mistral); it must divide the number of heads"));
    form->addRow(tr("&Architecture:"), arch_);
    form->addRow(tr("&Layers (n_layer):"), layers_);
    form->addRow(tr("&Heads (n_head):"), heads_);
    form->addRow(tr("&Key/value heads:"), kvHeads_);
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
        s.setValue("random/arch", arch_->currentData().toString());
        s.setValue("random/n_kv_head", kvHeads_->value());
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    validate();
}

QString NewModelDialog::spec() const {
    QString spec = QStringLiteral("n_layer=%1,n_head=%2,n_embed=%3,context=%4,vocab=%5,arch=%6")
                       .arg(layers_->value())
                       .arg(heads_->value())
                       .arg(embed_->value())
                       .arg(context_->value())
                       .arg(vocab_->value())
                       .arg(arch_->currentData().toString());
    if (kvHeads_->value() > 0 && kvHeads_->value() != heads_->value()) spec += QStringLiteral(",n_kv_head=%1").arg(kvHeads_->value());
    return spec;
}

attnscope::ModelConfig NewModelDialog::config() const {
    return attnscope::ModelConfig::parse_spec(spec().toStdString());  // what `--random SPEC` makes
}

quint64 NewModelDialog::randomSeed() const { return quint64(randomSeed_->value()); }

void NewModelDialog::validate() {
    QString problem;
    kvHeads_->setMaximum(heads_->value());
    if (embed_->value() % heads_->value() != 0) {
        problem = tr("The width must be divisible by the number of heads.");
    } else if (kvHeads_->value() > 0 && heads_->value() % kvHeads_->value() != 0) {
        problem = tr("The key/value heads must divide the number of heads.");
    } else {
        try {
            if (!attnscope::random_model_problem(config()).empty())
                problem = tr("That model would need more than 8 GB of memory.");
        } catch (const attnscope::Error& e) {  // a shape the architecture cannot take
            problem = QString::fromStdString(e.what());
        }
    }
    problem_->setText(problem);
    if (auto* box = findChild<QDialogButtonBox*>()) box->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}
