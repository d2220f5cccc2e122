#include "gui/dialogs/guide_dialog.h"

#include <QDialogButtonBox>
#include <QLocale>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <numbers>

namespace {

using attnscope::ModelConfig;

QString num(qint64 v) { return QString::number(v); }
// A config's real number as it would be written in config.json: 500000, 1e-06.
// A config value as its file writes it (rope_theta = 500000), not grouped.
QString real(double v) { return QString::number(v, 'g', 7); }
QString section(const QString& title, const QStringList& paragraphs) {
    QString html = QStringLiteral("<h3>%1</h3>").arg(title);
    for (const QString& p : paragraphs) html += QStringLiteral("<p>%1</p>").arg(p);
    return html;
}

// RMSNorm: what the model normalises with, against GPT-2's LayerNorm.
QString normSection(const ModelConfig& c) {
    if (c.norm != attnscope::NormKind::RMSNorm) return {};
    QStringList ps;
    ps << GuideDialog::tr("Before attention and before the MLP every block normalises each token's vector. This model "
                          "uses <b>RMSNorm</b>: x / √(mean(x²) + ε) · w, with ε = %1. LayerNorm (GPT-2) first "
                          "subtracts the vector's mean and divides by its standard deviation, (x − mean) / √(var + ε) "
                          "· w + b; RMSNorm leaves out the mean and the bias b and only scales the vector to a root "
                          "mean square of 1 before multiplying by the learned weights w. The trace's ln1, ln2 and "
                          "ln_f hold the RMSNorm outputs.")
              .arg(real(c.ln_eps));
    if (c.qk_norm)
        ps << GuideDialog::tr("This model also applies an RMSNorm to each head's q and k (over the head size), before "
                              "RoPE, which keeps the scores within a steady range.");
    return section(GuideDialog::tr("RMSNorm instead of LayerNorm"), ps);
}

// How the rotary frequencies change under llama3 scaling: the count of the
// d/2 frequencies that differ from theta^(-2i/d) (as core's rope.cpp computes).
int llama3Changed(const ModelConfig& c) {
    const int d = c.rotary_dims();
    const double highWavelen = double(c.rope_original_context) / c.rope_high_freq;
    int changed = 0;
    for (int i = 0; i < d / 2; ++i) {
        const double f = 1.0 / std::pow(double(c.rope_theta), double(2 * i) / d);
        if (2 * std::numbers::pi / f >= highWavelen) ++changed;
    }
    return changed;
}

// Rotary position embeddings: the rotated dims, rotate-half, the frequencies,
// why scores then depend on relative position, the scaling.
QString ropeSection(const ModelConfig& c) {
    if (c.position != attnscope::PositionKind::Rotary) return {};
    const int hs = c.head_size(), d = c.rotary_dims();
    QStringList ps;
    QString dims = GuideDialog::tr("Of each head's %1 dimensions, <b>%2</b> are rotated").arg(num(hs), num(d));
    if (d < hs)
        dims += GuideDialog::tr(" (partial rotary: %1% of the head size, %2 × %3 = %4); the other %5 pass through "
                                "unchanged")
                    .arg(real(100.0 * d / hs), real(double(d) / hs), num(hs), num(d), num(hs - d));
    ps << GuideDialog::tr("This model has no table of position vectors (embed.position is zero): positions enter "
                          "through <b>rotary position embeddings</b> (RoPE). After the projections, each head's query "
                          "and key are turned by angles that grow with the token's position. %1.")
              .arg(dims);
    const double slowest = 1.0 / std::pow(double(c.rope_theta), double(std::max(d - 2, 0)) / std::max(d, 1));
    ps << GuideDialog::tr("The rotated dimensions are split into two halves, x₁ (the first %1) and x₂ (the next %1); "
                          "rotate_half(x) = (−x₂, x₁), and a token at position p gets q′ = q · cos(p·f) + "
                          "rotate_half(q) · sin(p·f), the same for k. So each pair (x[i], x[i + %1]) turns in its "
                          "own plane by the angle p · f<sub>i</sub>, with f<sub>i</sub> = 1 / rope_theta<sup>2i/%2</sup> "
                          "for i = 0 … %3. Here <b>rope_theta = %4</b>: the fastest pair turns 1 radian per token (a "
                          "full turn every 6.3 tokens), the slowest %5 radians per token (a full turn every %6 "
                          "tokens)%7.")
              .arg(num(d / 2), num(d), num(d / 2 - 1), real(c.rope_theta), QLocale().toString(slowest, 'g', 3),
                   QLocale().toString(2 * std::numbers::pi / slowest, 'f', 0),
                   c.rope_scaling == attnscope::RopeScaling::None ? QString()
                                                                 : GuideDialog::tr(", before the scaling below"));
    ps << GuideDialog::tr("Why this encodes <i>relative</i> position: a rotation keeps lengths and only changes angles. "
                          "A query at position m is turned by m·f<sub>i</sub>, a key at position n by n·f<sub>i</sub>, "
                          "so in their dot product only the difference (m − n)·f<sub>i</sub> is left. A score q′ · k′ "
                          "therefore depends on what the two tokens are and on how far apart they are, not on where "
                          "they stand in the text; the fast pairs tell near distances apart, the slow pairs far ones.");
    if (c.rope_scaling == attnscope::RopeScaling::Linear)
        ps << GuideDialog::tr("<b>rope_scaling: linear</b>, factor %1: every frequency is divided by %1, as if the "
                              "positions were %1 times closer together, so %1 times as many tokens fit into the "
                              "angles the model was trained on.")
                  .arg(real(c.rope_factor));
    else if (c.rope_scaling == attnscope::RopeScaling::Llama3) {
        const double orig = c.rope_original_context;
        ps << GuideDialog::tr("<b>rope_scaling: llama3</b> (factor %1, low_freq_factor %2, high_freq_factor %3, "
                              "original_max_position_embeddings %4): frequencies whose wavelength 2π / f is longer "
                              "than %4 / %2 = %5 tokens are divided by %1, those shorter than %4 / %3 = %6 tokens are "
                              "kept, and those in between are blended between the two. Here %7 of the %8 frequencies "
                              "change.")
                  .arg(real(c.rope_factor), real(c.rope_low_freq), real(c.rope_high_freq), num(c.rope_original_context),
                       real(orig / c.rope_low_freq), real(orig / c.rope_high_freq), num(llama3Changed(c)), num(d / 2));
    }
    ps << GuideDialog::tr("The q and k that the scores are made from, and that the trace keeps (blk.L.attn.q and "
                          ".k in the Shape flow's tensor list), are after RoPE%1; so Head detail's raw scores and "
                          "weights already include the positions.")
              .arg(c.qk_norm ? GuideDialog::tr(" (and after the q/k RMSNorm)") : QString());
    return section(GuideDialog::tr("Positions: rotary embeddings (RoPE)"), ps);
}

// Grouped-query attention: the groups, repeat_kv and what the KV cache saves.
QString gqaSection(const ModelConfig& c, const QString& tt) {
    if (!c.grouped_query()) return {};
    const int H = c.n_head, KV = c.kv_heads(), g = c.kv_group(), hs = c.head_size(), L = c.n_layer;
    QStringList groups;  // the first three groups, then "…"
    for (int kv = 0; kv < std::min(KV, 3); ++kv)
        groups << GuideDialog::tr("H%1–H%2 read KV head %3").arg(num(kv * g), num(kv * g + g - 1), num(kv));
    if (KV > 3) groups << QStringLiteral("…");
    QStringList ps;
    ps << GuideDialog::tr("The <b>n_head = %1</b> query heads share <b>n_kv_head = %2</b> key/value heads. The key "
                          "and value projections make only %2 heads, (T, n_kv_head × head_size) = (%3, %4), while "
                          "the queries are (%3, %5). Each KV head serves a group of n_head / n_kv_head = <b>%6</b> "
                          "neighbouring query heads: query head h reads KV head h / %6, rounded down (%7).")
              .arg(num(H), num(KV), tt, num(qint64(KV) * hs), num(qint64(H) * hs), num(g), groups.join(QStringLiteral(", ")));
    ps << GuideDialog::tr("<b>repeat_kv</b> copies each KV head %1 times, (n_kv_head, T, head_size) → (n_head, T, "
                          "head_size), and from there attention runs as with one key and value per head. The heads of "
                          "a group see the same keys and values but ask their own queries, so their weights still "
                          "differ. The trace keeps k and v after repeat_kv; the Heads grid draws each group under a "
                          "“KV” header, and Head detail names the KV head.")
              .arg(num(g));
    // The KV cache: what generation keeps per past token, k and v of every layer.
    const qint64 perToken = 2LL * L * KV * hs, perTokenMha = perToken * g;
    const QLocale loc;
    const qint64 ctx = std::max(c.context_length, 0);
    ps << GuideDialog::tr("What this saves is the <b>KV cache</b>, the keys and values a model keeps for every past "
                          "token while it generates: per token %1 layers × 2 (k and v) × %2 KV heads × head_size %3 "
                          "= <b>%4</b> numbers, where one key and value per query head would need %5, %6 times as "
                          "many. In 16-bit floats that is %7 instead of %8 per token, and %9 instead of %10 for the "
                          "full context of %11 tokens.")
              .arg(num(L), num(KV), num(hs), num(perToken), num(perTokenMha), num(g),
                   loc.formattedDataSize(2 * perToken), loc.formattedDataSize(2 * perTokenMha),
                   loc.formattedDataSize(2 * perToken * ctx), loc.formattedDataSize(2 * perTokenMha * ctx), num(ctx));
    return section(GuideDialog::tr("Grouped-query attention (GQA)"), ps);
}

// A sliding window: how far back a query sees, and the pairs it leaves.
QString windowSection(const ModelConfig& c, int t) {
    const int W = c.sliding_window;
    if (W <= 0) return {};
    QString p = GuideDialog::tr("Each query sees at most its last <b>sliding_window = %1</b> keys, itself included: key "
                                "k is allowed for query q when q − %1 < k ≤ q. Keys farther back are masked like the "
                                "future ones (the Mask view draws the band and its title names the window). Earlier "
                                "tokens still reach it through the layers: each layer passes information up to %2 "
                                "positions on, so after %3 layers up to %4 positions back.")
                    .arg(num(W), num(W - 1), num(c.n_layer), num(qint64(c.n_layer) * (W - 1)));
    if (t > 0) {
        qint64 allowed = 0;
        for (int i = 0; i < t; ++i) allowed += std::min(i + 1, W);
        p += QLatin1Char(' ') + GuideDialog::tr("With the causal mask, the window leaves %1 of your %2 × %2 pairs.")
                                    .arg(num(allowed), num(t));
    }
    return section(GuideDialog::tr("Sliding-window attention"), {p});
}

// The gated MLP (SwiGLU with SiLU).
QString mlpSection(const ModelConfig& c) {
    if (c.mlp != attnscope::MlpKind::Gated) return {};
    const QString act = c.activation == attnscope::Activation::SiLU ? QStringLiteral("silu")
                        : c.activation == attnscope::Activation::ReLU ? QStringLiteral("relu")
                                                                      : QStringLiteral("gelu");
    const int C = c.n_embed, F = c.hidden();
    QString p = GuideDialog::tr("After attention each token goes through the MLP on its own. Here it is gated: "
                                "<b>down(%1(gate(x)) * up(x))</b>. gate and up each map the token's %2 numbers to "
                                "<b>%3</b> (intermediate_size); %4 is applied to the gate, and the two are multiplied "
                                "element by element, so the gate decides how much of each up feature passes; down maps "
                                "the %3 back to %2. That is three %2 × %3 matrices (%5 weights per layer) where GPT-2's "
                                "MLP has two. In the trace, mlp.hidden is gate(x) and mlp.act is %1(gate(x)) * up(x).")
                    .arg(act, num(C), num(F),
                         c.activation == attnscope::Activation::SiLU ? GuideDialog::tr("silu(z) = z · sigmoid(z)") : act,
                         num(3LL * C * F));
    return section(c.activation == attnscope::Activation::SiLU ? GuideDialog::tr("The gated MLP (SwiGLU)")
                                                               : GuideDialog::tr("The gated MLP"),
                   {p});
}

}  // namespace

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
    const bool ownHeadSize = config.q_width() != C;  // head_dim set in the config (Qwen3)
    html += QStringLiteral("<p>%1</p>")
                .arg((ownHeadSize
                          ? tr("Your model has <b>n_layer = %1</b> layers, each with <b>n_head = %2</b> attention heads. "
                               "Every token is a vector of <b>n_embed = %3</b> numbers; the config sets the <b>head "
                               "size</b> itself, <b>head_dim = %4</b>, so the heads side by side are n_head × head_dim "
                               "= %5 wide rather than n_embed. ")
                                .arg(n(L), n(H), n(C), n(hs), n(config.q_width()))
                          : tr("Your model has <b>n_layer = %1</b> layers, each with <b>n_head = %2</b> attention heads. "
                               "Every token is a vector of <b>n_embed = %3</b> numbers, and each head works on its own "
                               "slice of them: the <b>head size</b> is n_embed / n_head = %3 / %2 = <b>%4</b>. ")
                                .arg(n(L), n(H), n(C), n(hs))) +
                     (t > 0 ? tr("Your text is <b>T = %1</b> tokens long.").arg(n(t))
                            : tr("Type some text to see T, the number of tokens, filled in.")));
    html += normSection(config);
    html += QStringLiteral("<h3>%1</h3><p>%2</p>")
                .arg(tr("Query, key and value"),
                     tr("A layer receives the text as a matrix x of shape (T, n_embed) = %1. Three linear maps turn "
                        "it into the <b>queries</b> (what each token is looking for), the <b>keys</b> (what each token "
                        "offers to be found by) and the <b>values</b> (what it passes on when found). Each is again "
                        "%1, split into the heads: (T, n_embed) → (n_head, T, head_size), here %1 → %2.")
                         .arg(xShape, headShape) +
                     (ownHeadSize ? QLatin1Char(' ') + tr("(Here the projections make n_head × head_dim = %1 numbers "
                                                          "per token, not n_embed: %2 → %3.)")
                                                           .arg(n(config.q_width()), shape({tt, n(config.q_width())}), headShape)
                                  : QString()) +
                     (config.grouped_query() ? QLatin1Char(' ') + tr("Keys and values have fewer heads here; see "
                                                                     "Grouped-query attention below.")
                                             : QString()));
    html += ropeSection(config);
    html += gqaSection(config, tt);
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
    html += windowSection(config, t);
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
                         .arg(headShape, xShape) +
                     (ownHeadSize ? QLatin1Char(' ') + tr("(Here the joined heads are %1, and the projection maps them "
                                                          "back to n_embed = %2.)")
                                                           .arg(shape({tt, n(config.q_width())}), n(C))
                                  : QString()));
    html += mlpSection(config);
    html += QStringLiteral("<h3>%1</h3><p>%2</p>")
                .arg(tr("Reading the views"),
                     tr("Heads grid: %1 tiles, one row per layer (L0 … L%2) and one column per head (H0 … H%3); "
                        "hover a tile for its strongest key. Head detail: one head's full map, query down the side, "
                        "key along the top; zoom with the wheel, type in “Go to token” to find a token.")
                         .arg(n(qint64(L) * H), n(L - 1), n(H - 1)));
    return html;
}
