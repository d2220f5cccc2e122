// The architecture table against PyTorch: Hugging Face folders of Llama,
// Mistral, Qwen2, Qwen3 and GPT-NeoX made by tests/scripts/make_arch_golden.py
// (plain PyTorch written as the HF modelling code computes), opened by
// load_model and run; attention weights and logits must match within 1e-4.
// Then the folders and configs a hostile or mistaken user may hand over.
#include <QtTest>

#include <filesystem>
#include <fstream>

#include "attnscope/model/architectures.h"
#include "attnscope/common/error.h"
#include "attnscope/run/model.h"
#include "attnscope/model/model_file.h"
#include "attnscope/run/reference.h"
#include "attnscope/formats/safetensors.h"
#include "gui/dialogs/guide_dialog.h"
#include "gui/views/heads_grid_view.h"
#include "render/figures/heads_grid_figure.h"
#include "render/figures/head_figure.h"
#include "gui/common/selection_text.h"
#include "session/document.h"
#include "session/views.h"
#include "testutil.h"
#include "gui/workspace/view_settings.h"
#include "gui/workspace/workspace.h"

using namespace attnscope;
namespace fs = std::filesystem;

class tst_Architectures : public QObject {
    Q_OBJECT
private slots:
    void matchesPyTorch_data();
    void matchesPyTorch();
    void kernelsMatchPlainLoops();
    void sameOnOneAndTwoThreads();
    void rebuiltWeightsMatchStored();
    void configRoundTripsThroughJson();
    void tableListsEveryModelType();
    void unknownModelTypeListsSupported();
    void hostileConfig_data();
    void hostileConfig();
    void brokenWeights_data();
    void brokenWeights();
    void hostileShardIndex();
    void hostileValuesNeverCrash();
    void headDetailNamesItsKvHeadAndMaskItsWindow();
    void headsGridGroupsQueryHeadsByKvHead();
    void headsGridOfMultiHeadModelIsNotGrouped();
    void headsGridTooltipNamesTheKvHead();
    void guideExplainsRopeAndGqaOfTheOpenModel();
    void guideOfGpt2AndDemoHasNoLlamaSections();
};

namespace {

constexpr double kTol = 1e-4;

QString folder(const QString& name) { return testutil::fixtures("arch/" + name); }

struct Reference {
    std::vector<int> tokens;
    SafetensorsFile file;
};

Reference pytorchReference(const QString& name) {
    Reference r;
    r.file = read_safetensors(testutil::str(folder(name) + "/reference.safetensors"));
    for (const float t : r.file.tensors.at("tokens").data) r.tokens.push_back(int(t));
    return r;
}

// A copy of a fixture folder in a temporary directory, to break.
QString copyOf(const QTemporaryDir& dir, const QString& name) {
    const fs::path to = fs::path(testutil::str(dir.path())) / testutil::str(name);
    fs::copy(testutil::str(folder(name)), to, fs::copy_options::recursive);
    return QString::fromStdString(to.string());
}

std::string readText(const QString& path) {
    std::ifstream f(testutil::str(path));
    return std::string(std::istreambuf_iterator<char>(f), {});
}

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

void writeText(const QString& path, const std::string& text) {
    QVERIFY(testutil::writeFile(path, QByteArray::fromStdString(text)));
}

// The fixture's config.json with `from` replaced by `to` (which must occur).
void editConfig(const QString& dir, const std::string& from, const std::string& to) {
    std::string text = readText(dir + "/config.json");
    const size_t at = text.find(from);
    QVERIFY2(at != std::string::npos, from.c_str());
    text.replace(at, from.size(), to);
    writeText(dir + "/config.json", text);
}

}  // namespace

void tst_Architectures::matchesPyTorch_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("arch");
    QTest::addColumn<QString>("format");
    for (const auto& [name, arch, format] :
         {std::tuple{"llama", "llama", "hf-folder-sharded"}, std::tuple{"mistral", "mistral", "hf-folder"},
          std::tuple{"qwen2", "qwen2", "hf-folder"}, std::tuple{"qwen3", "qwen3", "hf-folder"},
          std::tuple{"gpt_neox", "gpt_neox", "hf-folder"},
          std::tuple{"gpt_neox_sequential", "gpt_neox", "hf-folder"}})
        QTest::newRow(name) << name << arch << format;
}

void tst_Architectures::matchesPyTorch() {
    QFETCH(QString, name);
    QFETCH(QString, arch);
    QFETCH(QString, format);
    const LoadedModel m = load_model(testutil::str(folder(name)));
    QCOMPARE(QString::fromStdString(m.weights->config.arch), arch);
    QCOMPARE(QString::fromStdString(m.format), format);
    const Reference ref = pytorchReference(name);
    RunOptions opt;
    opt.logits_rows = -1;
    const Trace tr = Model(m.weights).run(ref.tokens, opt);
    const int T = tr.T(), H = tr.n_head();
    for (int l = 0; l < tr.n_layer(); ++l) {
        const Tensor& want = ref.file.tensors.at("attn." + std::to_string(l));
        QCOMPARE(want.shape, (Shape{H, T, T}));
        for (int h = 0; h < H; ++h) {
            const MatrixRM got = tr.head_weights(l, h);
            QString report;
            const double d = testutil::maxAbsDiff(got.data(), want.data.data() + size_t(h) * T * T, int64_t(T) * T,
                                                  kTol, &report);
            QVERIFY2(d <= kTol, qPrintable(QStringLiteral("layer %1 head %2: %3 %4").arg(l).arg(h).arg(d).arg(report)));
        }
    }
    const Tensor& logits = ref.file.tensors.at("logits");
    QCOMPARE(tr.logits.shape, logits.shape);
    QString report;
    const double d = testutil::maxAbsDiff(tr.logits.data.data(), logits.data.data(), int64_t(logits.data.size()), kTol,
                                          &report);
    QVERIFY2(d <= kTol, qPrintable(QStringLiteral("logits: %1 %2").arg(d).arg(report)));
}

// RMSNorm and RoPE (llama3 scaling; GPT-NeoX's partial rotary) against the
// plain loops of reference.h, in double, on the first block of a fixture.
void tst_Architectures::kernelsMatchPlainLoops() {
    for (const char* name : {"llama", "gpt_neox"}) {
        const LoadedModel m = load_model(testutil::str(folder(name)));
        const Weights& w = *m.weights;
        const ModelConfig& c = w.config;
        const Trace tr = Model(m.weights).run(pytorchReference(name).tokens);
        const LayerTrace& lt = tr.layers[0];
        const MatrixRM ln1 = lt.ln1.cmatrix();
        if (c.norm == NormKind::RMSNorm) {
            const MatrixRM want = reference::rms_norm(tr.embed.cmatrix(), w.layers[0].ln1.weight, c.ln_eps);
            QVERIFY2(testutil::maxAbsDiff(ln1.data(), want.data(), want.size(), 1e-5) <= 1e-5, name);
        }
        MatrixRM q = ln1 * w.layers[0].attn.q.weight.transpose();
        if (c.qkv_bias) q.rowwise() += w.layers[0].attn.q.bias.transpose();
        const MatrixRM want = reference::rope(q, c.n_head, c, 0);
        QString report;
        const double d = testutil::maxAbsDiff(lt.q.data.data(), want.data(), want.size(), 1e-4, &report);
        QVERIFY2(d <= 1e-4, qPrintable(QString(name) + ": " + report));
        QVERIFY2(!(reference::rope(q, c.n_head, c, 0) == q), "RoPE must change q");
    }
}

// One level of threads and fixed work splits: the same bits on any thread count.
void tst_Architectures::sameOnOneAndTwoThreads() {
    for (const char* name : {"llama", "mistral", "qwen3", "gpt_neox"}) {
        const LoadedModel m = load_model(testutil::str(folder(name)));
        const Reference ref = pytorchReference(name);
        RunOptions one, two;
        one.threads = 1;
        two.threads = 2;
        one.logits_rows = two.logits_rows = -1;
        const Model model(m.weights);
        const Trace a = model.run(ref.tokens, one), b = model.run(ref.tokens, two);
        QVERIFY2(a.logits.data == b.logits.data, name);
        QVERIFY2(a.layers.back().weights.data == b.layers.back().weights.data, name);
    }
}

// Past the attention budget weights are rebuilt from q, k (after RoPE) and the
// row statistics, sliding window included, identical to the stored ones.
void tst_Architectures::rebuiltWeightsMatchStored() {
    for (const char* name : {"mistral", "qwen3"}) {
        const LoadedModel m = load_model(testutil::str(folder(name)));
        const Reference ref = pytorchReference(name);
        RunOptions dense, sparse;
        sparse.attention_budget_bytes = 0;
        const Model model(m.weights);
        const Trace a = model.run(ref.tokens, dense), b = model.run(ref.tokens, sparse);
        QVERIFY(!b.weights_dense);
        for (int l = 0; l < a.n_layer(); ++l)
            for (int h = 0; h < a.n_head(); ++h) QVERIFY(a.head_weights(l, h) == b.head_weights(l, h));
    }
    // The Mask tensor shows the window: 6 keys per row in the Mistral fixture.
    const LoadedModel m = load_model(testutil::str(folder("mistral")));
    const Trace tr = Model(m.weights).run(pytorchReference("mistral").tokens);
    const MatrixRM mask = tr.mask();
    QCOMPARE(mask.row(19).sum(), 6.0f);
    QCOMPARE(mask(19, 13), 0.0f);
    QCOMPARE(mask(19, 14), 1.0f);
    QCOMPARE(mask.row(3).sum(), 4.0f);
}

// A model saved by AttnScope keeps every field of the table (metadata JSON).
void tst_Architectures::configRoundTripsThroughJson() {
    for (const char* name : {"llama", "mistral", "qwen2", "qwen3", "gpt_neox"}) {
        const ModelConfig c = load_model(testutil::str(folder(name))).weights->config;
        QVERIFY2(ModelConfig::from_json(c.to_json()) == c, name);
    }
    const QTemporaryDir dir;
    const QString path = dir.path() + "/qwen3.safetensors";
    const LoadedModel m = load_model(testutil::str(folder("qwen3")));
    save_model(testutil::str(path), *m.weights);
    const LoadedModel back = load_model(testutil::str(path));
    QVERIFY(back.weights->config == m.weights->config);
    const Reference ref = pytorchReference("qwen3");
    QVERIFY(Model(back.weights).run(ref.tokens).logits.data == Model(m.weights).run(ref.tokens).logits.data);
}

void tst_Architectures::tableListsEveryModelType() {
    QCOMPARE(QString::fromStdString(supported_model_types()),
             QStringLiteral("gpt2, llama, mistral, qwen2, qwen3, gpt_neox"));
    for (const Architecture& a : architectures()) {
        ModelConfig c = ModelConfig::seed(50, 16, 32, 4, 1);
        apply_architecture(c, a);
        QVERIFY2(!c.arch.empty(), a.name);
        const Weights w = random_weights(c, 1);  // every row runs
        const Trace tr = Model(std::make_shared<Weights>(w)).run(std::vector<int>{1, 2, 3});
        QVERIFY2(std::isfinite(tr.logits.data[0]), a.name);
    }
}

void tst_Architectures::unknownModelTypeListsSupported() {
    const QTemporaryDir dir;
    const QString d = copyOf(dir, "llama");
    editConfig(d, "\"model_type\": \"llama\"", "\"model_type\": \"mamba\"");
    const auto e = testutil::errorOf([&] { load_model(testutil::str(d)); });
    QVERIFY(e);
    const QString what = QString::fromUtf8(e->what());
    QVERIFY2(what.contains("'mamba'") && what.contains("llama, mistral, qwen2, qwen3, gpt_neox"), qPrintable(what));
}

void tst_Architectures::hostileConfig_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("says");
    QTest::newRow("absurd width") << "\"hidden_size\": 32" << "\"hidden_size\": 1000000000" << "n_embed";
    QTest::newRow("absurd layers") << "\"num_hidden_layers\": 2" << "\"num_hidden_layers\": 100000" << "n_layer";
    QTest::newRow("heads do not divide") << "\"num_attention_heads\": 4" << "\"num_attention_heads\": 5"
                                         << "not divisible";
    QTest::newRow("kv heads do not divide") << "\"num_key_value_heads\": 2" << "\"num_key_value_heads\": 3"
                                            << "n_kv_head";
    QTest::newRow("more kv heads than heads") << "\"num_key_value_heads\": 2" << "\"num_key_value_heads\": 8"
                                              << "n_kv_head";
    QTest::newRow("negative theta") << "\"rope_theta\": 500000.0" << "\"rope_theta\": -1.0" << "rope_theta";
    QTest::newRow("negative size") << "\"vocab_size\": 96" << "\"vocab_size\": -96" << "vocab_size";
    QTest::newRow("size as text") << "\"vocab_size\": 96" << "\"vocab_size\": \"96\"" << "vocab_size";
    QTest::newRow("missing field") << "\"intermediate_size\": 48," << "" << "intermediate_size";
    QTest::newRow("unknown rope scaling") << "\"rope_type\": \"llama3\"" << "\"rope_type\": \"yarn\"" << "yarn";
    QTest::newRow("unknown activation") << "\"hidden_act\": \"silu\"" << "\"hidden_act\": \"mish\"" << "mish";
    QTest::newRow("not json") << "{" << "[" << "JSON";
}

void tst_Architectures::hostileConfig() {
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, says);
    const QTemporaryDir dir;
    const QString d = copyOf(dir, "llama");
    editConfig(d, testutil::str(from), testutil::str(to));
    const auto e = testutil::errorOf([&] { load_model(testutil::str(d)); });
    QVERIFY(e);
    const QString what = QString::fromUtf8(e->what());
    QVERIFY2(what.contains(says) && what.contains("config.json"), qPrintable(what));
}

void tst_Architectures::brokenWeights_data() {
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("says");
    // A config that no longer fits the tensors: the tensor is named, both shapes given.
    QTest::newRow("wider mlp") << "mistral" << "\"intermediate_size\": 48" << "\"intermediate_size\": 64"
                               << "'model.layers.0.mlp.gate_proj.weight' has shape [48,32], expected [64,32]";
    QTest::newRow("untied without lm_head") << "qwen2" << "\"tie_word_embeddings\": true"
                                            << "\"tie_word_embeddings\": false" << "'lm_head.weight' [96,32] is missing";
    QTest::newRow("more layers") << "qwen3" << "\"num_hidden_layers\": 2" << "\"num_hidden_layers\": 3"
                                 << "'model.layers.2.input_layernorm.weight' [32] is missing";
    QTest::newRow("no qk norm") << "qwen3" << "\"model_type\": \"qwen3\"" << "\"model_type\": \"qwen2\""
                                << "missing";
    QTest::newRow("neox other head count") << "gpt_neox" << "\"num_attention_heads\": 4" << "\"num_attention_heads\": 8"
                                   << "";  // same shapes, another split: must still open
}

void tst_Architectures::brokenWeights() {
    QFETCH(QString, fixture);
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, says);
    const QTemporaryDir dir;
    const QString d = copyOf(dir, fixture);
    editConfig(d, testutil::str(from), testutil::str(to));
    const auto e = testutil::errorOf([&] { load_model(testutil::str(d)); });
    if (says.isEmpty()) {
        QVERIFY2(!e, e ? e->what() : "");
        return;
    }
    QVERIFY(e);
    const QString what = QString::fromUtf8(e->what());
    QVERIFY2(what.contains(says), qPrintable(what));
}

// The shard index may only name files in the folder, each tensor once.
void tst_Architectures::hostileShardIndex() {
    const QTemporaryDir dir;
    const QString d = copyOf(dir, "llama");
    const QString index = d + "/model.safetensors.index.json";
    const std::string good = readText(index);
    for (const auto& [text, says] :
         {std::pair{std::string("{\"weight_map\": {\"a\": \"../../etc/passwd\"}}"), "not a file in the folder"},
          std::pair{std::string("{\"weight_map\": {}}"), "empty"},
          std::pair{std::string("{\"weight_map\": {\"a\": \"gone.safetensors\"}}"), "missing"},
          std::pair{std::string("[1, 2]"), "weight_map"}}) {
        writeText(index, text);
        const auto e = testutil::errorOf([&] { load_model(testutil::str(d)); });
        QVERIFY(e);
        QVERIFY2(QString::fromUtf8(e->what()).contains(says), e->what());
    }
    // Both shards named, one of them twice under another name: a tensor in two files.
    writeText(index, good);
    fs::copy_file(testutil::str(d + "/model-00001-of-00002.safetensors"), testutil::str(d + "/copy.safetensors"));
    std::string twice = good;
    twice.insert(twice.find('{', twice.find("weight_map")) + 1, "\"x\": \"copy.safetensors\",");
    writeText(index, twice);
    const auto e = testutil::errorOf([&] { load_model(testutil::str(d)); });
    QVERIFY(e);
    QVERIFY2(QString::fromUtf8(e->what()).contains("also in another shard"), e->what());
}

// Every numeric field of a config.json set to values a broken or hostile file
// may hold: the folder opens or load_model throws attnscope::Error, nothing
// else (no crash, no other exception, no allocation from an unchecked size).
void tst_Architectures::hostileValuesNeverCrash() {
    const QTemporaryDir dir;
    const QString d = copyOf(dir, "llama");
    QFile f(d + "/config.json");
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject good = QJsonDocument::fromJson(f.readAll()).object();
    f.close();
    const QJsonValue values[] = {-1, 0, 1, 7, 2147483648.0, 1e30, 3.5, QJsonValue(), "x", true};
    int opened = 0, refused = 0;
    for (const char* field : {"vocab_size", "hidden_size", "num_attention_heads", "num_key_value_heads",
                              "num_hidden_layers", "intermediate_size", "max_position_embeddings", "rms_norm_eps",
                              "rope_theta", "head_dim", "tie_word_embeddings", "rope_scaling"})
        for (const QJsonValue& v : values) {
            QJsonObject c = good;
            c[QLatin1String(field)] = v;
            QVERIFY(testutil::writeFile(d + "/config.json", QJsonDocument(c).toJson()));
            const auto e = testutil::errorOf([&] { load_model(testutil::str(d)); });
            ++(e ? refused : opened);
        }
    QVERIFY(refused > 80);
    QVERIFY(opened > 0);  // e.g. a shorter context, eps 0.5... still the same tensors
}

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

QTEST_MAIN(tst_Architectures)
#include "tst_architectures.moc"
