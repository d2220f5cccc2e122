// The architecture table against PyTorch: Hugging Face folders of Llama,
// Mistral, Qwen2, Qwen3 and GPT-NeoX made by tests/scripts/make_arch_golden.py
// (plain PyTorch written as the HF modelling code computes), opened by
// load_model and run; attention weights and logits must match within 1e-4.
// Then the folders and configs a hostile or mistaken user may hand over.
#include "tst_architectures.h"

namespace {

constexpr double kTol = 1e-4;

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

QTEST_MAIN(tst_Architectures)
#include "moc_tst_architectures.cpp"
