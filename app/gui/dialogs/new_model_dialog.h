#pragma once
// The form for a new random model: architecture (a row of the table), n_layer,
// n_head, key/value heads, n_embed, context, vocabulary and random seed; the
// same model `attnscope-cli --random SPEC` makes from spec().
#include <QDialog>

#include "attnscope/model/config.h"

class QComboBox;
class QSpinBox;
class QLabel;

class NewModelDialog : public QDialog {
    Q_OBJECT
public:
    explicit NewModelDialog(QWidget* parent = nullptr);
    attnscope::ModelConfig config() const;
    QString spec() const;  // "n_layer=2,n_head=4,...,arch=llama,n_kv_head=2"
    quint64 randomSeed() const;

private:
    void validate();
    QComboBox* arch_;
    QSpinBox *layers_, *heads_, *kvHeads_, *embed_, *context_, *vocab_, *randomSeed_;
    QLabel* problem_;
};
