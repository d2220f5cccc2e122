// tst_architectures, continued: grouped-query heads and the sliding window in
// the head detail and the heads grid, and the guide's sections for the open
// model's architecture (tst_architectures.h has the test class).
#include "tst_architectures.h"

namespace {

// A fixture run on its reference tokens, as the figures take it.
render::FigureData fixtureFigureData(const QString& name) {
    const LoadedModel m = load_model(testutil::str(folder(name)));
    render::FigureData d;
    d.trace = std::make_shared<const Trace>(Model(m.weights).run(pytorchReference(name).tokens));
    for (int i = 0; i < d.trace->T(); ++i) d.tokens << QString::number(i);
    return d;
}

// Whether any pixel of `img` within 1 px of x (on row y) differs from `bg`.
bool inkNear(const QImage& img, double x, int y, QRgb bg) {
    for (int dx = -1; dx <= 1; ++dx) {
        const int xi = int(std::floor(x)) + dx;
        if (xi >= 0 && xi < img.width() && img.pixel(xi, y) != bg) return true;
    }
    return false;
}

}  // namespace

// Grouped-query attention and the sliding window, as the views name them: the
// Mistral fixture has 4 query heads on 2 KV heads and a window of 6.
void tst_Architectures::headDetailNamesItsKvHeadAndMaskItsWindow() {
    const LoadedModel m = load_model(testutil::str(folder("mistral")));
    render::FigureData d;
    d.trace = std::make_shared<const Trace>(Model(m.weights).run(pytorchReference("mistral").tokens));
    for (int i = 0; i < d.trace->T(); ++i) d.tokens << QString::number(i);
    const render::Style style;
    QVERIFY2(render::HeadFigure(d, 1, 3, render::MatrixKind::Weights, style).title().contains(QStringLiteral("Head 3 (KV head 1)")),
             qPrintable(render::HeadFigure(d, 1, 3, render::MatrixKind::Weights, style).title()));
    QVERIFY(render::HeadFigure(d, 0, 1, render::MatrixKind::Weights, style).title().contains(QStringLiteral("(KV head 0)")));
    QVERIFY(render::HeadFigure(d, 0, 0, render::MatrixKind::Mask, style).title().contains(QStringLiteral("sliding window of 6")));
    // A model without grouped-query attention names no KV head.
    const LoadedModel n = load_model(testutil::str(folder("gpt_neox")));
    render::FigureData e;
    e.trace = std::make_shared<const Trace>(Model(n.weights).run(pytorchReference("gpt_neox").tokens));
    for (int i = 0; i < e.trace->T(); ++i) e.tokens << QString::number(i);
    QVERIFY(!render::HeadFigure(e, 0, 1, render::MatrixKind::Weights, style).title().contains(QStringLiteral("KV head")));
}

// Grouped-query attention in the heads grid (issue 12): the Llama fixture's 4
// query heads share 2 KV heads, so its columns come in two groups, H0–H1
// under "KV 0" and H2–H3 under "KV 1", parted by a line in a wider gap. The
// export draws the same figure, so the registry's figure has the groups too.
void tst_Architectures::headsGridGroupsQueryHeadsByKvHead() {
    const render::FigureData d = fixtureFigureData("llama");
    render::Style style;
    style.showTitle = false;
    const render::HeadsGridFigure fig(d, style);
    QCOMPARE(fig.kvGroupSize(), 2);
    QVERIFY(fig.groupsColumns());
    const QRectF area(0, 0, 900, 500);
    // A wider gap between H1 and H2 (two groups) than between H0 and H1 (one group).
    const QRectF h0 = fig.panelRect(area, fig.indexOf(0, 0)), h1 = fig.panelRect(area, fig.indexOf(0, 1)),
                 h2 = fig.panelRect(area, fig.indexOf(0, 2)), h3 = fig.panelRect(area, fig.indexOf(0, 3));
    const double inGroup = h1.left() - h0.right(), between = h2.left() - h1.right();
    QVERIFY2(between >= inGroup + 4, qPrintable(QStringLiteral("%1 vs %2").arg(between).arg(inGroup)));
    QCOMPARE(h3.left() - h2.right(), inGroup);
    // One separator, between H1 and H2, reaching from the column headers to the last layer.
    const std::vector<QLineF> seps = fig.groupSeparators(area);
    QCOMPARE(seps.size(), size_t(1));
    QVERIFY(seps[0].x1() > h1.right() && seps[0].x1() < h2.left());
    QVERIFY(seps[0].y1() < h0.top());
    QVERIFY(seps[0].y2() >= fig.panelRect(area, fig.indexOf(1, 1)).bottom());
    // A header per group, centred over its two columns, above the H headers.
    QStringList groups;
    double columnTop = 1e9, groupBottom = 0;
    for (const auto& h : fig.headers(area)) {
        if (h.kind == render::HeadsGridFigure::Header::Group) {
            groups << h.text;
            groupBottom = std::max(groupBottom, h.rect.bottom());
        }
        if (h.kind == render::HeadsGridFigure::Header::Column) columnTop = std::min(columnTop, h.rect.top());
    }
    QCOMPARE(groups, (QStringList{QStringLiteral("KV 0"), QStringLiteral("KV 1")}));
    QVERIFY(groupBottom <= columnTop);
    for (const auto& h : fig.headers(area))
        if (h.kind == render::HeadsGridFigure::Header::Group && h.text == QLatin1String("KV 1"))
            QVERIFY(std::abs(h.rect.center().x() - (h2.left() + h3.right()) / 2) < 1);
    QVERIFY(fig.caption().contains(QStringLiteral("KV head")));
    // Painted: the separator is ink in the gap, while the gap inside a group stays background.
    QImage img(area.size().toSize(), QImage::Format_RGB32);
    {
        QPainter p(&img);
        fig.paint(p, area);
    }
    const QRgb bg = style.background.rgb();
    const int y = int(h0.center().y());
    QVERIFY2(inkNear(img, seps[0].x1(), y, bg), "no separator line between the KV groups");
    QCOMPARE(img.pixel(int((h0.right() + h1.left()) / 2), y), bg);
    // The exported figure (the registry's, as the CLI and Export build it) and a
    // flowed layout for papers, whose panel titles name the KV head.
    session::Recipe r;
    r.view = QStringLiteral("heads");
    const auto exported = session::findView(QStringLiteral("heads"))->figure(r, d, style);
    const auto* grid = dynamic_cast<const render::HeadsGridFigure*>(exported.get());
    QVERIFY(grid && grid->groupsColumns());
    QCOMPARE(grid->groupSeparators(area).size(), size_t(1));
    const render::HeadsGridFigure flowed(d, style, {}, 3);
    QVERIFY(!flowed.groupsColumns());
    QVERIFY(flowed.groupSeparators(area).empty());
    QStringList titles;
    for (const auto& h : flowed.headers(area)) titles << h.text;
    QVERIFY2(titles.contains(QStringLiteral("L1 H3 · KV 1")), qPrintable(titles.join(", ")));
}

// Multi-head attention (GPT-NeoX here, like GPT-2 and the demo) draws as before:
// no groups, no separators, evenly spaced columns.
void tst_Architectures::headsGridOfMultiHeadModelIsNotGrouped() {
    const render::FigureData d = fixtureFigureData("gpt_neox");
    const render::HeadsGridFigure fig(d, render::Style());
    const QRectF area(0, 0, 900, 500);
    QCOMPARE(fig.kvGroupSize(), 1);
    QVERIFY(!fig.groupsColumns());
    QVERIFY(fig.groupSeparators(area).empty());
    for (const auto& h : fig.headers(area)) QVERIFY(h.kind != render::HeadsGridFigure::Header::Group);
    QVERIFY(!fig.caption().contains(QStringLiteral("KV")));
    const double gap = fig.panelRect(area, 1).left() - fig.panelRect(area, 0).right();
    for (int hd = 2; hd < d.trace->n_head(); ++hd)
        QCOMPARE(fig.panelRect(area, hd).left() - fig.panelRect(area, hd - 1).right(), gap);
    QVERIFY(selectiontext::kvHeadText(d.trace->config, 1).isEmpty());
}

// The grid's tooltip and accessible description name the shared KV head and its group.
void tst_Architectures::headsGridTooltipNamesTheKvHead() {
    // The wording on a larger model: 8 query heads on 2 KV heads.
    ModelConfig big = ModelConfig::seed(96, 16, 64, 8, 1);
    apply_architecture(big, *find_architecture("llama"));
    big.n_kv_head = 2;
    QCOMPARE(selectiontext::kvHeadText(big, 5), QStringLiteral("KV head 1, shared by H4–H7"));
    QCOMPARE(selectiontext::kvHeadText(big, 3), QStringLiteral("KV head 0, shared by H0–H3"));

    Workspace ws;
    ws.setDebounceMs(0);
    ViewSettings settings;
    HeadsGridView view(&ws, &settings);  // rebuilds on each trace
    view.resize(800, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    ws.setText(QStringLiteral("5,17,3,42,8,9,11,2,30,31"));   // no tokenizer in the folder: ids
    ws.setDocument(session::openDocument(folder("llama")));  // runs the text
    QTRY_VERIFY_WITH_TIMEOUT(ws.trace() && ws.trace()->T() == 10, 30000);
    QTRY_VERIFY(view.figure() && !view.isBuilding());
    QVERIFY(view.figure()->groupsColumns());
    const QString tip = view.toolTipAt(view.panelCenter(1, 3));
    QVERIFY2(tip.contains(QStringLiteral("Layer 1 · Head 3 · KV head 1, shared by H2–H3")), qPrintable(tip));
    QVERIFY2(view.toolTipAt(view.panelCenter(0, 1)).contains(QStringLiteral("KV head 0, shared by H0–H1")),
             qPrintable(view.toolTipAt(view.panelCenter(0, 1))));
    Selection s = ws.selection();
    s.layer = 1;
    s.head = 2;
    ws.setSelection(s);
    QVERIFY2(view.accessibleDescription().contains(QStringLiteral("Head 2 (KV head 1, shared by H2–H3)")),
             qPrintable(view.accessibleDescription()));
}

// Help ▸ Guide explains what the open model has, with its numbers: the Llama
// fixture (RoPE with llama3 scaling, 4 heads on 2 KV heads, RMSNorm, SwiGLU of
// 48), Mistral's window of 6, GPT-NeoX's half-rotated heads, Qwen3's head_dim.
void tst_Architectures::guideExplainsRopeAndGqaOfTheOpenModel() {
    const ModelConfig llama = load_model(testutil::str(folder("llama"))).weights->config;
    const QString g = GuideDialog::guideHtml(llama, 20);
    const auto has = [&g](const QString& what) { QVERIFY2(g.contains(what), qPrintable(what + "\n" + g)); };
    has(QStringLiteral("rotary embeddings (RoPE)"));
    has(QStringLiteral("<b>rope_theta = 500000</b>"));
    has(QStringLiteral("Of each head's 8 dimensions, <b>8</b> are rotated"));
    has(QStringLiteral("rotate_half(x) = (−x₂, x₁)"));
    has(QStringLiteral("<i>relative</i> position"));
    has(QStringLiteral("rope_scaling: llama3</b> (factor 8, low_freq_factor 1, high_freq_factor 4, "
                       "original_max_position_embeddings 16)"));
    has(QStringLiteral("Here 4 of the 4 frequencies change"));
    has(QStringLiteral("are after RoPE"));
    has(QStringLiteral("Grouped-query attention (GQA)"));
    has(QStringLiteral("<b>n_head = 4</b> query heads share <b>n_kv_head = 2</b> key/value heads"));
    has(QStringLiteral("(20, 16), while the queries are (20, 32)"));
    has(QStringLiteral("n_head / n_kv_head = <b>2</b>"));
    has(QStringLiteral("rounded down (H0–H1 read KV head 0, H2–H3 read KV head 1)"));
    has(QStringLiteral("<b>repeat_kv</b> copies each KV head 2 times"));
    // KV cache per token: 2 layers × 2 (k, v) × 2 KV heads × 8 = 64 numbers; 128 with one per query head.
    has(QStringLiteral("2 layers × 2 (k and v) × 2 KV heads × head_size 8 = <b>64</b> numbers, where one key and value per "
                       "query head would need 128, 2 times as many"));
    has(QStringLiteral("RMSNorm instead of LayerNorm"));
    has(QStringLiteral("ε = 1e-06"));
    has(QStringLiteral("<b>down(silu(gate(x)) * up(x))</b>"));
    has(QStringLiteral("to <b>48</b> (intermediate_size)"));
    has(QStringLiteral("(4608 weights per layer)"));  // 3 × 32 × 48
    QVERIFY(!g.contains(QStringLiteral("Sliding-window")));
    QVERIFY(!g.contains(QStringLiteral("partial rotary")));

    const QString mistral = GuideDialog::guideHtml(load_model(testutil::str(folder("mistral"))).weights->config, 20);
    QVERIFY(mistral.contains(QStringLiteral("<b>sliding_window = 6</b>")));
    // 1 + 2 + 3 + 4 + 5 + 15 × 6 allowed pairs of 20 × 20.
    QVERIFY2(mistral.contains(QStringLiteral("leaves 105 of your 20 × 20 pairs")), qPrintable(mistral));
    QVERIFY(mistral.contains(QStringLiteral("<b>rope_theta = 1000000</b>")));
    QVERIFY(!mistral.contains(QStringLiteral("rope_scaling")));

    const QString neox = GuideDialog::guideHtml(load_model(testutil::str(folder("gpt_neox"))).weights->config, 0);
    QVERIFY2(neox.contains(QStringLiteral("Of each head's 8 dimensions, <b>4</b> are rotated (partial rotary: 50% of "
                                          "the head size, 0.5 × 8 = 4); the other 4 pass through unchanged")),
             qPrintable(neox));
    QVERIFY(!neox.contains(QStringLiteral("Grouped-query")));  // 4 heads, 4 KV heads
    QVERIFY(!neox.contains(QStringLiteral("RMSNorm instead")));
    QVERIFY(!neox.contains(QStringLiteral("gated")));

    const QString qwen3 = GuideDialog::guideHtml(load_model(testutil::str(folder("qwen3"))).weights->config, 5);
    QVERIFY2(qwen3.contains(QStringLiteral("<b>head_dim = 16</b>")), qPrintable(qwen3));
    QVERIFY(!qwen3.contains(QStringLiteral("n_embed / n_head = 32 / 4")));
    QVERIFY(qwen3.contains(QStringLiteral("each head's q and k")));
    QVERIFY(qwen3.contains(QStringLiteral("rope_scaling: linear</b>, factor 2")));
}

void tst_Architectures::guideOfGpt2AndDemoHasNoLlamaSections() {
    const ModelConfig gpt2 = ModelConfig::gpt2(50257, 1024, 768, 12, 12);
    const ModelConfig demo = session::openDocument(QString()).model.weights->config;  // the demo
    for (const ModelConfig& c : {gpt2, demo}) {
        const QString g = GuideDialog::guideHtml(c, 10);
        QVERIFY(g.contains(QStringLiteral("Query, key and value")));  // the common guide is there
        for (const char* absent : {"RoPE", "Grouped-query", "repeat_kv", "RMSNorm", "SwiGLU", "gated", "Sliding-window",
                                   "head_dim ="})
            QVERIFY2(!g.contains(QLatin1String(absent)), absent);
    }
}
