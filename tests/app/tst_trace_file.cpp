// Trace files (attnscope/trace_file.h): attention computed elsewhere, opened
// without the model. The fixture is written by the same TraceWriter users run
// (resources/tools/capture_attention.py) from the demo model in PyTorch
// (tests/scripts/make_trace_fixture.py).
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <unistd.h>

#include <fstream>

#include "attnscope/run/model.h"
#include "attnscope/model/model_file.h"
#include "attnscope/explain/rollout.h"
#include "attnscope/run/trace.h"
#include "attnscope/run/trace_file.h"
#include "render/export.h"
#include "render/figures/heads_grid_figure.h"
#include "testutil.h"

using namespace attnscope;
using testutil::str;

namespace {

const char* kText = "GONZALO:\nHere is everything advantageous to life.\nANTONIO:\nTrue; save means to live.";

QString fixture() { return testutil::fixtures(QStringLiteral("trace/demo.trace.safetensors")); }

// A safetensors file from a header (without __metadata__, added from `meta`)
// and the data bytes.
QByteArray safetensors(const QString& tensors, const QString& meta, const QByteArray& data) {
    QByteArray header = QStringLiteral("{%1%2\"__metadata__\":{%3}}")
                            .arg(tensors, tensors.isEmpty() ? QString() : QStringLiteral(","), meta)
                            .toUtf8();
    while (header.size() % 8) header += ' ';
    QByteArray out(8, 0);
    qToLittleEndian<quint64>(quint64(header.size()), out.data());
    return out + header + data;
}

const QString kOkMeta = QStringLiteral("\"format\":\"attnscope-trace\",\"version\":\"1\"");

// (H, T, T) float32 weights for one layer, as bytes: each row uniform over its causal keys.
QByteArray uniformLayer(int H, int T) {
    QByteArray b;
    for (int h = 0; h < H; ++h)
        for (int q = 0; q < T; ++q)
            for (int k = 0; k < T; ++k) {
                const float w = k <= q ? 1.0f / float(q + 1) : 0.0f;
                b.append(reinterpret_cast<const char*>(&w), 4);
            }
    return b;
}

QString layerEntry(int l, const QString& dtype, int H, int T, qint64 begin, qint64 bytes) {
    return QStringLiteral("\"attention.%1\":{\"dtype\":\"%2\",\"shape\":[%3,%4,%4],\"data_offsets\":[%5,%6]}")
        .arg(l).arg(dtype).arg(H).arg(T).arg(begin).arg(begin + bytes);
}

long residentMb() {
    std::ifstream f("/proc/self/statm");
    long pages = 0, resident = 0;
    f >> pages >> resident;
    return resident * sysconf(_SC_PAGESIZE) / (1024 * 1024);
}

}  // namespace

class tst_TraceFile : public QObject {
    Q_OBJECT
private slots:
    void fixtureHoldsTheDemoModelsAttention();
    void notATraceFile();
    void hostileFilesGiveClearErrors_data();
    void hostileFilesGiveClearErrors();
    void aWeightThatIsNotAProbabilityIsRefusedByName();
    void rowsAreReadAndCheckedAlone_data();
    void rowsAreReadAndCheckedAlone();
    void rolloutPastItsLimitDoesNotAskToShortenTheFile();
    void seventyBClassTraceOpensWithoutReadingIt();
    void gridOfEveryHeadStaysWithinItsBudget();
    void cliOpensExportsAndRefuses();
};

void tst_TraceFile::fixtureHoldsTheDemoModelsAttention() {
    QVERIFY(is_trace_file(str(fixture())));
    const auto tr = open_trace_file(str(fixture()));
    QVERIFY(tr->imported);
    QCOMPARE(tr->n_layer(), 4);
    QCOMPARE(tr->n_head(), 4);
    QCOMPARE(tr->T(), int(std::strlen(kText)));
    QVERIFY(tr->causal);
    const ImportedAttention& imp = *tr->imported;
    QCOMPARE(imp.dtype_name(), std::string("float16"));
    QVERIFY(imp.model_name().find("demo") != std::string::npos);
    QVERIFY(imp.has_token_ids());
    for (int i = 0; i < tr->T(); ++i) QCOMPARE(imp.token_texts()[size_t(i)], std::string(1, kText[i]));

    // The same ids through AttnScope's own run of the demo model: every head
    // agrees within float16's rounding (2^-11 for weights up to 1).
    const LoadedModel demo = load_model(str(QStringLiteral(ATTNSCOPE_RESOURCES "/demo/shakespeare-char.safetensors")));
    const Trace own = Model(demo.weights).run(tr->tokens);
    for (int l = 0; l < 4; ++l)
        for (int h = 0; h < 4; ++h) {
            const MatrixRM a = tr->head_weights(l, h), b = own.head_weights(l, h);
            QVERIFY2((a - b).cwiseAbs().maxCoeff() < 1e-3, qPrintable(QStringLiteral("head %1.%2").arg(l).arg(h)));
            QCOMPARE(tr->weight(l, h, 40, 39), a(40, 39));
        }
    // Scores, logits and every other tensor need the model, and say so.
    const auto e = testutil::errorOf([&] { tr->head_scores(0, 0); });
    QVERIFY(e && std::string(e->what()).find("need the model") != std::string::npos);
    QVERIFY(testutil::errorOf([&] { tr->logits_at(0); }));
    QVERIFY(testutil::errorOf([&] { tr->tensor("blk.0.ln1"); }));
    QCOMPARE(tr->tensor("blk.2.attn.weights").shape, (Shape{4, tr->T(), tr->T()}));
    QVERIFY(testutil::errorOf([&] { tr->head_weights(4, 0); }));
}

void tst_TraceFile::notATraceFile() {
    // A model file is safetensors too, but not a trace.
    QVERIFY(!is_trace_file(ATTNSCOPE_RESOURCES "/demo/shakespeare-char.safetensors"));
    QVERIFY(!is_trace_file("/nonexistent/file"));
    const auto e = testutil::errorOf([] { open_trace_file(ATTNSCOPE_RESOURCES "/demo/shakespeare-char.safetensors"); });
    QVERIFY(e);
    QCOMPARE(e->code(), ErrorCode::UnknownFormat);
}

void tst_TraceFile::hostileFilesGiveClearErrors_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("says");
    const QByteArray one = uniformLayer(2, 3);  // 72 bytes
    const QString l0 = layerEntry(0, QStringLiteral("F32"), 2, 3, 0, 72);
    const QString l1 = layerEntry(1, QStringLiteral("F32"), 2, 3, 72, 72);
    QTest::newRow("no format") << safetensors(l0, QStringLiteral("\"version\":\"1\""), one) << int(ErrorCode::UnknownFormat)
                               << "attnscope-trace";
    QTest::newRow("version 2") << safetensors(l0, QStringLiteral("\"format\":\"attnscope-trace\",\"version\":\"2\""), one)
                               << int(ErrorCode::BadFormat) << "version '2'";
    QTest::newRow("no layers") << safetensors({}, kOkMeta, {}) << int(ErrorCode::MissingTensor) << "no attention";
    QTest::newRow("layer gap") << safetensors(l0 + "," + layerEntry(2, "F32", 2, 3, 72, 72), kOkMeta, one + one)
                               << int(ErrorCode::MissingTensor) << "attention.1 is missing";
    QTest::newRow("shapes differ") << safetensors(l0 + "," + layerEntry(1, "F32", 1, 3, 72, 36), kOkMeta, one + one.left(36))
                                   << int(ErrorCode::ShapeMismatch) << "attention.1";
    QTest::newRow("not square")
        << safetensors(QStringLiteral("\"attention.0\":{\"dtype\":\"F32\",\"shape\":[2,3,4],\"data_offsets\":[0,96]}"), kOkMeta,
                       QByteArray(96, 0))
        << int(ErrorCode::ShapeMismatch) << "(heads, T, T)";
    QTest::newRow("int weights") << safetensors(layerEntry(0, "I32", 2, 3, 0, 72), kOkMeta, one)
                                 << int(ErrorCode::UnsupportedDType) << "float32, float16 or bfloat16";
    QTest::newRow("stray tensor")
        << safetensors(l0 + ",\"lm_head.weight\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[72,76]}", kOkMeta,
                       one + QByteArray(4, 0))
        << int(ErrorCode::UnexpectedTensor) << "lm_head.weight";
    QTest::newRow("too many heads") << safetensors(layerEntry(0, "F32", 2000, 1, 0, 8000), kOkMeta, QByteArray(8000, 0))
                                    << int(ErrorCode::TooLarge) << "limits";
    QTest::newRow("tokens length")
        << safetensors(l0 + ",\"tokens\":{\"dtype\":\"I64\",\"shape\":[2],\"data_offsets\":[72,88]}", kOkMeta,
                       one + QByteArray(16, 0))
        << int(ErrorCode::ShapeMismatch) << "tokens";
    QTest::newRow("texts count") << safetensors(l0, kOkMeta + ",\"token_texts\":\"[\\\"a\\\",\\\"b\\\"]\"", one)
                                 << int(ErrorCode::ShapeMismatch) << "token_texts has 2 entries for 3 tokens";
    QTest::newRow("texts not json") << safetensors(l0, kOkMeta + ",\"token_texts\":\"[oops\"", one)
                                    << int(ErrorCode::BadFormat) << "token_texts";
    QTest::newRow("causal maybe") << safetensors(l0, kOkMeta + ",\"causal\":\"maybe\"", one) << int(ErrorCode::BadFormat)
                                  << "causal";
    QTest::newRow("truncated") << safetensors(l0 + "," + l1, kOkMeta, one + one.left(10)) << int(ErrorCode::Truncated)
                               << "";
}

void tst_TraceFile::hostileFilesGiveClearErrors() {
    QFETCH(QByteArray, bytes);
    QFETCH(int, code);
    QFETCH(QString, says);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("t.safetensors"));
    QVERIFY(testutil::writeFile(path, bytes));
    const auto e = testutil::errorOf([&] { open_trace_file(str(path)); });
    QVERIFY(e);
    QVERIFY2(std::string(e->what()).find(str(says)) != std::string::npos, e->what());
    if (code == int(ErrorCode::Truncated)) return;  // the safetensors reader's own code for it
    QCOMPARE(int(e->code()), code);
}

void tst_TraceFile::aWeightThatIsNotAProbabilityIsRefusedByName() {
    QByteArray layer = uniformLayer(2, 3);
    const float bad[] = {2.5f, NAN};
    for (const float b : bad) {
        QByteArray l = layer;
        std::memcpy(l.data() + (9 + 3 + 1) * 4, &b, 4);  // head 1, query 1, key 1
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("t.safetensors"));
        QVERIFY(testutil::writeFile(path, safetensors(layerEntry(0, "F32", 2, 3, 0, 72), kOkMeta, l)));
        const auto tr = open_trace_file(str(path));  // opening reads no weight
        QCOMPARE(tr->head_weights(0, 0)(2, 1), 1.0f / 3.0f);
        const auto e = testutil::errorOf([&] { tr->head_weights(0, 1); });
        QVERIFY(e);
        QCOMPARE(e->code(), ErrorCode::BadFormat);
        QVERIFY2(std::string(e->what()).find("head 0.1") != std::string::npos, e->what());
        QVERIFY2(std::string(e->what()).find("query 1, key 1") != std::string::npos, e->what());
    }
}

void tst_TraceFile::rowsAreReadAndCheckedAlone_data() {
    QTest::addColumn<QString>("dtype");
    QTest::newRow("float32") << QStringLiteral("F32");
    QTest::newRow("float16") << QStringLiteral("F16");
}

// A row, a cell or a band of an imported head reads only its own rows of the
// file (before, a row read the whole head once a key: minutes for one row of
// a 4,096-token head). The proof: a bad weight in query 3 of head 1 is found
// by every read that covers query 3, named by its place in the head, and by
// none that does not.
void tst_TraceFile::rowsAreReadAndCheckedAlone() {
    QFETCH(QString, dtype);
    const int H = 2, T = 5;
    std::vector<float> w;
    for (int h = 0; h < H; ++h)
        for (int q = 0; q < T; ++q)
            for (int k = 0; k < T; ++k) w.push_back(k <= q ? 1.0f / float(q + 1) : 0.0f);
    w[size_t((T + 3) * T + 1)] = 2.5f;  // head 1, query 3, key 1
    QByteArray bytes;
    for (const float v : w) {
        if (dtype == QLatin1String("F32")) {
            bytes.append(reinterpret_cast<const char*>(&v), 4);
        } else {
            const qfloat16 h(v);
            bytes.append(reinterpret_cast<const char*>(&h), 2);
        }
    }
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("t.safetensors"));
    QVERIFY(testutil::writeFile(path, safetensors(layerEntry(0, dtype, H, T, 0, bytes.size()), kOkMeta, bytes)));
    const auto tr = open_trace_file(str(path));

    const bool f16 = dtype == QLatin1String("F16");
    for (const int q : {0, 1, 2, 4}) {
        std::vector<float> expected(size_t(T), 0.0f);
        for (int k = 0; k <= q; ++k) expected[size_t(k)] = f16 ? float(qfloat16(1.0f / float(q + 1))) : 1.0f / float(q + 1);
        QCOMPARE(tr->head_row(0, 1, q), expected);
    }
    QCOMPARE(tr->weight(0, 1, 4, 0), tr->head_row(0, 1, 4)[0]);
    QCOMPARE(tr->weight(0, 1, 2, 3), 0.0f);
    std::vector<float> band(size_t(3 * T), -1.0f);
    tr->head_weights_into(0, 1, 0, 3, band.data(), 1);
    for (int q = 0; q < 3; ++q)
        QCOMPARE(std::vector<float>(band.begin() + q * T, band.begin() + (q + 1) * T), tr->head_row(0, 1, q));
    // Head 0 is whole and clean: its band equals the whole head's rows.
    const MatrixRM whole = tr->head_weights(0, 0);
    tr->head_weights_into(0, 0, 2, 5, band.data(), 1);
    QCOMPARE(std::vector<float>(band.begin(), band.end()),
             std::vector<float>(whole.data() + 2 * T, whole.data() + 5 * T));

    const auto refusesQuery3 = [](const std::function<void()>& read) {
        const auto e = testutil::errorOf(read);
        if (!e) return QStringLiteral("no error");
        if (e->code() != ErrorCode::BadFormat) return QStringLiteral("not BadFormat: ") + QString::fromStdString(e->what());
        if (std::string(e->what()).find("head 0.1 holds 2.5") == std::string::npos ||
            std::string(e->what()).find("query 3, key 1") == std::string::npos)
            return QStringLiteral("not named: ") + QString::fromStdString(e->what());
        return QString();
    };
    QCOMPARE(refusesQuery3([&] { tr->head_row(0, 1, 3); }), QString());
    QCOMPARE(refusesQuery3([&] { tr->weight(0, 1, 3, 0); }), QString());
    QCOMPARE(refusesQuery3([&] { tr->head_weights_into(0, 1, 2, 5, band.data(), 1); }), QString());
    QCOMPARE(refusesQuery3([&] { tr->head_weights(0, 1); }), QString());
    // Rows past the head are refused, not read.
    const auto past = testutil::errorOf([&] { tr->imported->rows(0, 1, 4, 6, band.data()); });
    QVERIFY(past);
    QCOMPARE(past->code(), ErrorCode::InvalidArgument);
}

// Rollout is computed for at most kMaxRolloutTokens tokens. A model's text
// can be shortened; a trace file's tokens cannot, and the refusal says so.
void tst_TraceFile::rolloutPastItsLimitDoesNotAskToShortenTheFile() {
    const int T = kMaxRolloutTokens + 1;
    const qint64 bytes = qint64(T) * T * 2;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("long.trace.safetensors"));
    QVERIFY(testutil::writeFile(path, safetensors(layerEntry(0, "F16", 1, T, 0, bytes), kOkMeta, QByteArray(bytes, 0))));
    const auto tr = open_trace_file(str(path));
    const auto e = testutil::errorOf([&] { attention_rollout(*tr); });
    QVERIFY(e);
    QCOMPARE(e->code(), ErrorCode::TooMuchWork);
    const std::string said = e->what();
    QVERIFY2(said.find("a trace file's tokens are fixed") != std::string::npos, e->what());
    QVERIFY2(said.find("shorten the text") == std::string::npos, e->what());
}

void tst_TraceFile::seventyBClassTraceOpensWithoutReadingIt() {
    // 80 layers x 64 heads at 2,048 tokens in float16: 43 GB, written sparse
    // (the file system stores no data blocks), so the test costs no disk.
    const int L = 80, H = 64, T = 2048;
    const qint64 layerBytes = qint64(H) * T * T * 2;
    QString tensors;
    for (int l = 0; l < L; ++l) tensors += (l ? "," : "") + layerEntry(l, "F16", H, T, l * layerBytes, layerBytes);
    const QByteArray head = safetensors(tensors, kOkMeta + ",\"model\":\"a 70B-class model\"", {});
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("70b.trace.safetensors"));
    QVERIFY(testutil::writeFile(path, head));
    {
        const int fd = ::open(qPrintable(path), O_WRONLY);
        QVERIFY(fd >= 0);
        const bool grown = ftruncate(fd, head.size() + L * layerBytes) == 0;
        ::close(fd);
        if (!grown) QSKIP("this file system cannot hold a 43 GB sparse file");
    }
    const long before = residentMb();
    const auto tr = open_trace_file(str(path));
    QCOMPARE(tr->n_layer(), L);
    QCOMPARE(tr->n_head(), H);
    QCOMPARE(tr->T(), T);
    const MatrixRM w = tr->head_weights(79, 63);  // the very last head: zeros in a sparse file
    QCOMPARE(w.rows(), Eigen::Index(T));
    QCOMPARE(w.cwiseAbs().maxCoeff(), 0.0f);
    // One head in float32 is 16 MB; the mapping of the file stays out of memory.
    const long grew = residentMb() - before;
    QVERIFY2(grew < 100, qPrintable(QStringLiteral("resident memory grew by %1 MB").arg(grew)));
}

// The heads grid of a 70B-class trace (80 x 64 heads, here at 128 tokens so
// that reading every head is quick) holds its 5,120 thumbnails in the grid's
// cell budget: 57 cells a side, not the 160 (or the app's 256) each would get
// alone, and the thumbnails still show each head (the uniform causal rows).
void tst_TraceFile::gridOfEveryHeadStaysWithinItsBudget() {
    const int L = 80, H = 64, T = 128;
    const qint64 layerBytes = qint64(H) * T * T * 4;
    QString tensors;
    for (int l = 0; l < L; ++l) tensors += (l ? "," : "") + layerEntry(l, "F32", H, T, l * layerBytes, layerBytes);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("wide.trace.safetensors"));
    {  // the header, then the same layer 80 times (335 MB on disk, 4 MB in memory)
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.write(safetensors(tensors, kOkMeta, {})) > 0);
        const QByteArray layer = uniformLayer(H, T);
        for (int l = 0; l < L; ++l) QCOMPARE(f.write(layer), qint64(layer.size()));
    }
    const auto tr = open_trace_file(str(path));
    render::FigureData fd;
    fd.trace = tr;
    for (int i = 0; i < T; ++i) fd.tokens << QStringLiteral("t%1").arg(i);
    render::GridOptions o;
    o.maxRes = 256;  // as the app asks
    const long before = residentMb();
    const render::HeadsGridFigure grid(fd, render::Style(), {}, 0, o);
    const long grew = residentMb() - before;
    QCOMPARE(grid.indexOf(L - 1, H - 1), L * H - 1);
    QCOMPARE(grid.options().maxRes, 57);  // floor(sqrt(16 Mi cells / 5,120 heads))
#if !defined(__SANITIZE_ADDRESS__)  // ASan's quarantine keeps every freed head's buffer resident
    QVERIFY2(grew < 120, qPrintable(QStringLiteral("the grid holds %1 MB").arg(grew)));
#else
    (void)grew;
#endif
    // Unbudgeted, each thumbnail would be the whole 128 x 128 map (335 MB in all).
    const QImage img = render::renderImage(grid, QSizeF(4, 4), 96);
    QVERIFY(!img.isNull());
    QSet<QRgb> colours;
    for (int y = 0; y < img.height(); y += 2)
        for (int x = 0; x < img.width(); x += 2) colours.insert(img.pixel(x, y));
    QVERIFY2(colours.size() > 10, "the thumbnails are blank");
}

void tst_TraceFile::cliOpensExportsAndRefuses() {
    const QString f = fixture();
    QTemporaryDir dir;
    auto run = testutil::cli({QStringLiteral("info"), f, QStringLiteral("--json")});
    QCOMPARE(run.status, 0);
    const Json info = Json::parse(str(run.out));
    QCOMPARE(info.find("layers")->as_int(), int64_t(4));
    QCOMPARE(info.find("tokens")->as_int(), int64_t(std::strlen(kText)));
    QCOMPARE(info.find("format")->as_string(), std::string("attnscope-trace"));

    run = testutil::cli({QStringLiteral("heads"), QStringLiteral("--model"), f, QStringLiteral("--csv")});
    QCOMPARE(run.status, 0);
    QVERIFY2(run.out.split('\n').value(2).startsWith(QStringLiteral("0,1,")), qPrintable(run.out));
    QVERIFY(run.out.split('\n').value(2).endsWith(QStringLiteral("previous token")));

    for (const QString& out : {QStringLiteral("head.png"), QStringLiteral("head.svg"), QStringLiteral("head.pdf"),
                               QStringLiteral("head.csv"), QStringLiteral("head.json")}) {
        run = testutil::cli({QStringLiteral("export"), QStringLiteral("--model"), f, QStringLiteral("--view"),
                             QStringLiteral("head"), QStringLiteral("--layer"), QStringLiteral("0"), QStringLiteral("--head"),
                             QStringLiteral("1"), QStringLiteral("-o"), dir.filePath(out)});
        QVERIFY2(run.status == 0, qPrintable(run.err));
        QVERIFY(QFileInfo(dir.filePath(out)).size() > 100);
    }
    // The CSV holds the file's own weights: query 1 ("O") on key 0 ("G").
    QFile csv(dir.filePath(QStringLiteral("head.csv")));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QString all = QString::fromUtf8(csv.readAll());
    const float w10 = open_trace_file(str(f))->head_weights(0, 1)(1, 0);
    QVERIFY(w10 > 0.5f);
    QVERIFY2(all.contains(QStringLiteral("\n\"O\",%1,").arg(double(w10), 0, 'g', 8)), qPrintable(all.left(400)));

    struct Refused {
        QStringList args;
        const char* says;
    };
    const Refused refused[] = {
        {{QStringLiteral("export"), QStringLiteral("--model"), f, QStringLiteral("--view"), QStringLiteral("flow"),
          QStringLiteral("-o"), dir.filePath(QStringLiteral("f.png"))},
         "needs the model"},
        {{QStringLiteral("export"), QStringLiteral("--model"), f, QStringLiteral("--text"), QStringLiteral("hi"),
          QStringLiteral("-o"), dir.filePath(QStringLiteral("f.png"))},
         "its own tokens"},
        {{QStringLiteral("heads"), QStringLiteral("--model"), f, QStringLiteral("--probes")}, "probe"},
        {{QStringLiteral("predict"), QStringLiteral("--model"), f, QStringLiteral("--text"), QStringLiteral("hi")},
         "trace file"},
    };
    for (const Refused& r : refused) {
        run = testutil::cli(r.args);
        QVERIFY2(run.status == 2 || run.status == 1, qPrintable(r.args.join(' ')));
        QCOMPARE(run.err.trimmed().count('\n'), 0);
        QVERIFY2(run.err.contains(QLatin1String(r.says)), qPrintable(run.err));
    }
}

QTEST_MAIN(tst_TraceFile)  // the grid test draws a figure
#include "tst_trace_file.moc"
