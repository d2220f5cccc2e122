// tst_views, continued: the shape flow follows the architecture, as figure,
// export and in the app (tst_views.h has the test class).
#include "tst_views.h"

namespace {

// A fixture of tests/fixtures/arch/ (see tst_architectures) run on T tokens.
std::shared_ptr<const attnscope::Trace> runFixture(const QString& name, int T = 7) {
    const attnscope::LoadedModel m = attnscope::load_model(testutil::str(testutil::fixtures("arch/" + name)));
    std::vector<int> ids;
    for (int i = 0; i < T; ++i) ids.push_back((7 * i + 3) % m.weights->config.vocab_size);
    return std::make_shared<const attnscope::Trace>(attnscope::Model(m.weights).run(ids));
}

std::shared_ptr<const attnscope::Trace> runRandom(const attnscope::ModelConfig& c, int T = 7) {
    const auto w = std::make_shared<const attnscope::Weights>(attnscope::random_weights(c, 5));
    std::vector<int> ids;
    for (int i = 0; i < T; ++i) ids.push_back((5 * i + 1) % c.vocab_size);
    return std::make_shared<const attnscope::Trace>(attnscope::Model(w).run(ids));
}

// The stage names of layer `layer` (-1: those outside blocks).
QStringList stageNames(const attnscope::Trace& tr, int layer) {
    QStringList out;
    for (const attnscope::StageRecord& r : tr.stages)
        if (r.layer == layer) out << QString::fromStdString(r.stage);
    return out;
}

// The first record of `stage` in block 0 (or outside blocks), or null.
const attnscope::StageRecord* stage(const attnscope::Trace& tr, const std::string& name, int layer = 0) {
    for (const attnscope::StageRecord& r : tr.stages)
        if (r.stage == name && (r.layer == layer || r.layer < 0)) return &r;
    return nullptr;
}

using Symbols = std::vector<std::string>;

}  // namespace

// Issue 12: the shape flow shows the model's own stages. RMSNorm, RoPE (with
// its partial rotary dims), k and v for the KV heads and repeat_kv to H, the
// q/k norm, SwiGLU's gate/up/down at the real hidden width, and GPT-NeoX's
// parallel residual whose MLP reads the block's input.
void tst_Views::flowStagesFollowTheArchitecture_data() {
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QStringList>("block");
    QTest::addColumn<QString>("norm");
    const QStringList attention = {"scores", "mask", "softmax", "weighted_sum", "concat", "proj"};
    const QStringList swiglu = {"residual1", "ln2", "gate", "up", "mlp_act", "down", "residual2"};
    QTest::newRow("llama (GQA)") << "llama"
                                 << QStringList{"ln1", "q", "k", "v", "rope", "repeat_kv", "repeat_kv"} + attention + swiglu
                                 << "RMSNorm 1";
    QTest::newRow("qwen3 (q/k norm)")
        << "qwen3" << QStringList{"ln1", "q", "k", "v", "qk_norm", "rope", "repeat_kv", "repeat_kv"} + attention + swiglu
        << "RMSNorm 1";
    QTest::newRow("gpt_neox (parallel residual)")
        << "gpt_neox"
        << QStringList{"ln1", "q", "k", "v", "rope"} + attention +
               QStringList{"ln2", "mlp_hidden", "mlp_act", "mlp_proj", "parallel_residual"}
        << "LayerNorm 1";
}

void tst_Views::flowStagesFollowTheArchitecture() {
    QFETCH(QString, folder);
    QFETCH(QStringList, block);
    QFETCH(QString, norm);
    const auto tr = runFixture(folder);
    const attnscope::ModelConfig& c = tr->config;
    const int64_t T = tr->T(), H = c.n_head, KV = c.kv_heads(), hs = c.head_size(), F = c.hidden();
    QCOMPARE(stageNames(*tr, 0), block);
    QCOMPARE(stageNames(*tr, 1), block);
    // No position table: no position embedding and no sum with it.
    QCOMPARE(stageNames(*tr, -1), (QStringList{"tokens", "token_embed", "ln_f", "logits"}));
    QCOMPARE(QString::fromStdString(stage(*tr, "ln1")->label), norm);
    QCOMPARE(QString::fromStdString(stage(*tr, "ln_f")->label), norm == "RMSNorm 1" ? "Final RMSNorm" : "Final LayerNorm");
    if (c.norm == attnscope::NormKind::RMSNorm) QCOMPARE(stage(*tr, "ln1")->detail, std::string("ε = 1e-06"));

    // RoPE on q and k: q's stored tensor, after it (and after the q/k norm).
    const attnscope::StageRecord* rope = stage(*tr, "rope");
    QVERIFY(rope);
    QCOMPARE(rope->tensor, std::string("blk.0.attn.q"));
    QCOMPARE(rope->shape, (attnscope::Shape{T, H, hs}));
    QCOMPARE(stage(*tr, "q")->tensor, std::string());  // q before RoPE is not kept
    if (folder == "gpt_neox") QVERIFY2(rope->detail.find("4 of 8 dims") != std::string::npos, rope->detail.c_str());
    else QVERIFY2(rope->detail.find("dims") == std::string::npos, rope->detail.c_str());

    // Every stage that names a tensor has its size; a stage-only step names none.
    for (const attnscope::StageRecord& r : tr->stages) {
        if (r.tensor.empty()) continue;
        QCOMPARE(tr->tensor(r.tensor).numel(), attnscope::shape_numel(r.shape));
    }

    if (KV < H) {
        // k and v projected to the KV heads, then repeated to H.
        QCOMPARE(stage(*tr, "k")->shape, (attnscope::Shape{T, KV, hs}));
        QCOMPARE(stage(*tr, "k")->symbols, (Symbols{"T", "KV", "hs"}));
        QCOMPARE(stage(*tr, "v")->tensor, std::string());
        int repeats = 0;
        for (const attnscope::StageRecord& r : tr->stages) {
            if (r.stage != "repeat_kv" || r.layer != 0) continue;
            ++repeats;
            QCOMPARE(r.from_shape, (attnscope::Shape{T, KV, hs}));
            QCOMPARE(r.from_symbols, (Symbols{"T", "KV", "hs"}));
            QCOMPARE(r.shape, (attnscope::Shape{T, H, hs}));
            QCOMPARE(r.symbols, (Symbols{"T", "H", "hs"}));
            QCOMPARE(tr->tensor(r.tensor).shape, r.shape);
        }
        QCOMPARE(repeats, 2);
        QCOMPARE(stage(*tr, "repeat_kv")->tensor, std::string("blk.0.attn.k"));
    } else {
        QVERIFY(!stage(*tr, "repeat_kv"));
        QCOMPARE(stage(*tr, "k")->symbols, (Symbols{"T", "H", "hs"}));
        QCOMPARE(stage(*tr, "v")->tensor, std::string("blk.0.attn.v"));
    }
    if (c.qk_norm) {
        QCOMPARE(hs, int64_t(16));  // Qwen3's explicit head_dim: H * hs is not C
        QCOMPARE(stage(*tr, "qk_norm")->shape, (attnscope::Shape{T, H, hs}));
        QCOMPARE(stage(*tr, "concat")->symbols, (Symbols{"T", "H·hs"}));
        QCOMPARE(stage(*tr, "concat")->shape, (attnscope::Shape{T, H * hs}));
    }

    if (c.mlp == attnscope::MlpKind::Gated) {
        // gate and up at the real hidden width F (48, not 4C), act(gate) * up, down to C.
        QCOMPARE(F, int64_t(48));
        for (const char* s : {"gate", "up", "mlp_act"}) {
            QCOMPARE(stage(*tr, s)->shape, (attnscope::Shape{T, F}));
            QCOMPARE(stage(*tr, s)->symbols, (Symbols{"T", "F"}));
        }
        QCOMPARE(stage(*tr, "gate")->tensor, std::string("blk.0.mlp.hidden"));
        QCOMPARE(stage(*tr, "up")->inputs, (Symbols{"ln2"}));
        QCOMPARE(stage(*tr, "mlp_act")->inputs, (Symbols{"gate", "up"}));
        QCOMPARE(stage(*tr, "mlp_act")->detail, std::string("silu"));
        QCOMPARE(stage(*tr, "down")->shape, (attnscope::Shape{T, c.n_embed}));
        QVERIFY(!stage(*tr, "mlp_hidden"));
    } else {
        QCOMPARE(stage(*tr, "mlp_hidden")->symbols, (Symbols{"T", "F"}));  // 64 = 2C
        QCOMPARE(stage(*tr, "mlp_hidden")->shape, (attnscope::Shape{T, 64}));
    }

    if (c.parallel_residual) {
        // Attention and the MLP both read x; their outputs are added to it.
        QCOMPARE(stage(*tr, "ln2")->inputs, (Symbols{"x"}));
        const attnscope::StageRecord* sum = stage(*tr, "parallel_residual");
        QCOMPARE(sum->inputs, (Symbols{"proj", "mlp_proj"}));
        QCOMPARE(sum->detail, std::string("x + attn(ln1(x)) + mlp(ln2(x))"));
        QCOMPARE(sum->tensor, std::string("blk.0.out"));
    } else {
        QVERIFY(stage(*tr, "ln2")->inputs.empty());
    }
}

// The seed and GPT-2 stages, labels and shapes are what they were before the
// architectures had their own, and so is the figure's size.
void tst_Views::flowStagesOfGpt2AndSeedUnchanged() {
    const QStringList block = {"ln1",          "q",      "k",    "v",         "scores",    "mask",
                               "softmax",      "weighted_sum", "concat", "proj", "residual1", "ln2",
                               "mlp_hidden",   "mlp_act", "mlp_proj", "residual2"};
    const QStringList labels = {"LayerNorm 1", "Query", "Key", "Value", "Scores q·kᵀ/√hs", "Mask", "Softmax",
                                "Weights · v", "Concatenate heads", "Output projection", "Residual +",
                                "LayerNorm 2", "MLP hidden", "Activation", "MLP projection", "Residual +"};
    for (const attnscope::ModelConfig& c :
         {attnscope::ModelConfig::gpt2(50, 16, 32, 4, 2), attnscope::ModelConfig::seed(50, 16, 32, 4, 2)}) {
        const auto tr = runRandom(c);
        QCOMPARE(stageNames(*tr, -1), (QStringList{"tokens", "token_embed", "position_embed", "embed", "ln_f", "logits"}));
        QCOMPARE(stageNames(*tr, 1), block);
        QStringList got;
        for (const attnscope::StageRecord& r : tr->stages) {
            if (r.layer == 0) got << QString::fromStdString(r.label);
            QVERIFY(r.from_shape.empty() && r.inputs.empty() && r.detail.empty());
            QVERIFY(std::find(r.symbols.begin(), r.symbols.end(), "KV") == r.symbols.end());
        }
        QCOMPARE(got, labels);
        QCOMPARE(stage(*tr, "mlp_hidden")->symbols, (Symbols{"T", "4C"}));
        QCOMPARE(stage(*tr, "q")->tensor, std::string("blk.0.attn.q"));
        QCOMPARE(stage(*tr, "residual2", 1)->tensor, std::string("blk.1.out"));
        QCOMPARE(int(tr->stages.size()), 4 + 2 * 16 + 2);
        const render::ShapeFlowFigure fig({tr, {}, "gpt2"}, 0, 0, render::Style{});
        // Boxes without details, six a row: the 4 embedding stages, the
        // block's 15 and the final 2 each start a row (1 + 3 + 1 rows, drawn
        // as 6), with the block's label between; one line under them names the symbols.
        const double legend = QFontMetricsF(render::scaledFont(render::Style{}.font, 0.85)).height() + 8;
        QCOMPARE(fig.naturalSize(), QSizeF(6 * (150 + 26) + 40, 6 * (54 + 30) + 2 * 18 + 80 + legend));
        for (size_t i = 0; i < fig.nodes().size(); ++i)
            QCOMPARE(fig.nodes()[i].inputs, i == 0 ? std::vector<int>{} : std::vector<int>{int(i) - 1});
    }
}

// The figure draws the branches (up reads the norm, the parallel MLP reads the
// block's input and meets attention at the sum), and its exports carry the
// model's stage names.
void tst_Views::flowFigureDrawsBranchesAndExports() {
    auto index = [](const render::ShapeFlowFigure& f, const QString& stage) {
        for (size_t i = 0; i < f.nodes().size(); ++i)
            if (f.nodes()[i].stage == stage) return int(i);
        return -1;
    };
    const auto neox = runFixture("gpt_neox");
    const render::ShapeFlowFigure parallel({neox, {}, "gpt_neox"}, 1, 2, render::Style{});
    const int embed = index(parallel, "token_embed"), ln2 = index(parallel, "ln2"), proj = index(parallel, "proj"),
              mlp = index(parallel, "mlp_proj"), sum = index(parallel, "parallel_residual");
    QVERIFY(embed >= 0 && ln2 > proj && sum > mlp);
    QCOMPARE(parallel.nodes()[size_t(ln2)].inputs, std::vector<int>{embed});  // not the attention's output
    QCOMPARE(parallel.nodes()[size_t(sum)].inputs, (std::vector<int>{proj, mlp}));
    QCOMPARE(parallel.nodes()[size_t(sum)].detail, QStringLiteral("x + attn(ln1(x)) + mlp(ln2(x))"));
    QCOMPARE(parallel.nodes()[size_t(sum)].tensor, QStringLiteral("blk.1.out"));

    const auto llama = runFixture("llama");
    const render::ShapeFlowFigure fig({llama, {}, "llama"}, 0, 0, render::Style{});
    const int up = index(fig, "up"), norm2 = index(fig, "ln2"), act = index(fig, "mlp_act"), gate = index(fig, "gate");
    QCOMPARE(fig.nodes()[size_t(up)].inputs, std::vector<int>{norm2});
    QCOMPARE(fig.nodes()[size_t(act)].inputs, (std::vector<int>{gate, up}));
    const render::ShapeFlowFigure::Node& repeat = fig.nodes()[size_t(index(fig, "repeat_kv"))];
    QCOMPARE(repeat.shapeText, QStringLiteral("KV→H × (T, hs) = 2→4 × (7, 8)"));
    QCOMPARE(fig.nodes()[size_t(index(fig, "k"))].shapeText, QStringLiteral("KV × (T, hs) = 2 × (7, 8)"));
    // Labels fit their boxes: the widest is not elided at the natural size.
    QVERIFY(fig.naturalSize().width() >= 6 * (150 + 26) + 40);

    // SVG: the stage labels, shapes and details are drawn as text.
    const QByteArray svg = render::svgBytes(fig, render::naturalInches(fig));
    for (const char* text : {"RMSNorm 1", "RoPE on q, k", "repeat_kv: k", "repeat_kv: v", "Gate projection",
                             "Up projection", "Down projection", "KV→H × (T, hs)", "Final RMSNorm"})
        QVERIFY2(svg.contains(text), text);
    QVERIFY(!svg.contains("Position embedding"));
    const QByteArray neoxSvg = render::svgBytes(parallel, render::naturalInches(parallel));
    QVERIFY(neoxSvg.contains("Parallel residual +"));
    QVERIFY(neoxSvg.contains("x + attn(ln1(x)) + mlp(ln2(x))"));
    QVERIFY(neoxSvg.contains("pre-LayerNorm, attention and MLP in parallel"));
    // PNG: the branch arrows are drawn in the accent colour (absent from a
    // figure that has no branches).
    auto accentPixels = [](const render::ShapeFlowFigure& f) {
        const QImage img = render::renderImage(f, render::naturalInches(f), 96);
        const QRgb accent = QColor(render::Style{}.cmap().at(0.2)).rgb();
        int n = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x) n += img.pixel(x, y) == accent;
        return n;
    };
    QVERIFY(accentPixels(parallel) > 20);
    const auto gpt2 = runRandom(attnscope::ModelConfig::gpt2(50, 16, 32, 4, 2));
    QCOMPARE(accentPixels(render::ShapeFlowFigure({gpt2, {}, "gpt2"}, 0, 0, render::Style{})), 0);

    // JSON: every stage with its label, symbols, and repeat_kv's input shape.
    QTemporaryDir dir;
    const QString path = dir.filePath("flow.json");
    session::Recipe r;
    r.view = "flow";
    render::TokenTable tokens;
    tokens.ids = llama->tokens;
    for (int i = 0; i < llama->T(); ++i) {
        tokens.texts << QString::number(i);
        tokens.labels << QString::number(i);
    }
    render::writeJson(session::dataFor(r, *llama), tokens, "flow", *llama, "llama", path);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonArray shapes = QJsonDocument::fromJson(f.readAll()).object()["shapes"].toArray();
    QCOMPARE(shapes.size(), qsizetype(llama->stages.size()));
    QStringList labels;
    bool sawRepeat = false;
    for (const QJsonValue v : shapes) {
        const QJsonObject o = v.toObject();
        labels << o["label"].toString();
        if (o["stage"] == "repeat_kv" && o["layer"] == 1) {
            QCOMPARE(o["from_symbols"].toArray(), (QJsonArray{"T", "KV", "hs"}));
            QCOMPARE(o["symbols"].toArray(), (QJsonArray{"T", "H", "hs"}));
            QCOMPARE(o["from_shape"].toArray(), (QJsonArray{7, 2, 8}));
            sawRepeat = true;
        }
    }
    QVERIFY(sawRepeat);
    for (const char* l : {"RMSNorm 1", "RoPE on q, k", "repeat_kv: v", "Gate projection", "act(gate) · up"})
        QVERIFY2(labels.contains(QString::fromUtf8(l)), l);
}

// In the app: a llama-shaped model's flow has RoPE and repeat_kv; a step the
// trace does not keep (k for the KV heads) shows no stale tensor and says so,
// and repeat_kv's v shows the head's v.
// Picking a node of the shape flow, and so every tensor it shows, took a
// mouse. The diagram takes the focus and its arrow keys walk the nodes in the
// order data flows; the tensor painted beside it follows.
void tst_Views::flowNodesAreWalkedWithTheArrowKeys() {
    win_->showView("flow");
    ShapeFlowView* f = win_->shapeFlow();
    QTRY_VERIFY(f->nodeCount() > 3);
    QWidget* diagram = f->diagram();
    QCOMPARE(diagram->focusPolicy(), Qt::StrongFocus);
    QApplication::setActiveWindow(win_.get());
    diagram->setFocus();
    QTRY_VERIFY(diagram->hasFocus());
    QCOMPARE(f->selectedNode(), -1);
    QTest::keyClick(diagram, Qt::Key_Right);
    QCOMPARE(f->selectedNode(), 0);
    QVERIFY2(f->captionText().startsWith(QStringLiteral("<b>Tokens</b>")), qPrintable(f->captionText()));
    QTest::keyClick(diagram, Qt::Key_Down);
    QTest::keyClick(diagram, Qt::Key_Right);
    QCOMPARE(f->selectedNode(), 2);
    QVERIFY(f->tensorFigure());  // the position embedding, painted
    const QString positions = f->captionText();
    QTest::keyClick(diagram, Qt::Key_Left);
    QCOMPARE(f->selectedNode(), 1);
    QVERIFY(f->tensorFigure());
    QVERIFY2(f->captionText() != positions && f->captionText().contains(QStringLiteral("embedding")),
             qPrintable(f->captionText()));
    QTest::keyClick(diagram, Qt::Key_End);
    QCOMPARE(f->selectedNode(), f->nodeCount() - 1);
    QTest::keyClick(diagram, Qt::Key_Right);  // stays on the last
    QCOMPARE(f->selectedNode(), f->nodeCount() - 1);
    QTest::keyClick(diagram, Qt::Key_Home);
    QCOMPARE(f->selectedNode(), 0);
}

void tst_Views::flowNodeWithoutTensorSaysSo() {
    attnscope::ModelConfig c = attnscope::ModelConfig::seed(96, 64, 32, 4, 2);
    attnscope::apply_architecture(c, *attnscope::find_architecture("llama"));
    c.n_kv_head = 2;
    c.mlp_hidden = 48;
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    ws_->setDocument(session::randomDocument(c, 3));
    QVERIFY(ready.wait(60000));
    win_->showView("flow");
    ShapeFlowView* f = win_->shapeFlow();
    QTRY_VERIFY(f->nodeCount() > 0);
    const auto trace = ws_->trace();
    QCOMPARE(trace->config.kv_heads(), 2);
    int k = -1, v = -1;
    for (int i = 0; i < f->nodeCount(); ++i) {
        f->selectNode(i);
        const QString caption = f->captionText();
        if (caption.contains("<b>Key</b>")) k = i;
        if (caption.startsWith("<b>repeat_kv: v (head ")) v = i;
    }
    QVERIFY(k >= 0 && v > k);
    f->selectNode(k);
    QVERIFY(f->captionText().contains("not kept in the trace"));
    QVERIFY(!f->tensorFigure());
    QCOMPARE(f->tableModel()->rowCount(), 0);
    f->selectNode(v);
    QVERIFY(f->tensorFigure());
    const int h = ws_->selection().head, hs = trace->config.head_size(), T = trace->T();
    QCOMPARE(f->tableModel()->rowCount(), T);
    QCOMPARE(f->tableModel()->columnCount(), hs);
    const int l = ws_->selection().layer;
    QCOMPARE(float(f->tableModel()->index(T - 1, 2).data(Qt::UserRole).toDouble()),
             trace->layers[size_t(l)].v.data[size_t((T - 1) * trace->config.q_width() + h * hs + 2)]);
}
