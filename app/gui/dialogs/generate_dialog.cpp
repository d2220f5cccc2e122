#include "gui/dialogs/generate_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSpinBox>

#include "gui/common/setting_value.h"

GenerateDialog::GenerateDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Generate"));
    auto* form = new QFormLayout(this);
    const attnscope::GenerateOptions o = remembered();
    maxNew_ = new QSpinBox(this);
    maxNew_->setRange(1, 4096);
    maxNew_->setValue(o.max_new);
    greedy_ = new QRadioButton(tr("G&reedy: always the most probable token"), this);
    sampled_ = new QRadioButton(tr("Sa&mpled with a seed"), this);
    (o.sampling.greedy ? greedy_ : sampled_)->setChecked(true);
    temperature_ = new QDoubleSpinBox(this);
    temperature_->setRange(0.01, 10);
    temperature_->setSingleStep(0.1);
    temperature_->setDecimals(2);
    temperature_->setValue(o.sampling.temperature);
    topK_ = new QSpinBox(this);
    topK_->setRange(0, 1 << 20);
    topK_->setSpecialValueText(tr("every token"));
    topK_->setValue(o.sampling.top_k);
    topP_ = new QDoubleSpinBox(this);
    topP_->setRange(0.01, 1);
    topP_->setSingleStep(0.05);
    topP_->setDecimals(2);
    topP_->setValue(o.sampling.top_p);
    seed_ = new QSpinBox(this);
    seed_->setRange(0, 1 << 30);
    seed_->setValue(int(o.sampling.rng_seed));
    ignoreEos_ = new QCheckBox(tr("Go on past the &end-of-text token"), this);
    ignoreEos_->setChecked(o.ignore_eos);
    form->addRow(tr("&New tokens:"), maxNew_);
    form->addRow(greedy_);
    form->addRow(sampled_);
    form->addRow(tr("&Temperature:"), temperature_);
    form->addRow(tr("Top-&k:"), topK_);
    form->addRow(tr("Top-&p:"), topP_);
    form->addRow(tr("&Seed:"), seed_);
    form->addRow(ignoreEos_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Generate"));
    form->addRow(buttons);
    connect(greedy_, &QRadioButton::toggled, this, &GenerateDialog::updateEnabled);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        remember();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateEnabled();
}

void GenerateDialog::updateEnabled() {
    for (QWidget* w : std::initializer_list<QWidget*>{temperature_, topK_, topP_, seed_}) w->setEnabled(sampled_->isChecked());
}

attnscope::GenerateOptions GenerateDialog::options() const {
    attnscope::GenerateOptions o;
    o.max_new = maxNew_->value();
    o.sampling.greedy = greedy_->isChecked();
    o.sampling.temperature = temperature_->value();
    o.sampling.top_k = topK_->value();
    o.sampling.top_p = topP_->value();
    o.sampling.rng_seed = quint64(seed_->value());
    o.ignore_eos = ignoreEos_->isChecked();
    return o;
}

void GenerateDialog::remember() const {
    const attnscope::GenerateOptions o = options();
    QSettings s;
    s.setValue("generate/max_new", o.max_new);
    s.setValue("generate/greedy", o.sampling.greedy);
    s.setValue("generate/temperature", o.sampling.temperature);
    s.setValue("generate/top_k", o.sampling.top_k);
    s.setValue("generate/top_p", o.sampling.top_p);
    s.setValue("generate/seed", qint64(o.sampling.rng_seed));
    s.setValue("generate/ignore_eos", o.ignore_eos);
}

attnscope::GenerateOptions GenerateDialog::remembered() {
    const QSettings s;
    attnscope::GenerateOptions o;
    o.max_new = settingInt(s, "generate/max_new", 32, 1, 4096);
    o.sampling.greedy = settingBool(s, "generate/greedy", true);
    o.sampling.temperature = settingDouble(s, "generate/temperature", 0.8, 0.01, 10);
    o.sampling.top_k = settingInt(s, "generate/top_k", 40, 0, 1 << 20);
    o.sampling.top_p = settingDouble(s, "generate/top_p", 0.95, 0.01, 1);
    o.sampling.rng_seed = quint64(settingInt(s, "generate/seed", 1, 0, 1 << 30));
    o.ignore_eos = settingBool(s, "generate/ignore_eos", false);
    return o;
}
