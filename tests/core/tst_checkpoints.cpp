// The checkpoints people train, opened through load_model and checked against
// PyTorch: tests/scripts/make_checkpoints.py saved each fixture with torch.save
// (seed, nanoGPT) or in a Hugging Face GPT-2 folder, beside what the model
// computes for a fixed token list. Every layer's and head's softmax weights and
// the last position's logits must match within 1e-5 max-abs.
#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "attnscope/common/error.h"
#include "attnscope/formats/json.h"
#include "attnscope/run/model.h"
#include "attnscope/model/model_file.h"
#include "testutil.h"

using namespace attnscope;

namespace {

constexpr double kTol = 1e-5;

QString checkpoints(const QString& sub = {}) { return testutil::fixtures("checkpoints/" + sub); }

struct Expected {
    SafetensorsFile file;
    std::vector<int> tokens;
};

Expected loadExpected(const QString& name) {
    Expected e;
    e.file = read_safetensors(testutil::str(checkpoints(name + ".expected.safetensors")));
    const Json tokens = Json::parse(e.file.metadata.at("tokens"));
    for (const Json& t : tokens.items()) e.tokens.push_back(int(t.as_int()));
    return e;
}

// The fixture itself: a file, or a folder for the Hugging Face cases.
QString modelPath(const QString& name) {
    const QString folder = checkpoints(name);
    return QFileInfo(folder).isDir() ? folder : checkpoints(name + ".pt");
}

bool hasNote(const LoadedModel& m, const QString& part) {
    for (const std::string& n : m.notes)
        if (QString::fromStdString(n).contains(part)) return true;
    return false;
}

QString notes(const LoadedModel& m) {
    QStringList all;
    for (const std::string& n : m.notes) all << QString::fromStdString(n);
    return all.join(QStringLiteral(" | "));
}

// Every tensor of two models, by canonical name, bit for bit.
bool sameWeights(const Weights& a, const Weights& b, QString* why) {
    const TensorMap ta = to_seed_state_dict(a), tb = to_seed_state_dict(b);
    if (ta.size() != tb.size()) {
        *why = QStringLiteral("%1 vs %2 tensors").arg(ta.size()).arg(tb.size());
        return false;
    }
    for (const auto& [name, t] : ta) {
        const auto it = tb.find(name);
        if (it == tb.end() || it->second.shape != t.shape || it->second.data != t.data) {
            *why = QString::fromStdString("tensor '" + name + "' differs");
            return false;
        }
    }
    return true;
}

const QStringList kFixtures = {
    "seed_adamw",       "seed_orig_mod",        "seed_f16",    "seed_bf16_module",
    "nanogpt_bias",     "nanogpt_nobias",       "nanogpt_config_heads", "nanogpt_bare",
    "hf_gpt2",          "hf_gpt2_prefixed",     "hf_gpt2_bin",
    // What the seed repository's scripts save (make_seed_payload_fixtures).
    "seed_pretrain",    "seed_sft",             "seed_reward", "seed_value_head",
    "seed_ddp",         "seed_compile",         "seed_50304",  "seed_objects",
    "seed_lightning",
};

bool listed(const std::vector<std::string>& list, const QString& part) {
    for (const std::string& n : list)
        if (QString::fromStdString(n).contains(part)) return true;
    return false;
}

}  // namespace

class tst_Checkpoints : public QObject {
    Q_OBJECT
private slots:
    void matchesPyTorch_data();
    void matchesPyTorch();
    void findsTheConfig_data();
    void findsTheConfig();
    void stripsWrapperPrefixes_data();
    void stripsWrapperPrefixes();
    void ignoresOptimizerState();
    void keepsNanoGptModelArgs();
    void saysWhenHeadsAreAssumed();
    void tiesTheHead_data();
    void tiesTheHead();
    void readsGpt2SafetensorsFileWithSiblingConfig();
    void roundTripsThroughSafetensors_data();
    void roundTripsThroughSafetensors();
    void readsEveryPickleProtocol_data();
    void readsEveryPickleProtocol();
    void readsTheSeedPretrainingPayload();
    void opensTheBackboneOfAWrapper_data();
    void opensTheBackboneOfAWrapper();
    void leavesUnknownObjectsInert();
    void findsAStateDictUnderAPrefix();
    void refusesAConfigThatContradictsTheTensors();
    void readsPaddedGpt2VocabularyInBf16();
};

void tst_Checkpoints::matchesPyTorch_data() {
    QTest::addColumn<QString>("name");
    for (const QString& f : kFixtures) QTest::newRow(qPrintable(f)) << f;
}

void tst_Checkpoints::matchesPyTorch() {
    QFETCH(QString, name);
    const LoadedModel lm = load_model(testutil::str(modelPath(name)));
    const Expected e = loadExpected(name);
    RunOptions opt;
    opt.threads = 2;
    const Trace tr = Model(lm.weights).run(e.tokens, opt);
    const int T = int(e.tokens.size());
    QCOMPARE(tr.n_layer(), lm.weights->config.n_layer);
    for (int l = 0; l < tr.n_layer(); ++l) {
        const Tensor& want = e.file.tensors.at("blk." + std::to_string(l) + ".attn.weights");
        QCOMPARE(want.shape, (Shape{tr.n_head(), T, T}));
        for (int h = 0; h < tr.n_head(); ++h) {
            const MatrixRM got = tr.head_weights(l, h);
            QString report;
            const double d = testutil::maxAbsDiff(got.data(), want.data.data() + int64_t(h) * T * T,
                                                  int64_t(T) * T, kTol, &report);
            if (d > kTol)
                QFAIL(qPrintable(QStringLiteral("layer %1 head %2 weights: max-abs %3 > 1e-5: %4")
                                     .arg(l).arg(h).arg(d).arg(report)));
        }
    }
    const Tensor& want = e.file.tensors.at("logits");
    QCOMPARE(want.numel(), int64_t(lm.weights->config.vocab_size));
    const auto got = tr.logits_at(T - 1);
    QString report;
    const double d = testutil::maxAbsDiff(got.data(), want.data.data(), want.numel(), kTol, &report);
    if (d > kTol) QFAIL(qPrintable(QStringLiteral("logits: max-abs %1 > 1e-5: %2").arg(d).arg(report)));
}

void tst_Checkpoints::findsTheConfig_data() { matchesPyTorch_data(); }

// The config, naming, format and state-dict location the script says the file has.
void tst_Checkpoints::findsTheConfig() {
    QFETCH(QString, name);
    const LoadedModel lm = load_model(testutil::str(modelPath(name)));
    const Expected e = loadExpected(name);
    const Metadata& m = e.file.metadata;
    QCOMPARE(QString::fromStdString(lm.weights->config.to_json()),
             QString::fromStdString(ModelConfig::from_json(m.at("config")).to_json()));
    QCOMPARE(QString::fromStdString(lm.naming), QString::fromStdString(m.at("naming")));
    QCOMPARE(QString::fromStdString(lm.format), QString::fromStdString(m.at("format")));
    QCOMPARE(QString::fromStdString(lm.state_dict_key), QString::fromStdString(m.at("state_dict_key")));
    QCOMPARE(QString::fromStdString(lm.path), modelPath(name));
    QVERIFY(!lm.file_tensors.empty());
}

void tst_Checkpoints::stripsWrapperPrefixes_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("prefix");
    QTest::newRow("torch.compile seed") << "seed_orig_mod" << "_orig_mod.";
    QTest::newRow("DDP seed") << "seed_bf16_module" << "module.";
    QTest::newRow("torch.compile nanoGPT") << "nanogpt_nobias" << "_orig_mod.";
    QTest::newRow("DDP seed payload") << "seed_ddp" << "module.";
    QTest::newRow("torch.compile seed payload") << "seed_compile" << "_orig_mod.";
}

// file_tensors keep the names as stored; the weights load under the bare names
// (matchesPyTorch shows the numbers) and a note says what was removed.
void tst_Checkpoints::stripsWrapperPrefixes() {
    QFETCH(QString, name);
    QFETCH(QString, prefix);
    const LoadedModel lm = load_model(testutil::str(modelPath(name)));
    QVERIFY(!lm.file_tensors.empty());
    for (const auto& [stored, shape] : lm.file_tensors)
        QVERIFY2(QString::fromStdString(stored).startsWith(prefix), stored.c_str());
    QVERIFY2(hasNote(lm, "'" + prefix + "' prefix"), qPrintable(notes(lm)));
}

void tst_Checkpoints::ignoresOptimizerState() {
    const LoadedModel lm = load_model(testutil::str(modelPath("seed_adamw")));
    QCOMPARE(QString::fromStdString(lm.state_dict_key), QStringLiteral("model_state_dict"));
    QVERIFY2(hasNote(lm, "optimizer_state_dict") && hasNote(lm, "losses"), qPrintable(notes(lm)));
    // Only the state dict's tensors are listed (and materialized), no optimizer moments.
    for (const auto& [stored, shape] : lm.file_tensors) QVERIFY(!QString::fromStdString(stored).contains("exp_avg"));
    // Embeddings; per block ln1, 4 heads x (key, query, value, tril), proj, ln2, mlp;
    // layer_norm, lm_head and the pos_idxs buffer.
    QCOMPARE(int(lm.file_tensors.size()), 2 + 2 * (2 + 4 * 4 + 2 + 2 + 4) + 2 + 2 + 1);
}

void tst_Checkpoints::keepsNanoGptModelArgs() {
    const LoadedModel lm = load_model(testutil::str(modelPath("nanogpt_nobias")));
    QCOMPARE(QString::fromStdString(lm.model_args.at("n_head")), QStringLiteral("2"));
    QCOMPARE(QString::fromStdString(lm.model_args.at("n_embd")), QStringLiteral("20"));
    QCOMPARE(QString::fromStdString(lm.model_args.at("bias")), QStringLiteral("false"));
    QCOMPARE(QString::fromStdString(lm.model_args.at("vocab_size")), QStringLiteral("64"));
    const ModelConfig& c = lm.weights->config;
    QVERIFY(!c.bias);
    QVERIFY(!c.qkv_bias);
    QCOMPARE(c.activation, Activation::GeluErf);
    QVERIFY(lm.weights->layers[0].ln1.bias.size() == 0);
    QVERIFY(lm.weights->ln_f.bias.size() == 0);
    QVERIFY2(hasNote(lm, "config from the checkpoint's model_args"), qPrintable(notes(lm)));
    QVERIFY2(hasNote(lm, "ignored optimizer, iter_num, best_val_loss, config"), qPrintable(notes(lm)));
}

void tst_Checkpoints::saysWhenHeadsAreAssumed() {
    const LoadedModel bare = load_model(testutil::str(modelPath("nanogpt_bare")));
    QCOMPARE(bare.weights->config.n_head, 1);
    QVERIFY2(hasNote(bare, "assumed 1"), qPrintable(notes(bare)));
    const LoadedModel fromConfig = load_model(testutil::str(modelPath("nanogpt_config_heads")));
    QCOMPARE(fromConfig.weights->config.n_head, 2);
    QVERIFY2(!hasNote(fromConfig, "assumed"), qPrintable(notes(fromConfig)));
    QVERIFY2(hasNote(fromConfig, "training config"), qPrintable(notes(fromConfig)));
}

void tst_Checkpoints::tiesTheHead_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("tied");
    QTest::newRow("seed") << "seed_adamw" << false;
    QTest::newRow("seed GPT-2 flavour, lm_head saved twice") << "seed_bf16_module" << true;
    QTest::newRow("nanoGPT, lm_head saved twice") << "nanogpt_bias" << true;
    QTest::newRow("HF safetensors, no lm_head") << "hf_gpt2" << true;
    QTest::newRow("HF bin, lm_head saved twice") << "hf_gpt2_bin" << true;
}

void tst_Checkpoints::tiesTheHead() {
    QFETCH(QString, name);
    QFETCH(bool, tied);
    const LoadedModel lm = load_model(testutil::str(modelPath(name)));
    const Weights& w = *lm.weights;
    QCOMPARE(w.config.tied_lm_head, tied);
    QCOMPARE(w.lm_head.weight.size() == 0, tied);
    QCOMPARE(w.unembedding().rows(), Eigen::Index(w.config.vocab_size));
    if (tied) QCOMPARE(w.unembedding().data(), w.tok_embed.data());
}

// A GPT-2 model.safetensors opened as a file takes its config from the
// config.json beside it and computes the same as the folder.
void tst_Checkpoints::readsGpt2SafetensorsFileWithSiblingConfig() {
    const LoadedModel file = load_model(testutil::str(checkpoints("hf_gpt2_prefixed/model.safetensors")));
    QCOMPARE(QString::fromStdString(file.format), QStringLiteral("safetensors"));
    QCOMPARE(QString::fromStdString(file.naming), QStringLiteral("hf-gpt2"));
    QVERIFY2(hasNote(file, "config.json"), qPrintable(notes(file)));
    const LoadedModel folder = load_model(testutil::str(checkpoints("hf_gpt2_prefixed")));
    QString why;
    QVERIFY2(sameWeights(*file.weights, *folder.weights, &why), qPrintable(why));
    QCOMPARE(file.weights->config, folder.weights->config);
}

void tst_Checkpoints::roundTripsThroughSafetensors_data() { matchesPyTorch_data(); }

// save_model writes the canonical weights; reading them back gives the same
// config and every tensor bit for bit, whatever format they came from.
void tst_Checkpoints::roundTripsThroughSafetensors() {
    QFETCH(QString, name);
    const LoadedModel lm = load_model(testutil::str(modelPath(name)));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string out = testutil::str(dir.filePath("model.safetensors"));
    save_model(out, *lm.weights);
    const LoadedModel back = load_model(out);
    QCOMPARE(QString::fromStdString(back.format), QStringLiteral("safetensors"));
    QCOMPARE(QString::fromStdString(back.naming), QStringLiteral("seed"));
    QCOMPARE(QString::fromStdString(back.weights->config.to_json()),
             QString::fromStdString(lm.weights->config.to_json()));
    QString why;
    QVERIFY2(sameWeights(*lm.weights, *back.weights, &why), qPrintable(why));
    const Expected e = loadExpected(name);
    const Trace a = Model(lm.weights).run(e.tokens), b = Model(back.weights).run(e.tokens);
    QCOMPARE(a.logits.data, b.logits.data);
}

void tst_Checkpoints::readsEveryPickleProtocol_data() {
    QTest::addColumn<int>("protocol");
    for (int p = 1; p <= 5; ++p) QTest::addRow("protocol %d", p) << p;
}

// torch.save(..., pickle_protocol=N) of one model, with plain data beside it:
// every protocol gives the same weights. The model holds a column-major
// lm_head and a position embedding at an offset in its storage; protocol 5
// stores float64 (the same float32 values).
void tst_Checkpoints::readsEveryPickleProtocol() {
    QFETCH(int, protocol);
    const LoadedModel lm = load_model(testutil::str(checkpoints(QStringLiteral("protocols/seed_p%1.pt").arg(protocol))));
    const LoadedModel p2 = load_model(testutil::str(checkpoints("protocols/seed_p2.pt")));
    QCOMPARE(QString::fromStdString(lm.state_dict_key), QStringLiteral("model_state_dict"));
    QVERIFY2(hasNote(lm, "ignored extra, epoch"), qPrintable(notes(lm)));
    QString why;
    QVERIFY2(sameWeights(*lm.weights, *p2.weights, &why), qPrintable(why));
    // The strided views were gathered, not copied as stored.
    const Weights& w = *lm.weights;
    QCOMPARE(w.lm_head.weight.rows(), Eigen::Index(10));
    QVERIFY(w.lm_head.weight.row(0) != w.lm_head.weight.row(1));
    QCOMPARE(w.pos_embed.rows(), Eigen::Index(12));
}

// The pretraining script's payload: the weights are found beside AdamW state
// after two steps (moments shaped like the parameters), the stored config is
// checked against the tensors, and the objects torch.save leaves (TorchVersion,
// torch.device) neither stop the load nor run.
void tst_Checkpoints::readsTheSeedPretrainingPayload() {
    const LoadedModel lm = load_model(testutil::str(modelPath("seed_pretrain")));
    QCOMPARE(QString::fromStdString(lm.state_dict_key), QStringLiteral("model_state_dict"));
    QCOMPARE(QString::fromStdString(lm.config_key), QStringLiteral("config"));
    QVERIFY2(hasNote(lm, "'config' agrees with the tensors (n_embed, n_head, n_blocks, context_length, vocab_size)"),
             qPrintable(notes(lm)));
    QVERIFY2(hasNote(lm, "optimizer_state_dict") && hasNote(lm, "pytorch_version") && hasNote(lm, "lr_state"),
             qPrintable(notes(lm)));
    for (const auto& [stored, shape] : lm.file_tensors) QVERIFY(!QString::fromStdString(stored).contains("exp_avg"));
    QVERIFY2(listed(lm.not_run, "torch.device"), qPrintable(notes(lm)));
    // TorchVersion is a str, read as one: nothing to leave unbuilt.
    QVERIFY(!listed(lm.not_run, "TorchVersion"));
}

void tst_Checkpoints::opensTheBackboneOfAWrapper_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("head");
    QTest::addColumn<int>("tensors");
    QTest::newRow("reward model") << "seed_reward" << "reward_head: reward_head.weight [1,16]" << 1;
    QTest::newRow("policy with a value head") << "seed_value_head" << "value_head: value_head.0.bias [16]" << 4;
}

// A wrapper's state dict: the transformer under `transformer.`, an extra head
// beside it. The backbone opens (matchesPyTorch checks its numbers) and the
// head is named as left out.
void tst_Checkpoints::opensTheBackboneOfAWrapper() {
    QFETCH(QString, name);
    QFETCH(QString, head);
    QFETCH(int, tensors);
    const LoadedModel lm = load_model(testutil::str(modelPath(name)));
    QCOMPARE(int(lm.left_out.size()), 1);
    QVERIFY2(QString::fromStdString(lm.left_out[0]).startsWith(head), lm.left_out[0].c_str());
    QCOMPARE(int(QString::fromStdString(lm.left_out[0]).count(QStringLiteral("value_head.")) +
                 QString::fromStdString(lm.left_out[0]).count(QStringLiteral("reward_head."))),
             tensors);
    QVERIFY2(hasNote(lm, "opened the model under 'transformer.'"), qPrintable(notes(lm)));
    QVERIFY2(hasNote(lm, "'cfg' agrees with the tensors"), qPrintable(notes(lm)));
}

// argparse.Namespace, a dataclass, pathlib, functools.partial, numpy scalars and
// arrays, sets, bytes and torch dtypes beside the weights: each is either read
// as the value it is (numbers, sets, bytes) or kept as an inert placeholder; the
// hyper-parameters in a dict subclass are still found and checked.
void tst_Checkpoints::leavesUnknownObjectsInert() {
    const LoadedModel lm = load_model(testutil::str(modelPath("seed_objects")));
    QCOMPARE(QString::fromStdString(lm.config_key), QStringLiteral("hyper_parameters"));
    QVERIFY2(hasNote(lm, "'hyper_parameters' agrees with the tensors"), qPrintable(notes(lm)));
    for (const char* name : {"argparse.Namespace", "functools.partial", "pathlib.PurePosixPath",
                             "__main__.RunInfo", "__main__.AttributeDict", "numpy.core.multiarray._reconstruct"})
        QVERIFY2(listed(lm.not_run, name), qPrintable(QString::fromLatin1(name) + " | " +
                                                      QString::fromStdString(lm.not_run.empty() ? "" : lm.not_run[0])));
    // Values that need no code are built, not left as placeholders.
    for (const char* name : {"torch.Size", "builtins.set", "_codecs.encode", "numpy.core.multiarray.scalar",
                             "numpy.dtype", "torch.float32"})
        QVERIFY2(!listed(lm.not_run, name), name);
}

// Lightning keeps the state dict under `state_dict`, each name prefixed by the
// attribute that holds the model, and the hyper-parameters in an AttributeDict.
void tst_Checkpoints::findsAStateDictUnderAPrefix() {
    const LoadedModel lm = load_model(testutil::str(modelPath("seed_lightning")));
    QCOMPARE(QString::fromStdString(lm.state_dict_key), QStringLiteral("state_dict"));
    QVERIFY2(hasNote(lm, "opened the model under 'model.'"), qPrintable(notes(lm)));
    QVERIFY(lm.left_out.empty());
    QCOMPARE(QString::fromStdString(lm.config_key), QStringLiteral("hyper_parameters"));
}

void tst_Checkpoints::refusesAConfigThatContradictsTheTensors() {
    try {
        load_model(testutil::str(checkpoints("seed_conflict.pt")));
        QFAIL("a config of 8 heads beside 4-head tensors was accepted");
    } catch (const Error& e) {
        QCOMPARE(e.code(), ErrorCode::BadFormat);
        const QString msg = QString::fromUtf8(e.what());
        QVERIFY2(msg.contains("seed_conflict.pt") && msg.contains("'config' says n_head = 8") &&
                     msg.contains("heads 4"),
                 qPrintable(msg));
    }
}

void tst_Checkpoints::readsPaddedGpt2VocabularyInBf16() {
    const LoadedModel lm = load_model(testutil::str(modelPath("seed_50304")));
    QCOMPARE(lm.weights->config.vocab_size, 50304);
    QCOMPARE(QString::fromStdString(lm.config_key), QStringLiteral("cfg"));
    QVERIFY(lm.not_run.empty());
}

QTEST_GUILESS_MAIN(tst_Checkpoints)
#include "tst_checkpoints.moc"
