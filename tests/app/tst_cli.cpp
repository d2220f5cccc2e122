// attnscope-cli as a user runs it: output that matches PyTorch, exit statuses,
// and one clear line on stderr for every kind of mistake.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QStringConverter>
#include <QStringDecoder>
#include <QStringEncoder>
#include <QtTest>

#include "attnscope/formats/json.h"
#include "attnscope/formats/safetensors.h"
#include "testutil.h"

using namespace attnscope;

namespace {

using testutil::cli;
using testutil::Run;

QJsonObject readJson(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

}  // namespace

class tst_Cli : public QObject {
    Q_OBJECT
private slots:
    void dumpMatchesPyTorch_data();
    void dumpMatchesPyTorch();
    void dumpRandomModelHasEveryField();
    void huggingFaceFoldersOpenInEveryVerb_data();
    void huggingFaceFoldersOpenInEveryVerb();
    void numbersReadTheSameUnderADecimalCommaLocale();
    void pathsThatAreNotUtf8AreRefused();
    void textFilesWithAByteOrderMarkAreDecoded();
    void huggingFaceFolderUsesItsTokenizerJson();
    void dumpBidirectionalAndAblate();
    void dumpUsesTheDemoModelByDefault();
    void infoTokenizeConvert();
    void badUsageExitsTwo_data();
    void badUsageExitsTwo();
    void otherErrorsExitOne_data();
    void otherErrorsExitOne();
    void gpt2VocabularyUsesTheBundledBpe();
    void benchOnAModelPrintsOneJsonObject();
    void infoListsWhatWasNotRun();
    void charactersOutsideTheVocabularyAreLeftOut();
    void longJobsShowProgressOnATerminalOnly();
    void appScreenshotsOfAModelThatDoesNotOpenFail();
    void appScreenshotsLeaveTheUsersTextAndSettingsAlone();

private:
    QTemporaryDir tmp_;
};

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

void tst_Cli::badUsageExitsTwo_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("needle");
    QTest::newRow("no verb") << QStringList{} << "usage";
    QTest::newRow("unknown verb") << QStringList{"frobnicate"} << "unknown verb";
    QTest::newRow("unknown option") << QStringList{"dump", "--bogus"} << "--bogus";
    QTest::newRow("no input") << QStringList{"dump", "-o", "x.json"} << "--text";
    QTest::newRow("two inputs") << QStringList{"dump", "--text", "a", "--tokens", "1", "-o", "x.json"} << "exactly one";
    QTest::newRow("both models") << QStringList{"dump", "--model", "a", "--random", "b", "--tokens", "1", "-o", "x"} << "not both";
    QTest::newRow("info without file") << QStringList{"info"} << "FILE";
    QTest::newRow("tokenize without text") << QStringList{"tokenize", "--tokenizer", "x"} << "--text";
    QTest::newRow("convert without output") << QStringList{"convert", "in.pt"} << "-o";
    QTest::newRow("bad tokens") << QStringList{"dump", "--random", "x", "--tokens", "1,a", "-o", "x"} << "--tokens";
    QTest::newRow("bad ablate") << QStringList{"dump", "--random", "n_layer=1,n_head=1,n_embed=4,context=4,vocab=4", "--tokens", "1", "-o", "x", "--ablate", "zero"} << "--ablate";
    QTest::newRow("bad threads") << QStringList{"dump", "--random", "n_layer=1,n_head=1,n_embed=4,context=4,vocab=4", "--tokens", "1", "-o", "x", "--threads", "-3"} << "--threads";
    QTest::newRow("missing value") << QStringList{"dump", "--tokens"} << "needs a value";
    const QString tiny = "n_layer=1,n_head=2,n_embed=8,context=16,vocab=10";
    QTest::newRow("bench input without model") << QStringList{"bench", "--tokens", "8", "--json"} << "--model";
    QTest::newRow("bench without json") << QStringList{"bench", "--random", tiny, "--tokens", "8"} << "--json";
    QTest::newRow("bench bad edit") << QStringList{"bench", "--random", tiny, "--tokens", "8", "--edit", "typo", "--json"} << "--edit";
    QTest::newRow("bench two inputs") << QStringList{"bench", "--random", tiny, "--tokens", "8", "--text-file", "f", "--json"} << "exactly one";
    QTest::newRow("bench no room to append") << QStringList{"bench", "--random", tiny, "--tokens", "16", "--json"} << "no room";
    QTest::newRow("bench baseline without scan") << QStringList{"bench", "--random", tiny, "--tokens", "8", "--baseline", "--json"} << "--scan";
    QTest::newRow("bench scan one token") << QStringList{"bench", "--random", tiny, "--tokens", "1", "--scan", "--json"} << "two tokens";
    QTest::newRow("bench too many tokens") << QStringList{"bench", "--random", tiny, "--tokens", "17", "--json"} << "--tokens";
    // Names the view refused, and offers every other one but not it.
    QTest::newRow("csv of several heads") << QStringList{"export", "--random", tiny, "--tokens", "1,2", "--view", "heads",
                                                         "--format", "csv", "-o", "x.csv"}
                                          << "--view heads writes several here: use --format npy or json, or --view head, mask";
}

// `bench --model` (here a random one): one JSON object with the issue's keys; the
// appended edit keeps every earlier row, the middle edit keeps the first half.
// A model's config and the CLI's numbers read the same in a locale that
// writes 0,5: the Qt application sets the C locale from the user's, and
// strtod then read rotary_pct 0.5 as 0 (refused) and --font-size 9.5 as an
// error. The locale is compiled here (glibc's localedef, from Debian's
// `locales` sources) since a fresh machine has none but C.
void tst_Cli::numbersReadTheSameUnderADecimalCommaLocale() {
    const QString localedef = QStandardPaths::findExecutable(QStringLiteral("localedef"));
    if (localedef.isEmpty()) QSKIP("glibc's localedef is not installed: no decimal-comma locale to run under");
    const QString locDir = tmp_.filePath("locales");
    QDir().mkpath(locDir);
    QProcess def;
    def.start(localedef, {"-i", "de_DE", "-f", "UTF-8", locDir + "/de_DE.UTF-8"});
    if (!def.waitForFinished(60000) || def.exitCode() != 0)
        QSKIP("localedef could not build de_DE.UTF-8 (Debian's `locales` package holds its source)");
    const QStringList args = {"export", "--model", testutil::fixtures("arch/gpt_neox"), "--tokens", "1,2,3,4,5",
                              "--view", "head", "--layer", "1", "--head", "1", "--font-size", "9.5"};
    QProcessEnvironment de = QProcessEnvironment::systemEnvironment();
    de.insert("LOCPATH", locDir);
    de.insert("LC_ALL", "de_DE.UTF-8");
    QProcessEnvironment c = QProcessEnvironment::systemEnvironment();
    c.insert("LC_ALL", "C");
    for (const QString& ext : {QStringLiteral("csv"), QStringLiteral("svg")}) {
        const Run inC = cli(args + QStringList{"-o", tmp_.filePath("c." + ext)}, c);
        QVERIFY2(inC.status == 0, qPrintable(inC.err));
        const Run inDe = cli(args + QStringList{"-o", tmp_.filePath("de." + ext)}, de);
        QVERIFY2(inDe.status == 0, qPrintable(inDe.err));
        QFile a(tmp_.filePath("c." + ext)), b(tmp_.filePath("de." + ext));
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        const QByteArray ab = a.readAll();
        QVERIFY(ab.size() > 100);
        QVERIFY2(ab == b.readAll(), qPrintable(ext + " differs between the C and the de_DE locale"));
    }
}

// An output named with a byte that is not UTF-8 was written under another
// name (the byte became U+FFFD) and reported as written. Such a path is bad
// usage now, and nothing is written.
void tst_Cli::pathsThatAreNotUtf8AreRefused() {
    const QString dir = tmp_.filePath("latin1");
    QVERIFY(QDir().mkpath(dir));
    const QString command = QStringLiteral("exec '%1' export --text 'to be' --view head -o \"$0/$(printf 'bad\\377name').csv\"")
                                .arg(QStringLiteral(ATTNSCOPE_CLI));
    QProcess p;
    p.start("/bin/bash", {"-c", command, dir});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 2);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(err.contains("-o: the path is not valid UTF-8"), qPrintable(err));
    QVERIFY2(QDir(dir).isEmpty(), qPrintable(QDir(dir).entryList().join(", ")));
}

// A --text-file saved as UTF-16 or UTF-32 with a byte-order mark (Windows'
// "Unicode") was refused at its first byte; it is decoded, as the app does,
// and gives the same tokens as the text typed. A broken one names its encoding.
void tst_Cli::textFilesWithAByteOrderMarkAreDecoded() {
    const QString text = QStringLiteral("To be, or not\nto be");
    const auto ids = [](const Run& r) { return QJsonDocument::fromJson(r.out.toUtf8()).object()["ids"].toArray(); };
    const Run typed = cli({"tokenize", "--text", text});
    QVERIFY2(typed.status == 0, qPrintable(typed.err));
    QCOMPARE(ids(typed).size(), text.size());
    for (const auto enc : {QStringConverter::Utf16LE, QStringConverter::Utf16BE, QStringConverter::Utf32LE}) {
        const QString name = QString::fromLatin1(QStringConverter::nameForEncoding(enc));
        const QString path = tmp_.filePath(name + ".txt");
        QStringEncoder encode(enc, QStringEncoder::Flag::WriteBom);
        QByteArray bytes = encode(text);
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bytes);
        }
        const Run r = cli({"tokenize", "--text-file", path});
        QVERIFY2(r.status == 0, qPrintable(name + ": " + r.err));
        QCOMPARE(ids(r), ids(typed));
        // The same text reaches the model: the dumped runs agree.
        const QString a = tmp_.filePath(name + "-file.json"), b = tmp_.filePath(name + "-typed.json");
        QCOMPARE(cli({"dump", "--text-file", path, "-o", a}).status, 0);
        QCOMPARE(cli({"dump", "--text", text, "-o", b}).status, 0);
        QCOMPARE(readJson(a)["logits_last"], readJson(b)["logits_last"]);
        // Cut in the middle of a character: refused, naming the encoding.
        bytes.chop(1);
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(bytes);
        }
        const Run bad = cli({"tokenize", "--text-file", path});
        QCOMPARE(bad.status, 1);
        QVERIFY2(bad.err.contains("byte-order mark but is not valid " + name), qPrintable(bad.err));
    }
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

void tst_Cli::badUsageExitsTwo() {
    QFETCH(QStringList, args);
    QFETCH(QString, needle);
    const Run r = cli(args);
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.contains(needle), qPrintable(r.err));
}

void tst_Cli::otherErrorsExitOne_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("needle");
    const QString spec = "n_layer=1,n_head=2,n_embed=8,context=4,vocab=10";
    QTest::newRow("missing file") << QStringList{"dump", "--model", "/nonexistent/m.safetensors", "--tokens", "1", "-o", "x"} << "/nonexistent/m.safetensors";
    QTest::newRow("context overflow") << QStringList{"dump", "--random", spec, "--tokens", "1,2,3,4,5", "-o", "x"} << "context length of 4";
    QTest::newRow("token outside vocab") << QStringList{"dump", "--random", spec, "--tokens", "1,10", "-o", "x"} << "token id 10";
    QTest::newRow("bad spec") << QStringList{"dump", "--random", "n_layer=1,n_head=3,n_embed=8,context=4,vocab=10", "--tokens", "1", "-o", "x"} << "divisible";
    QTest::newRow("invalid UTF-8") << QStringList{"dump", "--text-file", testutil::fixtures("cli/invalid_utf8.txt"), "-o", "x"} << "not valid UTF-8 at byte 3";
    QTest::newRow("no tokenizer") << QStringList{"dump", "--model", testutil::fixtures("checkpoints/seed_adamw.pt"), "--text", "hi", "-o", "x"} << "looked in";
    QTest::newRow("hostile checkpoint") << QStringList{"info", testutil::fixtures("checkpoints/hostile/builtins_eval.pt")}
                                        << "no model weights found: the payload holds no dict of tensors; it asks to run '__builtin__.eval', which AttnScope never runs";
    QTest::newRow("broken tokenizer file")
        << QStringList{"info", "--tokenizer", testutil::fixtures("cli/invalid_utf8.txt"), testutil::fixtures("checkpoints/seed_adamw.pt")}
        << "tokenizer " + testutil::fixtures("cli/invalid_utf8.txt") + ": not a tokenizer file";
    QTest::newRow("unwritable output") << QStringList{"dump", "--random", spec, "--tokens", "1", "-o", "/nonexistent/dir/x.json"} << "cannot write";
    // 2 x 144 heads x 700 x 700 values: refused before the run, not 1.6 GB of JSON built in memory.
    QStringList ids;
    for (int i = 0; i < 700; ++i) ids << QString::number(i % 50);
    QTest::newRow("dump past its size")
        << QStringList{"dump", "--random", "n_layer=12,n_head=12,n_embed=48,context=1024,vocab=50", "--tokens", ids.join(','), "-o", "x"}
        << "144 heads of 700 x 700 make 141 million values, past the 134 million it writes";
}

void tst_Cli::otherErrorsExitOne() {
    QFETCH(QStringList, args);
    QFETCH(QString, needle);
    const Run r = cli(args);
    QCOMPARE(r.status, 1);
    QVERIFY2(r.err.contains(needle), qPrintable(r.err));
    QCOMPARE(r.err.trimmed().count('\n'), 0);  // one line
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

// A long run says how far it is on stderr when stderr is a terminal (here a
// pseudo-terminal from util-linux's `script`), rewriting one line in place
// and erasing it when done; through a pipe it says nothing, and stdout is the
// same either way. ATTNSCOPE_PROGRESS_AFTER_MS=0 shows it from the first step
// (by default only a job that has taken a second shows it).
void tst_Cli::longJobsShowProgressOnATerminalOnly() {
    const QString script = QStandardPaths::findExecutable(QStringLiteral("script"));
    if (script.isEmpty()) QSKIP("util-linux's `script` (a pseudo-terminal for the run) is not installed");
    const QString out = tmp_.filePath("scan.json");
    const QStringList args = {"ablate-scan", "--text", "ROMEO: what light", "--threads", "1"};
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("ATTNSCOPE_PROGRESS_AFTER_MS", "0");
    p.setProcessEnvironment(env);
    QString command = QStringLiteral(ATTNSCOPE_CLI);
    for (const QString& a : args) command += QStringLiteral(" '") + a + QLatin1Char('\'');
    command += QStringLiteral(" > '") + out + QLatin1Char('\'');
    p.start(script, {"-qec", command, "/dev/null"});
    QVERIFY(p.waitForFinished(180000));
    QCOMPARE(p.exitCode(), 0);
    const QString terminal = QString::fromUtf8(p.readAllStandardOutput());
    // 4 x 4 heads and the base run: 17 runs, each one step of the line.
    QVERIFY2(terminal.contains(QStringLiteral("\rattnscope-cli: ablation scan, runs: 1/17, ")), qPrintable(terminal));
    QVERIFY2(terminal.contains(QStringLiteral("ablation scan, runs: 16/17")), qPrintable(terminal));
    QVERIFY2(!terminal.contains(QStringLiteral("17/17")), qPrintable(terminal));
    QVERIFY2(QRegularExpression(QStringLiteral("\r +\r\\s*$")).match(terminal).hasMatch(), qPrintable(terminal));  // erased
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray onTerminal = f.readAll();
    const Run piped = cli(args, env);
    QVERIFY2(piped.status == 0, qPrintable(piped.err));
    QCOMPARE(piped.err, QString());
    QCOMPARE(piped.out.toUtf8(), onTerminal);
    QVERIFY(QJsonDocument::fromJson(onTerminal).object()["heads"].toArray().size() == 16);
}

// The window's --screenshots waited for a trace that never came when the
// model did not open: it hung until killed. It now names the problem and
// exits with 1.
void tst_Cli::appScreenshotsOfAModelThatDoesNotOpenFail() {
    const QString empty = tmp_.filePath("empty.safetensors");
    QFile f(empty);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    env.insert("XDG_CONFIG_HOME", tmp_.filePath("config"));  // no remembered model or text
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(ATTNSCOPE_APP), {empty, "--screenshots", tmp_.filePath("shots")});
    QVERIFY(p.waitForStarted());
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        QFAIL("attnscope --screenshots did not end within 60 s");
    }
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 1);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(err.contains(QStringLiteral("--screenshots: cannot open ") + empty) && err.contains(QStringLiteral("empty")),
             qPrintable(err));
    QVERIFY(QDir(tmp_.filePath("shots")).entryList(QDir::Files).isEmpty());
}

// A screenshot run with --text wrote its text over the user's saved text,
// and its window size and layout over theirs. It now runs on settings and a
// text file of its own, and leaves the user's as they were.
void tst_Cli::appScreenshotsLeaveTheUsersTextAndSettingsAlone() {
    const QString config = tmp_.filePath("user-config"), data = tmp_.filePath("user-data");
    const QString textPath = data + "/AttnScope/AttnScope/text.txt", confPath = config + "/AttnScope/AttnScope.conf";
    QVERIFY(QDir().mkpath(QFileInfo(textPath).absolutePath()) && QDir().mkpath(QFileInfo(confPath).absolutePath()));
    const QByteArray myText = "MY PRECIOUS TEXT typed yesterday";
    const QByteArray myConf = "[window]\ntab=2\n[text]\nlast=MY PRECIOUS TEXT typed yesterday\n";
    for (const auto& [path, bytes] : {std::pair{textPath, myText}, std::pair{confPath, myConf}}) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size());
    }
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    env.insert("XDG_CONFIG_HOME", config);
    env.insert("XDG_DATA_HOME", data);
    p.setProcessEnvironment(env);
    const QString shots = tmp_.filePath("own-shots");
    p.start(QStringLiteral(ATTNSCOPE_APP), {"--random", "n_layer=1,n_head=2,n_embed=16,context=32,vocab=96", "--text",
                                            "hello there", "--size", "900x600", "--screenshots", shots});
    QVERIFY(p.waitForStarted());
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        QFAIL("attnscope --screenshots did not end within 120 s");
    }
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, p.readAllStandardError().constData());
    QVERIFY(QFileInfo::exists(shots + "/head.png"));
    for (const auto& [path, bytes] : {std::pair{textPath, myText}, std::pair{confPath, myConf}}) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), bytes);
    }
    QCOMPARE(QDir(config + "/AttnScope").entryList(QDir::Files), QStringList{"AttnScope.conf"});
}

QTEST_GUILESS_MAIN(tst_Cli)
#include "tst_cli.moc"
