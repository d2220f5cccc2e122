// Export as a paper's author uses it: PNG at the pixel size its DPI implies,
// SVG and PDF as vectors with text as text, NPY as numpy writes it, CSV and
// JSON with the tokens, recipes that replay byte for byte, the CLI headless and
// in batch, and the export dialog drawing the same figure as the views.
#include <QClipboard>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QDoubleSpinBox>
#include <QDir>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtEndian>
#include <QtTest>
#include <cmath>
#include <cstring>

#include "attnscope/common/error.h"
#include "attnscope/formats/json.h"
#include "attnscope/model/model_file.h"
#include "attnscope/model/weights.h"
#include "gui/dialogs/export_dialog.h"
#include "gui/views/head_detail_view.h"
#include "gui/views/heads_grid_view.h"
#include "render/data.h"
#include "render/export.h"
#include "session/document.h"
#include "session/export_recipe.h"
#include "session/recipe_run.h"
#include "session/tokenize.h"
#include "session/views.h"
#include "testutil.h"
#include "gui/views/token_lines_view.h"
#include "gui/workspace/view_settings.h"
#include "gui/workspace/workspace.h"

using namespace attnscope;

namespace {

const QString kText = QStringLiteral("the cat sat.");  // 12 char tokens, labels t h e ␣ c a t ␣ s a t .

using testutil::cli;
using testutil::Run;

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

struct SvgInfo {
    QString error;
    QString title;
    QStringList texts;
    int rects = 0, images = 0;
};

SvgInfo parseSvg(const QByteArray& svg) {
    SvgInfo info;
    QXmlStreamReader xml(svg);
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement) continue;
        const auto name = xml.name();
        if (name == QLatin1String("text")) info.texts << xml.readElementText();
        else if (name == QLatin1String("title")) info.title = xml.readElementText();
        else if (name == QLatin1String("rect")) ++info.rects;
        else if (name == QLatin1String("image")) ++info.images;
    }
    if (xml.hasError()) info.error = xml.errorString() + QStringLiteral(" at line %1").arg(xml.lineNumber());
    return info;
}

struct PdfInfo {
    int pages = 0;
    QList<QSizeF> mediaBoxes;  // points
    bool fonts = false, images = false;
};

PdfInfo parsePdf(const QByteArray& pdf) {
    PdfInfo info;
    const QString s = QString::fromLatin1(pdf);
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![A-Za-z])"));
    static const QRegularExpression box(QStringLiteral("/MediaBox\\s*\\[\\s*([-\\d.]+)\\s+([-\\d.]+)\\s+([-\\d.]+)\\s+([-\\d.]+)\\s*\\]"));
    for (auto it = page.globalMatch(s); it.hasNext(); it.next()) ++info.pages;
    for (auto it = box.globalMatch(s); it.hasNext();) {
        const auto m = it.next();
        info.mediaBoxes << QSizeF(m.captured(3).toDouble() - m.captured(1).toDouble(),
                                  m.captured(4).toDouble() - m.captured(2).toDouble());
    }
    info.fonts = s.contains(QLatin1String("/FontFile2")) || s.contains(QLatin1String("/Type /Font"));
    info.images = s.contains(QRegularExpression(QStringLiteral("/Subtype\\s*/Image")));
    return info;
}

// An .npy file split into its parts; `ok` false (with `why`) when malformed.
struct Npy {
    bool ok = false;
    QString why;
    QByteArray header;  // magic .. '\n'
    QString dict;
    std::vector<float> values;
};

Npy parseNpy(const QByteArray& b) {
    Npy n;
    if (b.size() < 10 || !b.startsWith(QByteArray("\x93NUMPY\x01\x00", 8))) {
        n.why = QStringLiteral("bad magic or version");
        return n;
    }
    const int hlen = qFromLittleEndian<quint16>(b.constData() + 8);
    if (b.size() < 10 + hlen || (10 + hlen) % 64 != 0 || b[10 + hlen - 1] != '\n') {
        n.why = QStringLiteral("header of %1 bytes is not padded to 64 or not ended by a newline").arg(hlen);
        return n;
    }
    n.header = b.left(10 + hlen);
    n.dict = QString::fromLatin1(b.mid(10, hlen)).trimmed();
    const QByteArray data = b.mid(10 + hlen);
    if (data.size() % 4) {
        n.why = QStringLiteral("data is not whole float32s");
        return n;
    }
    n.values.resize(size_t(data.size() / 4));
    for (size_t i = 0; i < n.values.size(); ++i)
        n.values[i] = std::bit_cast<float>(qFromLittleEndian<quint32>(data.constData() + 4 * i));
    n.ok = true;
    return n;
}

bool sameBits(const float* a, const float* b, size_t n) { return std::memcmp(a, b, n * sizeof(float)) == 0; }

}  // namespace

class tst_Export : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();

    void svgIsWellFormedWithOneTextPerTokenLabel_data();
    void svgIsWellFormedWithOneTextPerTokenLabel();
    void svgGridHasLayerAndHeadLabels();
    void svgOfHostileNamesAndTextsIsWellFormed();
    void pngHasThePixelSizeItsDpiImplies_data();
    void pngHasThePixelSizeItsDpiImplies();
    void pdfHasTheRequestedPagesAndSize_data();
    void pdfHasTheRequestedPagesAndSize();
    void npyIsByteIdenticalToNumpy_data();
    void npyIsByteIdenticalToNumpy();
    void npyStackLoadsBackTheSameFloats();
    void npyLoadsInNumpy();
    void csvHasTokensAndExactValues();
    void oneFigureRunsOnlyTheLayersItReads();
    void streamedDataIsTheWholeBlock_data();
    void streamedDataIsTheWholeBlock();
    void aFailedStreamLeavesNoFile();
    void aFigureCancelledWhileDrawnIsNotWritten();
    void oversizedImagesAreRefused();
    void dialogSavesInTheBackgroundAndCancels();
    void jsonHasTokensShapesAndWeights();
    void recipeJsonRoundTrips();
    void badRecipesAreRefused_data();
    void badRecipesAreRefused();
    void cliRecipeReplayIsByteIdentical_data();
    void cliRecipeReplayIsByteIdentical();
    void cliBatchWritesOneFilePerHead();
    void cliBatchPdfHasOnePagePerHead();
    void cliBatchOfTheDemoModelHasOneFilePerHead();
    void cliRunsWithoutDisplay();
    void cliExportsARandomModel();
    void cliErrorsExitWithOneLine_data();
    void cliErrorsExitWithOneLine();
    void viewsAndExportDrawTheSameFigure();
    void dialogExportReplaysIdenticallyInCli();
    void dialogCopiesImageAndRemembersSettings();

private:
    session::Recipe recipe(const QString& view, render::Format format) const;
    std::unique_ptr<Workspace> startWorkspace();

    QTemporaryDir tmp_;
    QString model_;
    session::RecipeRun run_;
};

void tst_Export::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttnScopeTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_export"));
    QSettings().clear();
    QVERIFY(tmp_.isValid());
    // A tiny model with a char tokenizer in its metadata: 2 layers x 2 heads.
    std::vector<std::string> vocab{"\n", " ", ".", ","};
    for (char c = 'a'; c <= 'z'; ++c) vocab.emplace_back(1, c);
    std::string tok = "{\"type\":\"char\",\"vocab\":[";
    for (size_t i = 0; i < vocab.size(); ++i) {
        if (i) tok += ',';
        tok += json_quote(vocab[i]);
    }
    tok += "]}";
    model_ = tmp_.filePath(QStringLiteral("tiny.safetensors"));
    save_model(testutil::str(model_), random_weights(ModelConfig::seed(int(vocab.size()), 32, 16, 2, 2), 11),
               {{kMetaTokenizer, tok}});
    session::Recipe r;
    r.modelPath = model_;
    r.text = kText;
    run_ = session::runRecipe(r);
    QCOMPARE(run_.data.T(), 12);
    QCOMPARE(run_.tokens.labels.at(3), QString(QChar(0x2423)));
}

session::Recipe tst_Export::recipe(const QString& view, render::Format format) const {
    session::Recipe r;
    r.modelPath = model_;
    r.text = kText;
    r.view = view;
    r.layer = 1;
    r.head = 1;
    r.format = format;
    return r;
}

std::unique_ptr<Workspace> tst_Export::startWorkspace() {
    auto ws = std::make_unique<Workspace>();
    ws->setDebounceMs(0);
    ws->setText(kText);
    QSignalSpy ready(ws.get(), &Workspace::traceReady);
    ws->openModel(model_);
    if (!ready.wait(60000) && ready.isEmpty()) return nullptr;
    return ws;
}

// ---------------------------------------------------------------- SVG

// A model file named "R&D <x>" and a control character, a compared text with
// "&": Qt 6.4 wrote the title and description unescaped, and the control
// character raw, so no XML reader could open the file.
void tst_Export::svgOfHostileNamesAndTextsIsWellFormed() {
    const QString hostile = tmp_.filePath(QStringLiteral("R&D <x>\x01.safetensors"));
    QFile::remove(hostile);
    QVERIFY(QFile::copy(session::demoModelPath(), hostile));  // its characters include '&'

    for (const QString& view : {QStringLiteral("head"), QStringLiteral("compare")}) {
        const QString out = tmp_.filePath(QStringLiteral("hostile-%1.svg").arg(view));
        QStringList args{"export", "--model", hostile, "--text", "the cat", "--view", view, "-o", out};
        if (view == QLatin1String("compare")) args << "--compare-text" << QStringLiteral("the cat & dog");
        const Run r = cli(args);
        QVERIFY2(r.status == 0, qPrintable(r.err));
        const QByteArray bytes = readAll(out);
        const SvgInfo svg = parseSvg(bytes);
        QVERIFY2(svg.error.isEmpty(), qPrintable(view + ": " + svg.error));
        QXmlStreamReader xml(bytes);
        QString desc;
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("desc")) desc = xml.readElementText();
        QVERIFY2(desc.contains(QStringLiteral("R&D <x>\\x01")), qPrintable(desc));  // the name as written, readable
        if (view == QLatin1String("compare"))
            QVERIFY2(svg.title.contains(QStringLiteral("the cat & dog")), qPrintable(svg.title));
    }
}

void tst_Export::svgIsWellFormedWithOneTextPerTokenLabel_data() {
    QTest::addColumn<QString>("view");
    QTest::addColumn<int>("cells");
    for (const char* v : {"head", "mask", "lines"})
        for (const int c : {int(render::CellMode::Image), int(render::CellMode::Rects)})
            QTest::addRow("%s-%s", v, c ? "rects" : "image") << QString::fromLatin1(v) << c;
}

void tst_Export::svgIsWellFormedWithOneTextPerTokenLabel() {
    QFETCH(QString, view);
    QFETCH(int, cells);
    session::Recipe r = recipe(view, render::Format::Svg);
    r.cells = render::CellMode(cells);
    const QString path = tmp_.filePath(QStringLiteral("%1-%2.svg").arg(view).arg(cells));
    session::exportRecipe(r, run_.data, run_.tokens.texts, path);
    const SvgInfo svg = parseSvg(readAll(path));
    QVERIFY2(svg.error.isEmpty(), qPrintable(svg.error));
    const auto fig = session::makeFigure(r, run_.data);
    QCOMPARE(svg.title, fig->title());
    QVERIFY2(svg.texts.contains(fig->title()), "the title is one <text>");
    // Every token label is a whole <text> element on each of the two axes (or
    // columns): as many as the label occurs among the tokens, twice.
    const QStringList& labels = run_.data.tokens;
    for (const QString& label : labels)
        QVERIFY2(svg.texts.count(label) == 2 * labels.count(label),
                 qPrintable(QStringLiteral("label '%1': %2 <text> elements, expected %3 (texts: %4)")
                                .arg(label).arg(svg.texts.count(label)).arg(2 * labels.count(label))
                                .arg(svg.texts.join(QLatin1Char('|')))));
    const int T = run_.data.T();
    if (view != QLatin1String("lines")) {
        if (cells == int(render::CellMode::Rects)) {
            QVERIFY2(svg.rects >= T * T, qPrintable(QStringLiteral("%1 <rect> for %2 cells").arg(svg.rects).arg(T * T)));
            QCOMPARE(svg.images, 0);
        } else {
            QCOMPARE(svg.images, 1);
            QVERIFY(svg.rects < T * T);
        }
    }
    if (view == QLatin1String("head")) {  // the colour bar's end labels
        QVERIFY(svg.texts.contains(QStringLiteral("0")));
        QVERIFY(svg.texts.contains(QStringLiteral("1")));
        QVERIFY(svg.title.contains(QStringLiteral("Layer 1")) && svg.title.contains(QStringLiteral("Head 1")));
    }
}

void tst_Export::svgGridHasLayerAndHeadLabels() {
    session::Recipe r = recipe(QStringLiteral("heads"), render::Format::Svg);
    r.columns = 1;
    const SvgInfo svg = parseSvg(render::svgBytes(*session::makeFigure(r, run_.data), QSizeF(3, 8)));
    QVERIFY2(svg.error.isEmpty(), qPrintable(svg.error));
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 2; ++h) QCOMPARE(svg.texts.count(QStringLiteral("L%1 H%2").arg(l).arg(h)), 1);
    QCOMPARE(svg.images, 4);  // one embedded image per panel
    // Short texts get token labels: queries beside each of the four panels of
    // the one column, keys under the last.
    for (const QString& label : run_.data.tokens)
        QVERIFY2(svg.texts.count(label) == 5 * run_.data.tokens.count(label), qPrintable(label));
}

// ---------------------------------------------------------------- PNG

void tst_Export::pngHasThePixelSizeItsDpiImplies_data() {
    QTest::addColumn<QString>("view");
    QTest::addColumn<double>("width");
    QTest::addColumn<double>("height");
    QTest::addColumn<double>("dpi");
    QTest::addColumn<QSize>("pixels");
    QTest::newRow("head 4x3 in at 150 dpi") << "head" << 4.0 << 3.0 << 150.0 << QSize(600, 450);
    QTest::newRow("heads 5x2.5 in at 300 dpi") << "heads" << 5.0 << 2.5 << 300.0 << QSize(1500, 750);
    QTest::newRow("mask 2.2x2.2 in at 600 dpi") << "mask" << 2.2 << 2.2 << 600.0 << QSize(1320, 1320);
    QTest::newRow("lines 3.3x2.2 in at 200 dpi") << "lines" << 3.3 << 2.2 << 200.0 << QSize(660, 440);
    QTest::newRow("flow natural at 72 dpi") << "flow" << 0.0 << 0.0 << 72.0 << QSize();
}

void tst_Export::pngHasThePixelSizeItsDpiImplies() {
    QFETCH(QString, view);
    QFETCH(double, width);
    QFETCH(double, height);
    QFETCH(double, dpi);
    QFETCH(QSize, pixels);
    session::Recipe r = recipe(view, render::Format::Png);
    r.widthIn = width;
    r.heightIn = height;
    r.dpi = dpi;
    if (!pixels.isValid()) {  // the natural size: 96 px per inch -> dpi/96 of it
        const QSizeF nat = session::makeFigure(r, run_.data)->naturalSize() * (dpi / 96.0);
        pixels = QSize(int(std::lround(nat.width())), int(std::lround(nat.height())));
    }
    const QString path = tmp_.filePath(view + QStringLiteral(".png"));
    const session::Recipe done = session::exportRecipe(r, run_.data, run_.tokens.texts, path);
    QImage img;
    QVERIFY(img.load(path, "png"));
    QCOMPARE(img.size(), pixels);
    QCOMPARE(int(std::lround(img.dotsPerMeterX() * 0.0254)), int(dpi));
    QCOMPARE(int(std::lround(img.dotsPerMeterY() * 0.0254)), int(dpi));
    QVERIFY(done.widthIn > 0 && done.heightIn > 0);
    // Something was drawn: the figure has many colours, not a blank page.
    QSet<QRgb> colours;
    for (int y = 0; y < img.height(); y += 3)
        for (int x = 0; x < img.width(); x += 3) colours.insert(img.pixel(x, y));
    QVERIFY2(colours.size() > 20, qPrintable(QStringLiteral("%1 colours").arg(colours.size())));
}

// ---------------------------------------------------------------- PDF

void tst_Export::pdfHasTheRequestedPagesAndSize_data() {
    QTest::addColumn<QString>("view");
    QTest::addColumn<int>("pages");
    QTest::addColumn<double>("width");
    QTest::addColumn<double>("height");
    QTest::addColumn<int>("cells");
    QTest::newRow("head 4x3 in, image") << "head" << 1 << 4.0 << 3.0 << int(render::CellMode::Image);
    QTest::newRow("head 4x3 in, rects") << "head" << 1 << 4.0 << 3.0 << int(render::CellMode::Rects);
    QTest::newRow("grid 7x3.5 in, landscape") << "heads" << 1 << 7.0 << 3.5 << int(render::CellMode::Image);
    QTest::newRow("3 pages of lines, 3x5 in") << "lines" << 3 << 3.0 << 5.0 << int(render::CellMode::Image);
}

void tst_Export::pdfHasTheRequestedPagesAndSize() {
    QFETCH(QString, view);
    QFETCH(int, pages);
    QFETCH(double, width);
    QFETCH(double, height);
    QFETCH(int, cells);
    session::Recipe r = recipe(view, render::Format::Pdf);
    r.cells = render::CellMode(cells);
    std::vector<std::unique_ptr<render::Figure>> figs;
    std::vector<const render::Figure*> ptrs;
    for (int i = 0; i < pages; ++i) {
        r.head = i % 2;
        r.layer = i / 2;
        figs.push_back(session::makeFigure(r, run_.data));
        ptrs.push_back(figs.back().get());
    }
    const QString path = tmp_.filePath(QStringLiteral("out.pdf"));
    render::writePdf(ptrs, QSizeF(width, height), path);
    const QByteArray bytes = readAll(path);
    QVERIFY(bytes.startsWith("%PDF-"));
    QVERIFY(bytes.trimmed().endsWith("%%EOF"));
    const PdfInfo pdf = parsePdf(bytes);
    QCOMPARE(pdf.pages, pages);
    QVERIFY(!pdf.mediaBoxes.isEmpty());
    for (const QSizeF& box : pdf.mediaBoxes) {
        QCOMPARE(box.width(), width * 72);
        QCOMPARE(box.height(), height * 72);
    }
    QVERIFY2(pdf.fonts, "text is text: the PDF embeds a font");
    if (view == QLatin1String("head")) QCOMPARE(pdf.images, cells == int(render::CellMode::Image));
    QVERIFY2(!bytes.contains("/DCTDecode"), "heatmap cells stored as lossy JPEG");
}

// ---------------------------------------------------------------- NPY

void tst_Export::npyIsByteIdenticalToNumpy_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<std::vector<int64_t>>("shape");
    QTest::addColumn<std::vector<float>>("values");
    // The values tests/scripts/make_npy_reference.py gives numpy.
    QTest::newRow("1d") << "ref_1d" << std::vector<int64_t>{5}
                        << std::vector<float>{0.0f, float(1.0 / 3.0), -2.5f, float(1e-8), -INFINITY};
    std::vector<float> v2, v4;
    for (int i = 0; i < 12; ++i) v2.push_back(float(i / 7.0 - 0.5));
    for (int i = 0; i < 96; ++i) v4.push_back(float(std::sin(double(i))));
    QTest::newRow("2d") << "ref_2d" << std::vector<int64_t>{3, 4} << v2;
    QTest::newRow("4d (L, H, T, T)") << "ref_4d" << std::vector<int64_t>{2, 3, 4, 4} << v4;
}

void tst_Export::npyIsByteIdenticalToNumpy() {
    QFETCH(QString, name);
    QFETCH(std::vector<int64_t>, shape);
    QFETCH(std::vector<float>, values);
    const QByteArray want = readAll(testutil::fixtures(QStringLiteral("export/") + name + QStringLiteral(".npy")));
    QVERIFY(!want.isEmpty());
    const QByteArray got = render::npyBytes(shape, values.data());
    const Npy w = parseNpy(want), g = parseNpy(got);
    QVERIFY2(g.ok, qPrintable(g.why));
    QCOMPARE(g.header, w.header);  // magic, version, length and the padded dict, byte for byte
    QCOMPARE(got.size(), want.size());
    QVERIFY2(got == want, "values differ from numpy's");
}

void tst_Export::npyStackLoadsBackTheSameFloats() {
    const auto& tr = *run_.trace;
    const int T = tr.T();
    // The whole (L, H, T, T) stack.
    const QString stack = tmp_.filePath(QStringLiteral("stack.npy"));
    session::exportRecipe(recipe(QStringLiteral("heads"), render::Format::Npy), run_.data, run_.tokens.texts, stack);
    const Npy n = parseNpy(readAll(stack));
    QVERIFY2(n.ok, qPrintable(n.why));
    QVERIFY2(n.dict.startsWith(QStringLiteral("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2, 12, 12), }")),
             qPrintable(n.dict));
    QCOMPARE(n.header, render::npyHeader({2, 2, 12, 12}));
    QCOMPARE(int(n.values.size()), 2 * 2 * T * T);
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 2; ++h) {
            const MatrixRM w = tr.head_weights(l, h);
            QVERIFY2(sameBits(n.values.data() + (l * 2 + h) * T * T, w.data(), size_t(T * T)),
                     qPrintable(QStringLiteral("layer %1 head %2 differs").arg(l).arg(h)));
        }
    // The tokens beside it.
    const QJsonObject tokens = QJsonDocument::fromJson(readAll(render::tokensJsonPath(stack))).object();
    QCOMPARE(tokens["npy"].toString(), QStringLiteral("stack.npy"));
    QCOMPARE(tokens["shape"].toArray(), QJsonArray({2, 2, 12, 12}));
    QStringList texts;
    for (const auto& t : tokens["tokens"].toArray()) texts << t.toString();
    QCOMPARE(texts.join(QString()), kText);
    QCOMPARE(tokens["ids"].toArray().size(), T);

    // One head's raw scores, -inf where masked.
    session::Recipe r = recipe(QStringLiteral("head"), render::Format::Npy);
    r.kind = render::MatrixKind::Scores;
    const QString one = tmp_.filePath(QStringLiteral("scores.npy"));
    session::exportRecipe(r, run_.data, run_.tokens.texts, one);
    const Npy s = parseNpy(readAll(one));
    QVERIFY2(s.ok, qPrintable(s.why));
    QVERIFY(s.dict.contains(QStringLiteral("'shape': (12, 12), }")));
    const MatrixRM scores = tr.head_scores(1, 1);
    QVERIFY(sameBits(s.values.data(), scores.data(), size_t(T * T)));
    QVERIFY(std::isinf(s.values[1]) && s.values[1] < 0);  // query 0 may not see key 1
}

void tst_Export::npyLoadsInNumpy() {
    QProcess probe;
    probe.start(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), QStringLiteral("import numpy")});
    if (!probe.waitForFinished(60000) || probe.exitCode() != 0) QSKIP("python3 with numpy is not installed");
    const QString npy = tmp_.filePath(QStringLiteral("numpy.npy"));
    const QString raw = tmp_.filePath(QStringLiteral("numpy.raw"));
    session::exportRecipe(recipe(QStringLiteral("heads"), render::Format::Npy), run_.data, run_.tokens.texts, npy);
    QProcess py;
    py.start(QStringLiteral("/usr/bin/python3"),
             {QStringLiteral("-c"),
              QStringLiteral("import sys, numpy as np\n"
                             "a = np.load(sys.argv[1])\n"
                             "assert a.dtype == np.dtype('<f4'), a.dtype\n"
                             "print(a.shape)\n"
                             "a.tofile(sys.argv[2])\n"),
              npy, raw});
    QVERIFY(py.waitForFinished(60000));
    QVERIFY2(py.exitCode() == 0, py.readAllStandardError().constData());
    QCOMPARE(QString::fromUtf8(py.readAllStandardOutput()).trimmed(), QStringLiteral("(2, 2, 12, 12)"));
    const QByteArray back = readAll(raw);
    const Npy n = parseNpy(readAll(npy));
    QCOMPARE(back.size(), qsizetype(n.values.size() * 4));
    QVERIFY(std::memcmp(back.constData(), n.values.data(), size_t(back.size())) == 0);
}

// ---------------------------------------------------------------- CSV, JSON

void tst_Export::csvHasTokensAndExactValues() {
    const QString path = tmp_.filePath(QStringLiteral("head.csv"));
    session::exportRecipe(recipe(QStringLiteral("head"), render::Format::Csv), run_.data, run_.tokens.texts, path);
    const QString csv = QString::fromUtf8(readAll(path));
    QStringList rows = csv.split(QStringLiteral("\r\n"));
    QCOMPARE(rows.takeLast(), QString());  // ends with a line break
    const int T = run_.data.T();
    QCOMPARE(rows.size(), T + 1);
    // The header: an empty corner and every key token, quoted (spaces kept).
    QStringList head;
    for (const QString& t : run_.tokens.texts) head << QLatin1Char('"') + t + QLatin1Char('"');
    QCOMPARE(rows[0], QStringLiteral("\"\",") + head.join(QLatin1Char(',')));
    const MatrixRM w = run_.trace->head_weights(1, 1);
    for (int q = 0; q < T; ++q) {
        const QStringList cells = rows[q + 1].split(QLatin1Char(','));
        QCOMPARE(cells.size(), T + 1);
        QCOMPARE(cells[0], head[q]);
        for (int k = 0; k < T; ++k) {
            const float v = std::strtof(cells[k + 1].toLatin1().constData(), nullptr);
            QVERIFY2(std::memcmp(&v, &w(q, k), 4) == 0,
                     qPrintable(QStringLiteral("(%1, %2): '%3' vs %4").arg(q).arg(k).arg(cells[k + 1]).arg(w(q, k))));
        }
    }
    // A grid of every head is not one matrix.
    QVERIFY_THROWS_EXCEPTION(Error, session::exportRecipe(recipe(QStringLiteral("heads"), render::Format::Csv), run_.data,
                                                         run_.tokens.texts, tmp_.filePath(QStringLiteral("grid.csv"))));
}

// The CLI's single export runs no block after its figure's layer
// (runRecipe's upToItsLayer): a head, its token lines and the mask of layer 0
// come from a run of layer 0 alone, and their files are the same bytes as
// from a full run. The shape flow, JSON (which lists every block's stages) and
// a batch need every layer: they run all.
void tst_Export::oneFigureRunsOnlyTheLayersItReads() {
    for (const auto& [view, format] : {std::pair{QStringLiteral("head"), render::Format::Csv},
                                       std::pair{QStringLiteral("head"), render::Format::Png},
                                       std::pair{QStringLiteral("lines"), render::Format::Svg},
                                       std::pair{QStringLiteral("mask"), render::Format::Npy},
                                       std::pair{QStringLiteral("head"), render::Format::Json},
                                       std::pair{QStringLiteral("flow"), render::Format::Png}}) {
        session::Recipe r = recipe(view, format);
        r.layer = 0;
        const session::RecipeRun part = session::runRecipe(r, true, nullptr, /*upToItsLayer=*/true);
        const bool oneLayer = view != QStringLiteral("flow") && format != render::Format::Json;
        QCOMPARE(part.trace->n_layer(), oneLayer ? 1 : 2);
        QCOMPARE(part.trace->partial(), oneLayer);
        const QString ext = render::formatName(format);
        const QString a = tmp_.filePath(view + QStringLiteral("_part.") + ext), b = tmp_.filePath(view + QStringLiteral("_full.") + ext);
        session::exportRecipe(r, part.data, part.tokens.texts, a);
        session::exportRecipe(r, run_.data, run_.tokens.texts, b);
        const QByteArray got = readAll(a);
        QVERIFY(got.size() > 100);
        QVERIFY2(got == readAll(b), qPrintable(view + QStringLiteral(" as ") + ext));
    }
    // Without upToItsLayer (the GUI, a batch) every layer runs.
    session::Recipe r = recipe(QStringLiteral("head"), render::Format::Csv);
    r.layer = 0;
    QCOMPARE(session::runRecipe(r).trace->n_layer(), 2);
}

// Heads are written a band of rows at a time, never held whole (8,192 tokens'
// head is 268 MB, every head 38 GB). Bands of 5 rows over 12-token heads
// cross from one head into the next mid-band; the files must be byte for
// byte those of the whole block held in memory.
void tst_Export::streamedDataIsTheWholeBlock_data() {
    QTest::addColumn<QString>("view");
    QTest::addColumn<int>("format");
    QTest::addColumn<bool>("overlay");
    QTest::newRow("heads npy") << "heads" << int(render::Format::Npy) << false;
    QTest::newRow("heads json") << "heads" << int(render::Format::Json) << false;
    QTest::newRow("head csv") << "head" << int(render::Format::Csv) << false;
    QTest::newRow("head json") << "head" << int(render::Format::Json) << false;
    QTest::newRow("mask csv") << "mask" << int(render::Format::Csv) << false;
    QTest::newRow("lines overlay npy") << "lines" << int(render::Format::Npy) << true;
}

void tst_Export::streamedDataIsTheWholeBlock() {
    QFETCH(QString, view);
    QFETCH(int, format);
    QFETCH(bool, overlay);
    const auto& tr = *run_.trace;
    session::Recipe r = recipe(view, render::Format(format));
    if (overlay) r.heads = {1, 0};
    render::DataBlock streamed = session::dataFor(r, tr);
    QVERIFY2(streamed.values.empty() && streamed.band, "a block of heads should be read in bands");
    streamed.bandRows = 5;
    render::DataBlock whole = streamed;
    whole.band = nullptr;
    whole.bandRows = 0;  // one band: this block is small
    whole.values.resize(size_t(attnscope::shape_numel(whole.shape)));
    streamed.readRows(0, streamed.rowCount(), whole.values.data());
    // The block holds the trace's own bits, head after head.
    const int T = tr.T();
    if (view == QLatin1String("heads") || overlay) {
        for (size_t i = 0; i < whole.values.size() / size_t(T * T); ++i) {
            const int l = view == QLatin1String("heads") ? int(i) / tr.n_head() : r.layer;
            const int h = view == QLatin1String("heads") ? int(i) % tr.n_head() : r.heads[i];
            QVERIFY2(sameBits(whole.values.data() + i * size_t(T * T), tr.head_weights(l, h).data(), size_t(T * T)),
                     qPrintable(QStringLiteral("matrix %1").arg(i)));
        }
    } else {
        const MatrixRM m = view == QLatin1String("mask") ? tr.mask() : tr.head_weights(r.layer, r.head);
        QVERIFY(sameBits(whole.values.data(), m.data(), size_t(T * T)));
    }
    const render::TokenTable tokens{tr.tokens, run_.tokens.texts, run_.data.tokens};
    const auto write = [&](const render::DataBlock& d, const QString& path) {
        switch (render::Format(format)) {
        case render::Format::Csv: render::writeCsv(d, tokens, path); break;
        case render::Format::Npy: render::writeNpy(d, tokens, path); break;
        default: render::writeJson(d, tokens, view, tr, QStringLiteral("tiny"), path); break;
        }
    };
    const QString a = tmp_.filePath(QStringLiteral("streamed.") + render::formatName(render::Format(format)));
    const QString b = tmp_.filePath(QStringLiteral("whole.") + render::formatName(render::Format(format)));
    write(streamed, a);
    write(whole, b);
    const QByteArray bytesA = readAll(a), bytesB = readAll(b);
    QVERIFY(bytesA.size() > T * T);
    QVERIFY2(bytesA == bytesB, qPrintable(QStringLiteral("%1 vs %2 bytes").arg(bytesA.size()).arg(bytesB.size())));
    // And those of the whole-matrix encoders.
    if (render::Format(format) == render::Format::Npy) QCOMPARE(bytesA, render::npyBytes(whole.shape, whole.values.data()));
    if (render::Format(format) == render::Format::Csv)
        QCOMPARE(bytesA, render::csvBytes(attnscope::ConstMapRM(whole.values.data(), T, T), run_.tokens.texts, run_.tokens.texts));
}

// A read that fails halfway (the trace gone, a full disk) leaves neither a
// partial file nor a temporary one, and an older file of that name as it was.
void tst_Export::aFailedStreamLeavesNoFile() {
    QTemporaryDir dir;
    render::DataBlock d;
    d.what = QStringLiteral("weights");
    d.shape = {40, 3};
    d.bandRows = 7;
    d.band = [](int64_t r0, int64_t r1, float* out) {
        if (r1 > 20) throw Error(ErrorCode::InvalidArgument, "the rows went away");
        std::fill(out, out + (r1 - r0) * 3, 0.5f);
    };
    const render::TokenTable tokens;
    const QString fresh = dir.filePath(QStringLiteral("fresh.npy"));
    QVERIFY_THROWS_EXCEPTION(Error, render::writeNpy(d, tokens, fresh));
    QVERIFY(!QFile::exists(fresh));
    const QString old = dir.filePath(QStringLiteral("old.csv"));
    render::writeFileAtomically(old, "kept");
    QVERIFY_THROWS_EXCEPTION(Error, render::writeCsv(d, tokens, old));
    QVERIFY_THROWS_EXCEPTION(Error, render::writeJson(d, tokens, QStringLiteral("head"), *run_.trace, {}, old));
    QCOMPARE(readAll(old), QByteArray("kept"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("old.csv")});
    // An array whose tokens file cannot be written (here a folder is in the
    // way) is not left beside an older tokens file, or alone.
    render::DataBlock ok = d;
    ok.band = [](int64_t r0, int64_t r1, float* out) { std::fill(out, out + (r1 - r0) * 3, 0.5f); };
    const QString paired = dir.filePath(QStringLiteral("paired.npy"));
    QVERIFY(QDir().mkpath(render::tokensJsonPath(paired)));
    QVERIFY_THROWS_EXCEPTION(Error, render::writeNpy(ok, tokens, paired));
    QVERIFY(!QFile::exists(paired));
    QVERIFY(QDir().rmdir(render::tokensJsonPath(paired)));
    render::writeNpy(ok, tokens, paired);
    QVERIFY(QFile::exists(paired) && QFile::exists(render::tokensJsonPath(paired)));
}

// Cancel was asked only before a figure was drawn: a cancel while a large
// SVG or PDF was drawn still wrote it. It is asked again before the write.
void tst_Export::aFigureCancelledWhileDrawnIsNotWritten() {
    QTemporaryDir dir;
    for (const render::Format f : {render::Format::Png, render::Format::Svg, render::Format::Pdf}) {
        const session::Recipe r = recipe(QStringLiteral("head"), f);
        const QString fresh = dir.filePath(QStringLiteral("fresh.") + render::formatName(f));
        QVector<double> asked;
        const auto cancelAfterDrawing = [&asked](double done) {
            asked << done;
            return done < 1;
        };
        QVERIFY_THROWS_EXCEPTION(Error, session::exportRecipe(r, run_.data, run_.tokens.texts, fresh, cancelAfterDrawing));
        QVERIFY(!QFile::exists(fresh));
        QCOMPARE(asked.constLast(), 1.0);
        const QString old = dir.filePath(QStringLiteral("old.") + render::formatName(f));
        render::writeFileAtomically(old, "kept");
        QVERIFY_THROWS_EXCEPTION(Error, session::exportRecipe(r, run_.data, run_.tokens.texts, old, cancelAfterDrawing));
        QCOMPARE(readAll(old), QByteArray("kept"));
        // Not cancelled: written.
        session::exportRecipe(r, run_.data, run_.tokens.texts, fresh, [](double) { return true; });
        QVERIFY(QFileInfo(fresh).size() > 100);
    }
}

// A PNG is refused past 400 million pixels (1.6 GB to paint) by name, in the
// renderer, the CLI and the dialog; the figure's natural size never gets there.
void tst_Export::oversizedImagesAreRefused() {
    const auto fig = session::makeFigure(recipe(QStringLiteral("head"), render::Format::Png), run_.data);
    try {
        (void)render::renderImage(*fig, QSizeF(200, 200), 300);
        QFAIL("a 60,000-pixel-square image was painted");
    } catch (const Error& e) {
        QCOMPARE(e.code(), ErrorCode::TooLarge);
        QVERIFY2(QString::fromStdString(e.what()).contains(QStringLiteral("60000 x 60000")), e.what());
    }
    QSettings().clear();
    const auto ws = startWorkspace();
    QVERIFY(ws);
    ViewSettings settings;
    HeadDetailView detail(ws.get(), &settings);
    ExportDialog dlg(ws.get(), &settings, &detail);
    auto* save = dlg.findChild<QPushButton*>(QStringLiteral("save"));
    auto* copy = dlg.findChild<QPushButton*>(QStringLiteral("copy"));
    auto* note = dlg.findChild<QLabel*>(QStringLiteral("note"));
    QVERIFY(save && copy && note);
    QTRY_VERIFY(save->isEnabled() && copy->isEnabled());
    dlg.findChild<QDoubleSpinBox*>(QStringLiteral("width"))->setValue(50);
    dlg.findChild<QDoubleSpinBox*>(QStringLiteral("height"))->setValue(50);
    dlg.findChild<QSpinBox*>(QStringLiteral("dpi"))->setValue(1200);
    QTRY_VERIFY(!save->isEnabled());
    QVERIFY(!copy->isEnabled());
    QVERIFY2(note->text().contains(QStringLiteral("limit of 400 million")), qPrintable(note->text()));
    dlg.findChild<QSpinBox*>(QStringLiteral("dpi"))->setValue(100);
    QTRY_VERIFY(save->isEnabled() && copy->isEnabled());
}

// Save writes on a worker thread. Cancelled, it leaves no file (nor a
// temporary one) and the dialog open, saying so; run again, it writes the
// whole stack and closes the dialog. Every head of a 2,000-token text: 4 x
// 2,000 x 2,000 floats, 64 MB in 16 bands, far more than the moment between
// starting and cancelling.
void tst_Export::dialogSavesInTheBackgroundAndCancels() {
    QSettings().clear();
    Workspace ws;
    ws.setDebounceMs(0);
    QSignalSpy ready(&ws, &Workspace::traceReady);
    ws.setDocument(session::randomDocument(ModelConfig::seed(96, 2048, 32, 2, 2), 5));
    QString text;
    for (int i = 0; i < 2000; ++i) text += QChar(u'a' + i % 26);
    ws.setText(text);
    QTRY_VERIFY_WITH_TIMEOUT(ws.trace() && ws.trace()->T() == 2000 && !ws.isRunning(), 60000);
    ViewSettings settings;
    HeadsGridView grid(&ws, &settings);
    ExportDialog dlg(&ws, &settings, &grid);
    dlg.setFormat(render::Format::Npy);
    QCOMPARE(dlg.recipe().view, QStringLiteral("heads"));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("all.npy"));
    QSignalSpy finished(&dlg, &ExportDialog::exportFinished);

    dlg.startExport(path);
    QVERIFY(dlg.isExporting());
    dlg.cancelExport();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QVERIFY(!finished.at(0).at(0).toString().isEmpty());
    QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
    QVERIFY2(dlg.findChild<QLabel*>(QStringLiteral("note"))->text().contains(QStringLiteral("cancelled")),
             qPrintable(dlg.findChild<QLabel*>(QStringLiteral("note"))->text()));
    QCOMPARE(dlg.result(), int(QDialog::Rejected));
    QVERIFY(dlg.findChild<QPushButton*>(QStringLiteral("save"))->isEnabled());

    dlg.startExport(path);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 120000);
    QCOMPARE(finished.at(1).at(0).toString(), QString());
    QCOMPARE(dlg.result(), int(QDialog::Accepted));
    const Npy n = parseNpy(readAll(path));
    QVERIFY2(n.ok, qPrintable(n.why));
    QCOMPARE(n.header, render::npyHeader({2, 2, 2000, 2000}));
    QCOMPARE(n.values.size(), size_t(2) * 2 * 2000 * 2000);
    const MatrixRM last = ws.trace()->head_weights(1, 1);
    QVERIFY(sameBits(n.values.data() + size_t(3) * 2000 * 2000, last.data(), size_t(2000) * 2000));
}

void tst_Export::jsonHasTokensShapesAndWeights() {
    const QString path = tmp_.filePath(QStringLiteral("lines.json"));
    session::exportRecipe(recipe(QStringLiteral("lines"), render::Format::Json), run_.data, run_.tokens.texts, path);
    QJsonParseError err;
    const QJsonObject j = QJsonDocument::fromJson(readAll(path), &err).object();
    QVERIFY2(err.error == QJsonParseError::NoError, qPrintable(err.errorString()));
    const int T = run_.data.T();
    QCOMPARE(j["tokens"].toArray().size(), T);
    QCOMPARE(j["tokens"].toArray()[3].toString(), QStringLiteral(" "));
    QCOMPARE(j["labels"].toArray()[3].toString(), QString(QChar(0x2423)));
    QCOMPARE(j["ids"].toArray()[0].toInt(), run_.tokens.ids[0]);
    QCOMPARE(j["shape"].toArray(), QJsonArray({T, T}));
    QCOMPARE(j["layers"].toArray(), QJsonArray({1}));
    QCOMPARE(j["heads"].toArray(), QJsonArray({1}));
    bool sawSoftmax = false;
    for (const auto& s : j["shapes"].toArray()) {
        const QJsonObject st = s.toObject();
        if (st["stage"].toString() == QLatin1String("softmax") && st["layer"].toInt() == 1) {
            QCOMPARE(st["shape"].toArray(), QJsonArray({2, T, T}));
            sawSoftmax = true;
        }
    }
    QVERIFY(sawSoftmax);
    const MatrixRM w = run_.trace->head_weights(1, 1);
    const QJsonArray rows = j["weights"].toArray();
    QCOMPARE(rows.size(), T);
    for (int q = 0; q < T; ++q)
        for (int k = 0; k < T; ++k) QCOMPARE(float(rows[q].toArray()[k].toDouble()), w(q, k));
}

// ---------------------------------------------------------------- recipes

void tst_Export::recipeJsonRoundTrips() {
    session::Recipe r = recipe(QStringLiteral("heads"), render::Format::Svg);
    r.modelSha256 = session::fileSha256(model_);
    r.text = QStringLiteral("quote \" backslash \\ newline \n tab \t ünï");
    r.tokens = {1, 2, 3};
    r.bidirectional = true;
    r.ablate = {{0, 1}, {1, 0}};
    r.layers = {1, 0};
    r.columns = 3;
    r.colormap = render::ColorMapId::Magma;
    r.scale = render::Scale::Log;
    r.cells = render::CellMode::Rects;
    r.fontFamily = QStringLiteral("DejaVu Serif");
    r.fontPoints = 7.5;
    r.showColorBar = false;
    r.language = QStringLiteral("de_DE");
    r.widthIn = 6.5;
    r.heightIn = 1.0 / 3.0;
    r.dpi = 450;
    const QByteArray json = session::recipeToJson(r);
    const session::Recipe back = session::recipeFromJson(json);
    QCOMPARE(session::recipeToJson(back), json);
    QCOMPARE(back.text, r.text);
    QCOMPARE(back.heightIn, r.heightIn);  // doubles read back exactly
    QCOMPARE(back.layers, r.layers);
    QCOMPARE(back.ablate.size(), size_t(2));
    QCOMPARE(back.colormap, render::ColorMapId::Magma);
    QCOMPARE(back.language, QStringLiteral("de_DE"));
    QCOMPARE(QJsonDocument::fromJson(json).object()["model"].toObject()["sha256"].toString().size(), 64);
    // A relative model path is taken from the recipe's folder.
    const session::Recipe rel = session::recipeFromJson(
        R"({"attnscope_recipe": 1, "model": {"path": "m.safetensors"}, "text": "a"})", QStringLiteral("/data/x"));
    QCOMPARE(rel.modelPath, QStringLiteral("/data/x/m.safetensors"));
}

void tst_Export::badRecipesAreRefused_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    const QByteArray m = R"("attnscope_recipe": 1, "model": {"path": "/m"}, "text": "a")";
    QTest::newRow("not json") << QByteArray("{") << "";
    QTest::newRow("not an object") << QByteArray("[1]") << "not a JSON object";
    QTest::newRow("no version") << QByteArray(R"({"model": {"path": "/m"}, "text": "a"})") << "attnscope_recipe";
    QTest::newRow("future version") << QByteArray(R"({"attnscope_recipe": 2, "model": {"path": "/m"}, "text": "a"})") << "version 2";
    QTest::newRow("no input") << QByteArray(R"({"attnscope_recipe": 1, "model": {"path": "/m"}})") << "neither 'text' nor 'tokens'";
    QTest::newRow("unknown member") << "{" + m + R"(, "colourmap": "viridis"})" << "unknown member 'colourmap'";
    QTest::newRow("bad view") << "{" + m + R"(, "view": "pie"})" << "view 'pie'";
    QTest::newRow("bad format") << "{" + m + R"(, "format": "gif"})" << "format 'gif'";
    QTest::newRow("negative layer") << "{" + m + R"(, "layer": -1})" << "'layer'";
    QTest::newRow("dpi as text") << "{" + m + R"(, "size": {"dpi": "300"}})" << "size.dpi";
    QTest::newRow("bad colormap") << "{" + m + R"(, "colormap": "jet"})" << "colormap 'jet'";
}

void tst_Export::badRecipesAreRefused() {
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    try {
        session::recipeFromJson(json);
        QFAIL("accepted a bad recipe");
    } catch (const Error& e) {
        QCOMPARE(e.code(), ErrorCode::BadFormat);
        QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
    }
}

// ---------------------------------------------------------------- CLI

void tst_Export::cliRecipeReplayIsByteIdentical_data() {
    QTest::addColumn<QStringList>("options");
    QTest::newRow("head") << QStringList{"--view", "head", "--layer", "1", "--head", "0"};
    QTest::newRow("head scores, magma, 150 dpi") << QStringList{"--view", "head", "--kind", "scores", "--colormap", "magma", "--dpi", "150"};
    QTest::newRow("heads, 1 column, layer 1") << QStringList{"--view", "heads", "--columns", "1", "--layers", "1"};
    QTest::newRow("mask, bidirectional") << QStringList{"--view", "mask", "--bidirectional"};
    QTest::newRow("flow") << QStringList{"--view", "flow", "--layer", "1", "--width", "8"};
    QTest::newRow("lines, two heads, log") << QStringList{"--view", "lines", "--heads", "0,1", "--scale", "log"};
}

void tst_Export::cliRecipeReplayIsByteIdentical() {
    QFETCH(QStringList, options);
    const QString first = tmp_.filePath(QStringLiteral("first.png")), again = tmp_.filePath(QStringLiteral("again.png"));
    const QString rec = tmp_.filePath(QStringLiteral("first.recipe.json"));
    QFile::remove(again);
    Run r = cli(QStringList{"export", "--model", model_, "--text", kText, "-o", first, "--save-recipe", rec} + options);
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    const session::Recipe saved = session::readRecipe(rec);
    // Without --scale, the window's default: row-normalised.
    if (!options.contains(QStringLiteral("--scale"))) QCOMPARE(saved.scale, render::Scale::RowNormalized);
    QCOMPARE(saved.modelSha256, session::fileSha256(model_));
    QCOMPARE(saved.text, kText);
    QVERIFY(saved.widthIn > 0 && saved.heightIn > 0 && !saved.fontFamily.isEmpty());
    r = cli({"export", "--recipe", rec, "-o", again});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    const QByteArray a = readAll(first), b = readAll(again);
    QVERIFY(a.size() > 1000);
    QVERIFY2(a == b, "the replayed PNG differs from the original");
    // A figure drawn in a language this build cannot translate to: drawn in
    // English, and said so in one line.
    session::Recipe foreign = saved;
    foreign.language = QStringLiteral("xx");
    const QString foreignPath = tmp_.filePath(QStringLiteral("foreign.recipe.json"));
    session::writeRecipe(foreign, foreignPath);
    r = cli({"export", "--recipe", foreignPath, "-o", again});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
    QVERIFY2(r.err.contains(QStringLiteral("'xx'")), qPrintable(r.err));
    QVERIFY(readAll(again) == a);
    // The comparison can fail: the same figure without its title gives other bytes.
    r = cli({"export", "--recipe", rec, "--no-title", "-o", again});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY(readAll(again) != a);
}

void tst_Export::cliBatchWritesOneFilePerHead() {
    const QString dir = tmp_.filePath(QStringLiteral("batch"));
    const Run r = cli({"export", "--model", model_, "--text", kText, "--view", "head", "--all-heads", "--out-dir", dir,
                       "--dpi", "72", "--save-recipes"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QStringList files = QDir(dir).entryList({QStringLiteral("*.png")}, QDir::Files, QDir::Name);
    QCOMPARE(files, QStringList({"head_L0_H0.png", "head_L0_H1.png", "head_L1_H0.png", "head_L1_H1.png"}));
    QCOMPARE(QDir(dir).entryList({QStringLiteral("*.recipe.json")}, QDir::Files).size(), 4);
    QSet<QByteArray> distinct;
    for (const QString& f : files) {
        QImage img;
        QVERIFY(img.load(QDir(dir).filePath(f)));
        distinct.insert(readAll(QDir(dir).filePath(f)));
    }
    QCOMPARE(distinct.size(), 4);  // four different heads, not one figure four times
    // A progress line per file, on stderr.
    const QStringList lines = r.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines, QStringList({"exported 1/4", "exported 2/4", "exported 3/4", "exported 4/4"}));
    // Data too: one NPY (and its tokens) per head.
    const QString npyDir = tmp_.filePath(QStringLiteral("batch-npy"));
    const Run n = cli({"export", "--model", model_, "--text", kText, "--all-heads", "--out-dir", npyDir, "--format", "npy"});
    QVERIFY2(n.status == 0, qPrintable(n.err));
    QCOMPARE(QDir(npyDir).entryList({QStringLiteral("*.npy")}, QDir::Files).size(), 4);
    QCOMPARE(QDir(npyDir).entryList({QStringLiteral("*.tokens.json")}, QDir::Files).size(), 4);
}

void tst_Export::cliBatchPdfHasOnePagePerHead() {
    const QString pdf = tmp_.filePath(QStringLiteral("all.pdf"));
    const Run r = cli({"export", "--model", model_, "--text", kText, "--view", "lines", "--all-heads", "-o", pdf,
                       "--width", "4", "--height", "5"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    const PdfInfo info = parsePdf(readAll(pdf));
    QCOMPARE(info.pages, 4);
    QCOMPARE(info.mediaBoxes.size(), 4);
    QCOMPARE(info.mediaBoxes.first(), QSizeF(288, 360));
}

void tst_Export::cliBatchOfTheDemoModelHasOneFilePerHead() {
    const QString demo = session::demoModelPath();
    QVERIFY2(!demo.isEmpty(), "the bundled demo model resources/demo/shakespeare-char.safetensors is missing");
    const LoadedModel m = load_model(testutil::str(demo));
    const int heads = m.weights->config.n_layer * m.weights->config.n_head;
    const QString dir = tmp_.filePath(QStringLiteral("demo-batch"));
    // No --model: the demo is the default.
    const Run r = cli({"export", "--text", "ROMEO:\nWhat light", "--view", "head", "--all-heads", "--out-dir", dir, "--dpi", "60"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QCOMPARE(QDir(dir).entryList({QStringLiteral("head_L*_H*.png")}, QDir::Files).size(), heads);
    QVERIFY(r.err.trimmed().endsWith(QStringLiteral("exported %1/%1").arg(heads)));
}

// --random SPEC exports a model that has no file (how the README's long-text
// exports are rerun): the bits of the same model and run made here.
void tst_Export::cliExportsARandomModel() {
    const QString spec = QStringLiteral("n_layer=2,n_head=2,n_embed=16,context=64,vocab=96,seed=4");
    const QString out = tmp_.filePath(QStringLiteral("random.npy"));
    const Run r = cli({"export", "--random", spec, "--text", "ROMEO: what light", "--view", "head", "--layer", "1", "--head", "0",
                       "-o", out});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    uint64_t seed = 0;
    const ModelConfig cfg = ModelConfig::parse_spec(spec.toStdString(), &seed);
    const session::Document doc = session::randomDocument(cfg, seed);
    const session::Tokenized tokens = session::tokenize(doc, session::TokenInput(QStringLiteral("ROMEO: what light")),
                                                        session::CropPolicy::KeepLast);
    const Trace t = attnscope::Model(doc.model.weights).run(tokens.ids, attnscope::RunOptions{});
    const MatrixRM w = t.head_weights(1, 0);
    QCOMPARE(readAll(out), render::npyBytes({t.T(), t.T()}, w.data()));
}

void tst_Export::cliRunsWithoutDisplay() {
    for (const QString& display : {QString(), QStringLiteral(":97")}) {  // none, and one that is not there
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("DISPLAY"));
        if (!display.isEmpty()) env.insert(QStringLiteral("DISPLAY"), display);
        const QString out = tmp_.filePath(QStringLiteral("headless.svg"));
        QFile::remove(out);
        const Run r = cli({"export", "--model", model_, "--text", kText, "--view", "mask", "-o", out}, env);
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
        QVERIFY(parseSvg(readAll(out)).error.isEmpty());
        QVERIFY(QFileInfo(out).size() > 1000);
    }
}

void tst_Export::cliErrorsExitWithOneLine_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("message");
    const QString m = model_;
    const QStringList base{"export", "--model", m, "--text", "the cat"};
    QTest::newRow("bad view") << base + QStringList{"--view", "pie", "-o", "x.png"} << 2 << "--view must be one of";
    QTest::newRow("bad format") << base + QStringList{"--format", "gif", "-o", "x.gif"} << 2 << "--format must be one of";
    QTest::newRow("unknown extension") << base + QStringList{"-o", "x.gif"} << 2 << "cannot tell the format";
    QTest::newRow("format vs extension") << base + QStringList{"--format", "svg", "-o", "x.png"} << 2 << "does not match";
    QTest::newRow("layer past the model") << base + QStringList{"--layer", "2", "-o", "x.png"} << 2 << "layer 2 is out of range";
    QTest::newRow("head past the model") << base + QStringList{"--head", "5", "-o", "x.png"} << 2 << "head 5 is out of range";
    QTest::newRow("negative head") << base + QStringList{"--head", "-1", "-o", "x.png"} << 2 << "--head must be an integer";
    QTest::newRow("bad dpi") << base + QStringList{"--dpi", "0", "-o", "x.png"} << 2 << "--dpi must be a number";
    QTest::newRow("bad cells") << base + QStringList{"--cells", "dots", "-o", "x.svg"} << 2 << "--cells must be one of";
    QTest::newRow("recipe over the export") << base + QStringList{"-o", "x.json", "--save-recipe", "x.json"} << 2
                                            << "is the file the export writes";
    QTest::newRow("recipe over the npy's tokens") << base + QStringList{"-o", "x.npy", "--save-recipe", "x.tokens.json"} << 2
                                                  << "is the file the export writes";
    QTest::newRow("font name SVG cannot carry") << base + QStringList{"--font", "Foo & \"Bar\"", "-o", "x.svg"} << 2
                                               << "font family 'Foo & \"Bar\"' holds a character";
    QTest::newRow("no output") << base << 2 << "needs -o";
    QTest::newRow("two inputs") << base + QStringList{"--tokens", "1,2", "-o", "x.png"} << 2 << "only one of";
    QTest::newRow("csv of the grid") << base + QStringList{"--view", "heads", "-o", "x.csv"} << 2 << "csv holds one head";
    QTest::newRow("all heads of the grid") << base + QStringList{"--view", "heads", "--all-heads", "--out-dir", "d"} << 2 << "--all-heads";
    QTest::newRow("unknown option") << base + QStringList{"--colour", "red", "-o", "x.png"} << 2 << "unknown option";
    QTest::newRow("missing model") << QStringList{"export", "--model", "/nonexistent/m.safetensors", "--text", "a", "-o", "x.png"}
                                   << 1 << "/nonexistent/m.safetensors";
    QTest::newRow("missing recipe") << QStringList{"export", "--recipe", "/nonexistent/r.json", "-o", "x.png"} << 1 << "cannot read recipe";
    QTest::newRow("random and a model") << base + QStringList{"--random", "n_layer=1,n_head=1,n_embed=8,context=16,vocab=96", "-o", "x.png"}
                                        << 2 << "not both";
    QTest::newRow("random with a recipe")
        << QStringList{"export", "--random", "n_layer=1,n_head=1,n_embed=8,context=16,vocab=96", "--text", "a", "-o", "x.png",
                       "--save-recipe", "r.json"}
        << 2 << "a recipe cannot name it";
    QTest::newRow("no character in the vocabulary")
        << QStringList{"export", "--model", m, "--text", "THE", "-o", "x.png"} << 1 << "no tokens to run";
}

void tst_Export::cliErrorsExitWithOneLine() {
    QFETCH(QStringList, args);
    QFETCH(int, status);
    QFETCH(QString, message);
    // Relative outputs land in the temporary folder, and must not be written.
    for (QString& a : args)
        if (a.startsWith(QLatin1String("x.")) || a == QLatin1String("d")) a = tmp_.filePath(QStringLiteral("err-") + a);
    const QStringList written = QDir(tmp_.path()).entryList({QStringLiteral("err-*")});
    const Run r = cli(args);
    QCOMPARE(r.status, status);
    const QStringList lines = r.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.size() == 1, qPrintable(r.err));
    QVERIFY2(lines[0].startsWith(QLatin1String("attnscope-cli: ")), qPrintable(lines[0]));
    QVERIFY2(lines[0].contains(message), qPrintable(lines[0]));
    QCOMPARE(QDir(tmp_.path()).entryList({QStringLiteral("err-*")}), written);
}

// ---------------------------------------------------------------- GUI

void tst_Export::viewsAndExportDrawTheSameFigure() {
    // What a view hands the exporter and what a recipe rebuilds are one figure:
    // the same pixels at the same size.
    const auto ws = startWorkspace();
    QVERIFY(ws);
    ViewSettings settings;
    Selection sel = ws->selection();
    sel.layer = 1;
    sel.head = 0;
    ws->setSelection(sel);
    HeadDetailView detail(ws.get(), &settings);
    HeadsGridView grid(ws.get(), &settings);
    TokenLinesView lines(ws.get(), &settings);
    for (TraceView* view : std::initializer_list<TraceView*>{&detail, &grid, &lines}) {
        ExportDialog dlg(ws.get(), &settings, view);
        const session::Recipe r = dlg.recipe();
        QCOMPARE(r.view, view->viewId());
        QCOMPARE(r.layer, 1);
        QVERIFY(dlg.figure());
        const auto fromView = view->makeFigure(session::recipeStyle(r));
        QCOMPARE(fromView->title(), dlg.figure()->title());
        const QSizeF inches = render::naturalInches(*fromView);
        QCOMPARE(render::naturalInches(*dlg.figure()), inches);
        const QImage a = render::renderImage(*fromView, inches, 100), b = render::renderImage(*dlg.figure(), inches, 100);
        QVERIFY2(a == b, qPrintable(view->viewId()));
    }
}

void tst_Export::dialogExportReplaysIdenticallyInCli() {
    const auto ws = startWorkspace();
    QVERIFY(ws);
    ViewSettings settings;
    settings.setColormap(render::ColorMapId::Cividis);
    Selection sel = ws->selection();
    sel.head = 1;
    ws->setSelection(sel);
    HeadDetailView view(ws.get(), &settings);
    ExportDialog dlg(ws.get(), &settings, &view);
    dlg.setFormat(render::Format::Png);
    dlg.setSaveRecipe(true);
    const QString png = tmp_.filePath(QStringLiteral("dialog.png"));
    const QString error = dlg.exportTo(png);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QString rec = tmp_.filePath(QStringLiteral("dialog.recipe.json"));
    QVERIFY(QFileInfo::exists(rec));
    const session::Recipe saved = session::readRecipe(rec);
    QCOMPARE(saved.colormap, render::ColorMapId::Cividis);
    QCOMPARE(saved.head, 1);
    QCOMPARE(saved.text, kText);
    QCOMPARE(saved.modelSha256, session::fileSha256(model_));
    const QString again = tmp_.filePath(QStringLiteral("dialog-replay.png"));
    const Run r = cli({"export", "--recipe", rec, "-o", again});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY2(readAll(png) == readAll(again), "the CLI's replay differs from the dialog's export");
    // And SVG from the dialog: vectors with the token labels as text.
    dlg.setFormat(render::Format::Svg);
    const QString svg = tmp_.filePath(QStringLiteral("dialog.svg"));
    QVERIFY(dlg.exportTo(svg).isEmpty());
    const SvgInfo info = parseSvg(readAll(svg));
    QVERIFY(info.error.isEmpty());
    QCOMPARE(info.texts.count(QStringLiteral("c")), 2);
}

void tst_Export::dialogCopiesImageAndRemembersSettings() {
    QSettings().clear();
    const auto ws = startWorkspace();
    QVERIFY(ws);
    ViewSettings settings;
    HeadsGridView grid(ws.get(), &settings);
    {
        ExportDialog dlg(ws.get(), &settings, &grid);
        auto* dpi = dlg.findChild<QSpinBox*>(QStringLiteral("dpi"));
        auto* columns = dlg.findChild<QSpinBox*>(QStringLiteral("columns"));
        QVERIFY(dpi && columns);
        dpi->setValue(150);
        columns->setValue(1);
        const session::Recipe r = dlg.recipe();
        QCOMPARE(r.columns, 1);
        QCOMPARE(r.dpi, 150.0);
        dlg.copyImage();
        const QImage copied = QGuiApplication::clipboard()->image();
        const session::Recipe sized = session::resolveRecipe(r, dlg.figure());
        QCOMPARE(copied.size(), render::pngPixelSize(QSizeF(sized.widthIn, sized.heightIn), 150));
        QVERIFY(sized.heightIn > sized.widthIn);  // one column of four panels is tall
    }
    ExportDialog again(ws.get(), &settings, &grid);
    QCOMPARE(again.recipe().dpi, 150.0);
    QCOMPARE(again.recipe().columns, 1);
}

QTEST_MAIN(tst_Export)
#include "tst_export.moc"
