// tst_export, continued: one figure's run of the layers it reads, data
// streamed in bands, a failed or cancelled export, oversized images, the
// dialog's background save, JSON, and recipes (tst_export.h has the fixture).
#include "tst_export.h"

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

// The heads figure at its natural size ends where its tiles, token labels and
// the colour bar's caption end: no empty band under the grid (square tiles
// sized by the width left about 12% of it empty), and no caption cut off
// under a single row of tiles.
void tst_Export::headsFigureEndsWhereItsContentEnds() {
    for (const std::vector<int>& layers : {std::vector<int>{}, std::vector<int>{1}}) {
        session::Recipe r = recipe(QStringLiteral("heads"), render::Format::Png);
        r.layers = layers;
        r.dpi = 96;
        const QString path = tmp_.filePath(QStringLiteral("heads-%1.png").arg(layers.size()));
        session::exportRecipe(r, run_.data, run_.tokens.texts, path);
        QImage img;
        QVERIFY(img.load(path, "png"));
        const QRgb background = img.pixel(0, 0);
        int lowest = -1;  // the lowest row with anything drawn
        for (int y = img.height() - 1; y >= 0 && lowest < 0; --y)
            for (int x = 0; x < img.width(); ++x)
                if (img.pixel(x, y) != background) {
                    lowest = y;
                    break;
                }
        QVERIFY(lowest > 0);
        const int below = img.height() - 1 - lowest;
        QVERIFY2(below >= 2, "something is cut at the bottom edge");
        QVERIFY2(below <= 16, qPrintable(QStringLiteral("%1 empty rows of %2 under the figure").arg(below).arg(img.height())));
    }
}
