// attnscope-cli as a user runs it: output that matches PyTorch, exit statuses,
// and one clear line on stderr for every kind of mistake.
#include "tst_cli.h"

#include "attnscope/model/model_file.h"
#include "attnscope/model/weights.h"
#include "attnscope/run/model.h"

void tst_Cli::dumpMatchesPyTorch_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("seed_small") << "seed_small";
    QTest::newRow("gpt2_variant") << "gpt2_variant";
    QTest::newRow("multi_tile") << "multi_tile";
}

void tst_Cli::dumpMatchesPyTorch() {
    QFETCH(QString, name);
    const SafetensorsFile want = read_safetensors(testutil::str(testutil::fixtures("golden/" + name + ".expected.safetensors")));
    const Json tokensJson = Json::parse(want.metadata.at("tokens"));
    QStringList ids;
    for (const Json& t : tokensJson.items()) ids << QString::number(t.as_int());
    const QString out = tmp_.filePath(name + ".json");
    const Run r = cli({"dump", "--model", testutil::fixtures("golden/" + name + ".model.safetensors"), "--tokens",
                       ids.join(','), "-o", out});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    const QJsonObject j = readJson(out);
    const QJsonArray layers = j["layers"].toArray();
    const int T = int(ids.size());
    double worst = 0;
    for (int l = 0; l < layers.size(); ++l) {
        const Tensor& w = want.tensors.at("blk." + std::to_string(l) + ".attn.weights");
        const QJsonArray heads = layers[l].toObject()["heads"].toArray();
        QCOMPARE(int64_t(heads.size()), w.shape[0]);
        for (int h = 0; h < heads.size(); ++h) {
            const QJsonArray rows = heads[h].toObject()["weights"].toArray();
            QCOMPARE(rows.size(), T);
            for (int i = 0; i < T; ++i)
                for (int k = 0; k < T; ++k)
                    worst = std::max(worst, std::abs(rows[i].toArray()[k].toDouble() -
                                                     double(w.data[size_t((h * T + i) * T + k)])));
        }
    }
    QVERIFY2(worst <= 1e-5, qPrintable(QString::number(worst)));
    const Tensor& logits = want.tensors.at("logits");
    const QJsonArray last = j["logits_last"].toArray();
    const int64_t V = logits.shape[1];
    QCOMPARE(int64_t(last.size()), V);
    for (int64_t v = 0; v < V; ++v)
        QVERIFY(std::abs(last[int(v)].toDouble() - double(logits.data[size_t((T - 1) * V + v)])) <= 1e-5);
}

void tst_Cli::dumpRandomModelHasEveryField() {
    const QString out = tmp_.filePath("random.json");
    const Run r = cli({"dump", "--random", "n_layer=2,n_head=4,n_embed=32,context=64,vocab=65,seed=1", "--tokens",
                       "3,1,4,1", "-o", out, "--threads", "2"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY(r.err.isEmpty());
    const QJsonObject j = readJson(out);
    QCOMPARE(j["config"].toObject()["n_head"].toInt(), 4);
    const QJsonArray tokens = j["tokens"].toArray();
    QCOMPARE(tokens.size(), 4);
    QCOMPARE(tokens[2].toObject()["id"].toInt(), 4);
    QVERIFY(tokens[2].toObject().contains("text"));
    bool sawScores = false;
    for (const QJsonValue s : j["shapes"].toArray())
        if (s.toObject()["stage"] == "scores") {
            QCOMPARE(s.toObject()["shape"].toArray(), (QJsonArray{4, 4, 4}));
            sawScores = true;
        }
    QVERIFY(sawScores);
    const QJsonArray layers = j["layers"].toArray();
    QCOMPARE(layers.size(), 2);
    const QJsonObject head = layers[1].toObject()["heads"].toArray()[3].toObject();
    const QJsonArray scores = head["scores"].toArray();
    QVERIFY(scores[0].toArray()[1].isNull());      // masked: null
    QVERIFY(scores[3].toArray()[1].isDouble());    // before the mask: a number
    QCOMPARE(head["weights"].toArray()[0].toArray()[1].toDouble(), 0.0);
    QCOMPARE(j["logits_last"].toArray().size(), 65);
}

void tst_Cli::dumpBidirectionalAndAblate() {
    const QString a = tmp_.filePath("bi.json"), b = tmp_.filePath("abl.json"), c = tmp_.filePath("plain.json");
    const QStringList base = {"dump", "--random", "n_layer=2,n_head=2,n_embed=16,context=16,vocab=11,seed=3", "--tokens", "1,2,3"};
    QCOMPARE(cli(base + QStringList{"-o", a, "--bidirectional"}).status, 0);
    QCOMPARE(cli(base + QStringList{"-o", b, "--ablate", "0.1,1.0"}).status, 0);
    QCOMPARE(cli(base + QStringList{"-o", c}).status, 0);
    const QJsonArray bi = readJson(a)["layers"].toArray()[0].toObject()["heads"].toArray()[0].toObject()["weights"].toArray();
    QVERIFY(bi[0].toArray()[2].toDouble() > 0.0);  // the first token sees the last one
    QVERIFY(readJson(b)["logits_last"] != readJson(c)["logits_last"]);
}

// With no model named, the bundled demo model answers, with its own tokenizer.
void tst_Cli::dumpUsesTheDemoModelByDefault() {
    const QString out = tmp_.filePath("demo.json");
    const Run r = cli({"dump", "--text", "ROMEO:", "-o", out});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    const QJsonObject j = readJson(out);
    QStringList texts;
    for (const QJsonValue t : j["tokens"].toArray()) texts << t.toObject()["text"].toString();
    QCOMPARE(texts, (QStringList{"R", "O", "M", "E", "O", ":"}));
    QCOMPARE(j["config"].toObject()["n_layer"].toInt(), 4);
    QCOMPARE(j["logits_last"].toArray().size(), 65);
}

// info, tokenize and convert on real files; a converted checkpoint runs the same.
void tst_Cli::infoTokenizeConvert() {
    const Run info = cli({"info", "--json", testutil::fixtures("checkpoints/nanogpt_bias.pt")});
    QVERIFY2(info.status == 0, qPrintable(info.err));
    const QJsonObject i = QJsonDocument::fromJson(info.out.toUtf8()).object();
    QCOMPARE(i["format"].toString(), QStringLiteral("pytorch-zip"));
    QCOMPARE(i["naming"].toString(), QStringLiteral("nanogpt"));
    QVERIFY(i["parameters"].toInteger() > 1000);
    QVERIFY(i["tensors"].toArray().size() > 10);

    const Run tok = cli({"tokenize", "--text", "To be, or"});  // the demo's char tokenizer
    QVERIFY2(tok.status == 0, qPrintable(tok.err));
    const QJsonObject t = QJsonDocument::fromJson(tok.out.toUtf8()).object();
    QCOMPARE(t["ids"].toArray().size(), 9);
    QCOMPARE(t["tokens"].toArray()[2].toObject()["text"].toString(), QStringLiteral(" "));

    const QString converted = tmp_.filePath("seed.safetensors");
    const QString ckpt = testutil::fixtures("checkpoints/seed_adamw.pt");
    const Run conv = cli({"convert", ckpt, "-o", converted});
    QVERIFY2(conv.status == 0, qPrintable(conv.err));
    const QString a = tmp_.filePath("a.json"), b = tmp_.filePath("b.json");
    QCOMPARE(cli({"dump", "--model", ckpt, "--tokens", "1,2,3,4", "-o", a}).status, 0);
    QCOMPARE(cli({"dump", "--model", converted, "--tokens", "1,2,3,4", "-o", b}).status, 0);
    QCOMPARE(readJson(a)["logits_last"], readJson(b)["logits_last"]);
    QCOMPARE(readJson(a)["layers"], readJson(b)["layers"]);
}

void tst_Cli::huggingFaceFoldersOpenInEveryVerb_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("says");
    QTest::newRow("llama, sharded") << "llama" << "hf-folder-sharded (llama names)";
    QTest::newRow("qwen3") << "qwen3" << "q/k norm";
    QTest::newRow("gpt_neox") << "gpt_neox" << "parallel residual";
}

// An HF folder of the architecture table is a --model like any file: dump
// matches PyTorch, info names the row's features, predict runs.
void tst_Cli::huggingFaceFoldersOpenInEveryVerb() {
    QFETCH(QString, name);
    QFETCH(QString, says);
    const QString dir = testutil::fixtures("arch/" + name);
    const SafetensorsFile want = read_safetensors(testutil::str(dir + "/reference.safetensors"));
    QStringList ids;
    for (const float t : want.tensors.at("tokens").data) ids << QString::number(int(t));
    const QString out = tmp_.filePath(name + ".hf.json");
    Run r = cli({"dump", "--model", dir, "--tokens", ids.join(','), "-o", out});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    const QJsonObject j = readJson(out);
    const int T = int(ids.size());
    const Tensor& w = want.tensors.at("attn.1");
    const QJsonArray heads = j["layers"].toArray()[1].toObject()["heads"].toArray();
    QCOMPARE(int64_t(heads.size()), w.shape[0]);
    double worst = 0;
    for (int h = 0; h < heads.size(); ++h)
        for (int i = 0; i < T; ++i)
            for (int k = 0; k < T; ++k)
                worst = std::max(worst, std::abs(heads[h].toObject()["weights"].toArray()[i].toArray()[k].toDouble() -
                                                 double(w.data[size_t((h * T + i) * T + k)])));
    const Tensor& logits = want.tensors.at("logits");
    const QJsonArray last = j["logits_last"].toArray();
    const int64_t V = logits.shape[1];
    QCOMPARE(int64_t(last.size()), V);
    for (int64_t v = 0; v < V; ++v)
        worst = std::max(worst, std::abs(last[int(v)].toDouble() - double(logits.data[size_t((T - 1) * V + v)])));
    QVERIFY2(worst <= 1e-4, qPrintable(QString::number(worst)));

    r = cli({"info", dir});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(says), qPrintable(r.out));
    r = cli({"predict", "--model", dir, "--tokens", ids.join(','), "--top", "3"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("\"top\""), qPrintable(r.out));
}

// A tokenizer.json beside the weights is the model's tokenizer (Llama 2's real
// file from ../shared/data beside the small Llama fixture).
void tst_Cli::huggingFaceFolderUsesItsTokenizerJson() {
    const QString tok = testutil::sharedData("tokenizers/llama2/tokenizer.json");
    if (!QFile::exists(tok)) QSKIP(qPrintable("missing " + tok));
    const QString dir = tmp_.filePath("llama_with_tokenizer");
    QVERIFY(QDir().mkpath(dir));
    for (const QString& f : QDir(testutil::fixtures("arch/llama")).entryList(QDir::Files))
        QVERIFY(QFile::copy(testutil::fixtures("arch/llama/" + f), dir + "/" + f));
    QVERIFY(QFile::copy(tok, dir + "/tokenizer.json"));
    Run r = cli({"info", dir});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("sentencepiece-bpe from") && r.out.contains("32000 tokens"), qPrintable(r.out));
    r = cli({"tokenize", "--model", dir, "--text", "Hello world"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("\"ids\":[1,22557,1526]"), qPrintable(r.out));
}

// `bench --model` (here a random one): one JSON object with the issue's keys; the
// appended edit keeps every earlier row, the middle edit keeps the first half.
void tst_Cli::benchOnAModelPrintsOneJsonObject() {
    const QString spec = "n_layer=2,n_head=2,n_embed=32,context=128,vocab=50";
    for (const QString& edit : {QStringLiteral("append"), QStringLiteral("middle")}) {
        const Run r = cli({"bench", "--random", spec, "--tokens", "100", "--edit", edit, "--threads", "2", "--json"});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QJsonParseError err;
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8(), &err).object();
        QVERIFY2(err.error == QJsonParseError::NoError, qPrintable(r.out));
        for (const char* key : {"tokens", "threads", "full_ms", "full_gflops", "edit_ms", "peak_rss_mb", "trace_mb",
                                "bf16_convert_ms"})
            QVERIFY2(o.contains(QLatin1String(key)), key);
        QVERIFY(o["bf16_convert_ms"].toDouble() > 0);
        QCOMPARE(o["tokens"].toInt(), 100);
        QCOMPARE(o["threads"].toInt(), 2);
        QVERIFY(o["full_ms"].toDouble() > 0 && o["edit_ms"].toDouble() > 0);
        QVERIFY(o["trace_mb"].toDouble() > 0 && o["peak_rss_mb"].toDouble() > o["trace_mb"].toDouble());
        QCOMPARE(o["edit_tokens"].toInt(), edit == "append" ? 101 : 100);
        QCOMPARE(o["edit_reused_rows"].toInt(), edit == "append" ? 100 : 50);
        QVERIFY(o["edit_attention_from"].toInt() <= o["edit_reused_rows"].toInt());
    }
    // A Llama-shaped random model (the SmolLM benchmark row, scaled down).
    const Run r = cli({"bench", "--random", "arch=llama,n_layer=2,n_head=3,n_kv_head=1,n_embed=48,mlp_hidden=128,context=64,vocab=50",
                       "--tokens", "40", "--threads", "2", "--json"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY2(o["full_gflops"].toDouble() > 0 && o["edit_reused_rows"].toInt() == 40, qPrintable(r.out));

    // --scan: the ablation scan against the FMA peak and whole runs per head,
    // whose losses it equals.
    const Run s = cli({"bench", "--random", spec, "--tokens", "50", "--threads", "2", "--scan", "--baseline", "--json"});
    QVERIFY2(s.status == 0, qPrintable(s.err));
    const QJsonObject j = QJsonDocument::fromJson(s.out.toUtf8()).object();
    QCOMPARE(j["heads"].toInt(), 4);
    QCOMPARE(j["tokens"].toInt(), 50);
    QVERIFY2(j["scan_ms"].toDouble() > 0 && j["whole_runs_ms"].toDouble() > 0 && j["fma_peak_gflops"].toDouble() > 0,
             qPrintable(s.out));
    QVERIFY2(j["scan_gflop"].toDouble() > 0 && j["fma_bound_ms"].toDouble() > 0, qPrintable(s.out));
    QVERIFY2(j["losses_equal"].toBool(), qPrintable(s.out));
}

// The seed's checkpoints carry no tokenizer; a vocabulary of 50,304 rows means
// tiktoken's r50k_base, the GPT-2 BPE AttnScope ships.
void tst_Cli::gpt2VocabularyUsesTheBundledBpe() {
    const QString model = testutil::fixtures("checkpoints/seed_50304.pt");
    const Run tok = cli({"tokenize", "--model", model, "--text", "Hello world"});
    QVERIFY2(tok.status == 0, qPrintable(tok.err));
    const QJsonObject t = QJsonDocument::fromJson(tok.out.toUtf8()).object();
    QCOMPARE(t["ids"].toArray(), (QJsonArray{15496, 995}));
    QCOMPARE(t["tokenizer"].toString(), QStringLiteral("gpt2-bpe"));
    const Run info = cli({"info", model});
    QVERIFY2(info.status == 0, qPrintable(info.err));
    QVERIFY2(info.out.contains("GPT-2 BPE bundled with AttnScope, chosen for a vocabulary of 50304 rows"), qPrintable(info.out));
    // Any other vocabulary size still asks for a tokenizer.
    const Run other = cli({"tokenize", "--model", testutil::fixtures("checkpoints/seed_adamw.pt"), "--text", "Hello"});
    QCOMPARE(other.status, 1);
}

// --llama-cpp-rounding: a Q4_K file's prediction moves (its activations are
// rounded to Q8_K blocks first) and equals the core's run on
// with_llama_cpp_rounding's weights; without it, the exact run's.
void tst_Cli::llamaCppRoundingChangesAQuantizedRun() {
    const QString model = testutil::fixtures("gguf/llama_q4_k.gguf");
    const QStringList args{"predict", "--model", model, "--tokens", "1,40,41,42,43,44,45,46", "--top", "1", "--json"};
    const Run exact = cli(args);
    const Run rounded = cli(args + QStringList{"--llama-cpp-rounding"});
    QVERIFY2(exact.status == 0, qPrintable(exact.err));
    QVERIFY2(rounded.status == 0, qPrintable(rounded.err));
    const auto logitOf = [](const Run& r) {
        return QJsonDocument::fromJson(r.out.toUtf8()).object()["top"].toArray()[0].toObject()["logit"].toDouble();
    };
    const LoadedModel lm = load_model(testutil::str(model));
    const std::vector<int> ids{1, 40, 41, 42, 43, 44, 45, 46};
    const auto coreLogit = [&](std::shared_ptr<const Weights> w, int id) {
        Trace t;
        RunOptions o;
        Model(std::move(w)).run(ids, o, t);
        const int64_t V = t.logits.shape[1];
        return double(t.logits.data[size_t((t.logits.shape[0] - 1) * V + id)]);
    };
    const int top = QJsonDocument::fromJson(rounded.out.toUtf8()).object()["top"].toArray()[0].toObject()["id"].toInt();
    const double want = coreLogit(std::make_shared<Weights>(with_llama_cpp_rounding(*lm.weights)), top);
    const double plain = coreLogit(lm.weights, top);
    QCOMPARE(logitOf(rounded), want);
    QVERIFY2(std::abs(want - plain) > 1e-6, qPrintable(QString("%1 vs %2").arg(want).arg(plain)));
    QVERIFY2(std::abs(logitOf(exact) - logitOf(rounded)) > 1e-6 ||
                 QJsonDocument::fromJson(exact.out.toUtf8()).object()["top"].toArray()[0].toObject()["id"].toInt() != top,
             qPrintable(exact.out + rounded.out));
}

// A checkpoint with a command beside its weights opens; info names the call it did not make.
void tst_Cli::infoListsWhatWasNotRun() {
    const Run text = cli({"info", testutil::fixtures("checkpoints/hostile/os_system.pt")});
    QVERIFY2(text.status == 0, qPrintable(text.err));
    QVERIFY2(text.out.contains("not run:     posix.system"), qPrintable(text.out));
    const Run json = cli({"info", "--json", testutil::fixtures("checkpoints/seed_value_head.pt")});
    QVERIFY2(json.status == 0, qPrintable(json.err));
    const QJsonObject j = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(j["left_out"].toArray().size(), 1);
    QVERIFY(j["left_out"].toArray()[0].toString().startsWith("value_head: "));
}

// The demo's 65 characters lack 'é': it is left out of the run and said, not refused.
void tst_Cli::charactersOutsideTheVocabularyAreLeftOut() {
    const QString out = tmp_.filePath("accent.json");
    const Run r = cli({"dump", "--text", QStringLiteral("ROMEO: caf\u00e9!"), "-o", out});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("left out 1 character(s) the vocabulary lacks: \u00e9")), qPrintable(r.err));
    QStringList texts;
    for (const QJsonValue t : readJson(out)["tokens"].toArray()) texts << t.toObject()["text"].toString();
    QCOMPARE(texts.join(QString()), QStringLiteral("ROMEO: caf!"));
}

// The same export in two processes is the same PDF: a head figure's two fonts
// (title and labels) in one order
// (Qt writes them in a hash table's order, whose seed is random per process
// unless fixed), and with SOURCE_DATE_EPOCH the date it names. Without the
// variable the date is the time of writing.
void tst_Cli::pdfExportsAreTheSameBytesInEveryProcess() {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("SOURCE_DATE_EPOCH", "1700000000");  // 2023-11-14 22:13:20 UTC
    QList<QByteArray> made;
    for (const char* name : {"a.pdf", "b.pdf"}) {
        const QString out = tmp_.filePath(name);
        const Run r = cli({"export", "--view", "head", "--text", "ROMEO: what light", "-o", out}, env);
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        made << f.readAll();
    }
    QVERIFY(made[0].contains("/CreationDate (D:20231114221320"));
    QVERIFY2(made[0] == made[1], "two processes wrote different PDFs of the same figure");
    // Without it: the time of writing, in the same number of digits.
    const QString now = tmp_.filePath("now.pdf");
    const Run r = cli({"export", "--view", "head", "--text", "ROMEO: what light", "-o", now});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QFile f(now);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray plain = f.readAll();
    QVERIFY(!plain.contains("/CreationDate (D:20231114221320"));
    QCOMPARE(plain.size(), made[0].size());
}

QTEST_GUILESS_MAIN(tst_Cli)
#include "moc_tst_cli.cpp"
