#pragma once
// Help ▸ Guide (F1): what query, key, value, scores, the causal mask, softmax
// and the head size are, told with the open model's own numbers.
#include <QDialog>

#include "attnscope/model/config.h"

class QTextBrowser;

class GuideDialog : public QDialog {
    Q_OBJECT
public:
    // `T`: tokens in the current run (0: none yet).
    GuideDialog(const attnscope::ModelConfig& config, int T, QWidget* parent = nullptr);

    // The guide as rich text (HTML), from `config` and `T`; no model: n_layer 0.
    static QString guideHtml(const attnscope::ModelConfig& config, int T);
    QTextBrowser* browser() const { return browser_; }

private:
    QTextBrowser* browser_;
};
