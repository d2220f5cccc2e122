// tst_export, continued: attnscope-cli export (recipes replayed byte for byte,
// batches, no display, errors) and the export dialog against the views and the
// CLI (tst_export.h has the fixture).
#include "tst_export.h"

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
    const QString rec = tmp_.filePath(QStringLiteral("dialog.png.recipe.json"));
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
    // PNG and SVG under one name keep a recipe each.
    QCOMPARE(session::readRecipe(rec).format, render::Format::Png);
    QCOMPARE(session::readRecipe(tmp_.filePath(QStringLiteral("dialog.svg.recipe.json"))).format, render::Format::Svg);

    // The typed extension chooses the format: "typed.pdf" with SVG chosen is a PDF, not typed.pdf.svg.
    QString problem;
    const QString typed = tmp_.filePath(QStringLiteral("typed.pdf"));
    QCOMPARE(dlg.pathForTyped(typed, &problem), typed);
    QCOMPARE(dlg.recipe().format, render::Format::Pdf);
    QVERIFY(dlg.exportTo(typed).isEmpty());
    QVERIFY(readAll(typed).startsWith("%PDF"));
    QVERIFY(!QFileInfo::exists(typed + ".svg"));
    QCOMPARE(dlg.pathForTyped(tmp_.filePath(QStringLiteral("bare")), &problem), tmp_.filePath(QStringLiteral("bare.pdf")));
    QCOMPARE(dlg.pathForTyped(tmp_.filePath(QStringLiteral("Upper.PNG")), &problem), tmp_.filePath(QStringLiteral("Upper.PNG")));
    QCOMPARE(dlg.recipe().format, render::Format::Png);
    // A format the figure cannot take is refused by name; the chosen one stays.
    HeadsGridView grid(ws.get(), &settings);
    ExportDialog gridDlg(ws.get(), &settings, &grid);
    gridDlg.setFormat(render::Format::Svg);
    QVERIFY(gridDlg.pathForTyped(tmp_.filePath(QStringLiteral("grid.csv")), &problem).isEmpty());
    QVERIFY2(problem.contains(QStringLiteral("CSV")), qPrintable(problem));
    QCOMPARE(gridDlg.recipe().format, render::Format::Svg);
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
