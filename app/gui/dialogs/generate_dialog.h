#pragma once
// The settings of a generation (Run ▸ Generate…, Ctrl+G): how many new
// tokens, greedy or sampled (temperature, top-k, top-p) with a seed, and
// whether to go on past the end-of-text token. They are remembered.
#include <QDialog>

#include "attnscope/run/generate.h"

class QCheckBox;
class QDoubleSpinBox;
class QRadioButton;
class QSpinBox;

class GenerateDialog : public QDialog {
    Q_OBJECT
public:
    explicit GenerateDialog(QWidget* parent = nullptr);
    // The options set (max_new, sampling, ignore_eos); the run options are the Workspace's.
    attnscope::GenerateOptions options() const;
    // The remembered settings, without showing the dialog.
    static attnscope::GenerateOptions remembered();

private:
    void updateEnabled();
    void remember() const;
    QSpinBox* maxNew_;
    QRadioButton *greedy_, *sampled_;
    QDoubleSpinBox *temperature_, *topP_;
    QSpinBox *topK_, *seed_;
    QCheckBox* ignoreEos_;
};
