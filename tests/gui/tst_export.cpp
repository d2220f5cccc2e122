// Export as a paper's author uses it: PNG at the pixel size its DPI implies,
// SVG and PDF as vectors with text as text, NPY as numpy writes it, CSV and
// JSON with the tokens, recipes that replay byte for byte, the CLI headless and
// in batch, and the export dialog drawing the same figure as the views.
#include "tst_export.h"

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

QTEST_MAIN(tst_Export)
#include "moc_tst_export.cpp"
