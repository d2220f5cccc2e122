#include "guidedialog.h"

#include <QDialogButtonBox>
#include <QLocale>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <cmath>

GuideDialog::GuideDialog(const attnscope::ModelConfig& config, int T, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Guide: how attention works"));
    auto* vl = new QVBoxLayout(this);
    browser_ = new QTextBrowser(this);
    browser_->setOpenExternalLinks(false);
    browser_->setAccessibleName(tr("Guide"));
    browser_->setHtml(guideHtml(config, T));
    vl->addWidget(browser_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    vl->addWidget(buttons);
    resize(640, 640);
}

QString GuideDialog::guideHtml(const attnscope::ModelConfig& config, int T) {
    const QLocale loc;
    const auto n = [](qint64 v) { return QString::number(v); };
    QString html = QStringLiteral("<h2>%1</h2>").arg(tr("How attention works in this model"));
    if (config.n_layer <= 0 || config.n_head <= 0) {
        html += QStringLiteral("<p>%1</p>").arg(tr("No model is open. Open one (File ▸ Open model…) or make a random one "
                                                   "(File ▸ New random model…) and this guide fills in its numbers."));
        return html;
    }
    const int L = config.n_layer, H = config.n_head, C = config.n_embed, hs = config.head_size();
    const int t = std::max(T, 0);
    const QString tt = t > 0 ? n(t) : QStringLiteral("T");
    const auto shape = [](const QStringList& dims) { return QStringLiteral("(%1)").arg(dims.join(QStringLiteral(", "))); };
    const QString xShape = shape({tt, n(C)});
    const QString headShape = shape({n(H), tt, n(hs)});
    const QString scoreShape = shape({n(H), tt, tt});
    html += QStringLiteral("<p>%1</p>")
                .arg(tr("Your model has <b>n_layer = %1</b> layers, each with <b>n_head = %2</b> attention heads. "
                        "Every token is a vector of <b>n_embed = %3</b> numbers, and each head works on its own "
                        "slice of them: the <b>head size</b> is n_embed / n_head = %3 / %2 = <b>%4</b>. ")
                         .arg(n(L), n(H), n(C), n(hs)) +
                     (t > 0 ? tr("Your text is <b>T = %1</b> tokens long.").arg(n(t))
                            : tr("Type some text to see T, the number of tokens, filled in.")));
    html += QStringLiteral("<h3>%1</h3><p>%2</p>")
                .arg(tr("Query, key and value"),
                     tr("A layer receives the text as a matrix x of shape (T, n_embed) = %1. Three linear maps turn "
                        "it into the <b>queries</b> (what each token is looking for), the <b>keys</b> (what each token "
                        "offers to be found by) and the <b>values</b> (what it passes on when found). Each is again "
                        "%1, split into the heads: (T, n_embed) → (n_head, T, head_size), here %1 → %2.")
                         .arg(xShape, headShape));
    html += QStringLiteral("<h3>%1</h3><p>%2</p>")
                .arg(tr("Scores"),
                     tr("In each head every query is compared with every key: score = q · k / √head_size. That is one "
                        "number per (query, key) pair, %1 for all heads of a layer. Dividing by √%2 = %3 keeps the "
                        "scores from growing with the head size. Head detail ▸ Show ▸ Raw scores draws them.")
                         .arg(scoreShape, n(hs), loc.toString(std::sqrt(double(std::max(hs, 1))), 'f', 2)));
    const qint64 pairs = qint64(t) * t, allowed = qint64(t) * (t + 1) / 2;
    html += QStringLiteral("<h3>%1</h3><p>%2</p>")
                .arg(tr("The causal mask"),
                     tr("A causal model may only look back: token t sees tokens 0 … t and never the ones after it. "
                        "The scores above the diagonal are set to −∞ before the softmax, so their weights are exactly "
                        "0 (grey in the views; the Mask view shows the mask, and Run ▸ Causal attention turns it "
                        "off).") +
                         (t > 0 ? QLatin1Char(' ') + tr("Of your %1 × %1 = %2 pairs, %3 are allowed.").arg(n(t), n(pairs), n(allowed))
                                : QString()));
    html += QStringLiteral("<h3>%1</h3><p>%2</p>")
                .arg(tr("Softmax: the attention weights"),
                     tr("Each query's row of scores goes through a softmax: every weight becomes positive and the row "
                        "sums to 1. These weights are what the Heads grid and Head detail draw: one row per query, "
                        "one column per key, %1 numbers per layer.")
                         .arg(scoreShape));
    html += QStringLiteral("<h3>%1</h3><p>%2</p>")
                .arg(tr("What a head passes on"),
                     tr("Each head mixes the values with its weights, giving %1; the heads are joined again, "
                        "(n_head, T, head_size) → (T, n_embed) = %2, and a last linear map (the projection) adds the "
                        "result to the token's vector. Ablating a head (Run ▸ Ablate selected head) sets its part to zero.")
                         .arg(headShape, xShape));
    html += QStringLiteral("<h3>%1</h3><p>%2</p>")
                .arg(tr("Reading the views"),
                     tr("Heads grid: %1 tiles, one row per layer (L0 … L%2) and one column per head (H0 … H%3); "
                        "hover a tile for its strongest key. Head detail: one head's full map, query down the side, "
                        "key along the top; zoom with the wheel, type in “Go to token” to find a token.")
                         .arg(n(qint64(L) * H), n(L - 1), n(H - 1)));
    return html;
}
