#pragma once
// The form for a new random model: n_layer, n_head, n_embed, context, random seed.
#include <QDialog>

#include "attnscope/model/config.h"

class QSpinBox;
class QLabel;

class NewModelDialog : public QDialog {
    Q_OBJECT
public:
    explicit NewModelDialog(QWidget* parent = nullptr);
    attnscope::ModelConfig config() const;
    quint64 randomSeed() const;

private:
    void validate();
    QSpinBox *layers_, *heads_, *embed_, *context_, *vocab_, *randomSeed_;
    QLabel* problem_;
};
