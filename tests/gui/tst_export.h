#pragma once
// tst_export's test class and what its files share: the fixture (a tiny model
// and its run), readers of SVG, PDF and NPY files. tst_export.cpp holds the
// fixture and the figures and arrays as files, tst_export_data.cpp the data
// exports streamed, failed and cancelled, and the recipes, tst_export_cli.cpp
// attnscope-cli export and the export dialog.
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

const QString kText = QStringLiteral("the cat sat.");  // 12 char tokens, labels t h e ␣ c a t ␣ s a t .

using testutil::cli;
using testutil::Run;

inline QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

struct SvgInfo {
    QString error;
    QString title;
    QStringList texts;
    int rects = 0, images = 0;
};

inline SvgInfo parseSvg(const QByteArray& svg) {
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

inline PdfInfo parsePdf(const QByteArray& pdf) {
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

inline Npy parseNpy(const QByteArray& b) {
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

inline bool sameBits(const float* a, const float* b, size_t n) { return std::memcmp(a, b, n * sizeof(float)) == 0; }

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
    void headsFigureEndsWhereItsContentEnds();
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
