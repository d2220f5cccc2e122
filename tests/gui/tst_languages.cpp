// Every interface language in a real window: each one's accelerators are
// unambiguous, no visible text is cut at 1280x860 on any tab nor in the
// Export dialog and the Guide, the window works mirrored (right to left) with
// the maps still drawn query down and key across, Chinese and Japanese tokens
// draw as glyphs (not boxes) in PNG and PDF, and View ▸ Language remembers
// the choice; screen readers hear the selection change, and Tab reaches
// every page's controls, each with a name, in every language.
#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QGuiApplication>
#include <QLabel>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTemporaryDir>
#include <QTimer>
#include <QTranslator>
#include <QtTest>

#include <algorithm>
#include <memory>

#include "gui/common/eliding_label.h"
#include "gui/common/languages.h"
#include "gui/dialogs/export_dialog.h"
#include "gui/dialogs/guide_dialog.h"
#include "gui/views/head_detail_view.h"
#include "gui/views/heads_grid_view.h"
#include "gui/window/main_window.h"
#include "gui/workspace/view_settings.h"
#include "gui/workspace/workspace.h"
#include "render/export.h"
#include "render/figures/head_figure.h"
#include "session/document.h"
#include "ts_checks.h"

using namespace ts_checks;

namespace {

// What a user would see cut short: a label, button or box narrower than its
// text, an ElidingLabel showing "…", or tabs that do not all fit their bar.
QStringList cutTexts(const QWidget* root) {
    // Laid out after the last text change (a prediction may just have arrived).
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCoreApplication::processEvents();
    }
    QStringList out;
    const QWidget* win = root->window();
    for (const QLabel* l : root->findChildren<QLabel*>()) {
        if (!l->isVisibleTo(win) || l->text().isEmpty() || !l->pixmap().isNull()) continue;
        if (l->wordWrap()) {  // wraps: cut when the lines need more height than it has
            if (l->heightForWidth(l->width()) > l->height() + 1)
                out << QStringLiteral("label “%1” (%2 of %3 px high)").arg(l->text()).arg(l->height()).arg(l->heightForWidth(l->width()));
            continue;
        }
        if (const auto* e = dynamic_cast<const ElidingLabel*>(l)) {
            if (e->text() != e->fullText()) out << QStringLiteral("label “%1” elided").arg(e->fullText());
            continue;
        }
        if (l->textFormat() == Qt::RichText || Qt::mightBeRichText(l->text())) continue;
        if (l->sizeHint().width() > l->width() + 1)
            out << QStringLiteral("label “%1” (%2 of %3 px)").arg(l->text()).arg(l->width()).arg(l->sizeHint().width());
    }
    for (const QAbstractButton* b : root->findChildren<QAbstractButton*>()) {
        if (!b->isVisibleTo(win) || b->text().isEmpty() || b->inherits("QTabBar")) continue;
        if (b->sizeHint().width() > b->width() + 1)
            out << QStringLiteral("button “%1” (%2 of %3 px)").arg(b->text()).arg(b->width()).arg(b->sizeHint().width());
    }
    for (const QComboBox* c : root->findChildren<QComboBox*>()) {
        if (!c->isVisibleTo(win) || c->currentText().isEmpty()) continue;
        const int need = c->fontMetrics().horizontalAdvance(c->currentText());
        if (need > c->width()) out << QStringLiteral("combo box “%1”").arg(c->currentText());
    }
    for (const QTabBar* t : root->findChildren<QTabBar*>()) {
        if (!t->isVisibleTo(win) || t->count() < 2) continue;
        int need = 0;
        for (int i = 0; i < t->count(); ++i) need += t->tabRect(i).width();
        // Tabs that do not fit get scroll arrows and hide the last ones.
        if (need > t->width() + 1 || t->tabRect(t->count() - 1).right() > t->width()) out << QStringLiteral("tabs need %1 px, have %2").arg(need).arg(t->width());
    }
    return out;
}

// A 1280x860 main window with the last session's text (or the example) run
// on the demo model.
struct DemoWindow {
    Workspace ws;
    MainWindow win{&ws};
    // Shown and run; false when either timed out.
    bool open() {
        ws.setDebounceMs(10);
        win.resize(1280, 860);
        win.show();
        if (!QTest::qWaitForWindowExposed(&win)) return false;
        QSignalSpy ready(&ws, &Workspace::traceReady);
        win.restoreSession();
        return ready.wait(60000) || !ready.isEmpty();
    }
};

std::unique_ptr<QTranslator> install(const QString& lang) {
    auto t = std::make_unique<QTranslator>();
    if (!t->load(qmPath(lang)) || !QCoreApplication::installTranslator(t.get())) return nullptr;
    return t;
}

// The head figure of the demo's first layer over `labels`, one token each.
render::FigureData cjkFigureData(const QStringList& labels) {
    static const session::Document doc = session::openDocument(QString());
    auto trace = std::make_shared<attnscope::Trace>();
    std::vector<int> ids;
    for (int i = 0; i < labels.size(); ++i) ids.push_back(1 + i);
    attnscope::Model(doc.model.weights).run(ids, attnscope::RunOptions{}, *trace);
    render::FigureData d;
    d.trace = trace;
    d.tokens = labels;
    d.modelName = QStringLiteral("demo");
    return d;
}

QImage paint(const render::Figure& f) {
    const QSize size = f.naturalSize().toSize();
    QImage img(size, QImage::Format_ARGB32);
    img.fill(Qt::white);
    QPainter p(&img);
    f.paint(p, QRectF(QPointF(0, 0), size));
    return img;
}

}  // namespace

class tst_Languages : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void languages_data();
    void acceleratorsAreUnique_data() { languages_data(); }
    void acceleratorsAreUnique();
    void noTextIsCut_data() { languages_data(); }
    void noTextIsCut();
    void mirroredWindowWalksEveryTab();
    void cjkTokensDrawAsGlyphs();
    void languageMenuRemembersTheChoice();
    void screenReadersHearTheSelection();
    void theFocusChainReachesEveryViewWithNames_data() { languages_data(); }
    void theFocusChainReachesEveryViewWithNames();

private:
    std::unique_ptr<QTranslator> translator_;
};

void tst_Languages::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttnScopeTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_languages"));
    QSettings().clear();
}

void tst_Languages::cleanup() {
    if (translator_) QCoreApplication::removeTranslator(translator_.get());
    translator_.reset();
    QApplication::setLayoutDirection(Qt::LeftToRight);
}

void tst_Languages::languages_data() {
    QTest::addColumn<QString>("lang");
    QTest::newRow("en") << QString();
    for (const QString& lang : languages()) QTest::newRow(qPrintable(lang)) << lang;
}

// What Alt+letter reaches at once: the menu bar, every menu, the tabs and the
// page on show; and the New model and Export dialogs.
void tst_Languages::acceleratorsAreUnique() {
    QFETCH(QString, lang);
    if (!lang.isEmpty()) QVERIFY(translator_ = install(lang));
    QStringList problems;
    Workspace ws;
    MainWindow win(&ws);
    win.resize(1280, 860);
    win.show();
    QVERIFY(QTest::qWaitForWindowExposed(&win));
    QStringList bar;
    for (const QAction* a : win.menuBar()->actions()) {
        bar << a->text();
        if (a->menu()) checkMenu(a->menu(), &problems);
    }
    if (const QString c = clashes(bar); !c.isEmpty()) problems << QStringLiteral("menu bar: ") + c;
    for (int i = 0; i < win.tabs()->count(); ++i) {
        win.tabs()->setCurrentIndex(i);
        QStringList texts = bar;
        for (int j = 0; j < win.tabs()->count(); ++j) {
            texts << win.tabs()->tabText(j);
            // A CJK tab shows its title alone; its Alt+X is a shortcut its tooltip names.
            static const QRegularExpression alt(QStringLiteral("\\(Alt\\+(\\w)\\)$"));
            if (const auto m = alt.match(win.tabs()->tabToolTip(j)); m.hasMatch())
                texts << QStringLiteral("&") + m.captured(1);
        }
        texts << acceleratorTexts(&win, true);
        if (const QString c = clashes(texts); !c.isEmpty())
            problems << QStringLiteral("tab %1: %2").arg(win.tabs()->tabText(i), c);
    }
    ViewSettings settings;
    ExportDialog dlg(&ws, &settings, nullptr);
    if (const QString c = clashes(acceleratorTexts(&dlg, false)); !c.isEmpty()) problems << QStringLiteral("export: ") + c;
    QVERIFY2(problems.isEmpty(), qPrintable(lang + QStringLiteral(":\n") + problems.join(QLatin1Char('\n'))));
}

// At 1280x860, with the demo's trace on show, on every tab; then the Export
// dialog at its own size and the Guide.
void tst_Languages::noTextIsCut() {
    QFETCH(QString, lang);
    if (!lang.isEmpty()) QVERIFY(translator_ = install(lang));
    DemoWindow demo;
    QVERIFY(demo.open());
    Workspace& ws = demo.ws;
    MainWindow& win = demo.win;
    QStringList cut;
    for (int i = 0; i < win.tabs()->count(); ++i) {
        win.tabs()->setCurrentIndex(i);
        QCoreApplication::processEvents();
        for (const QString& c : cutTexts(&win))
            if (!cut.contains(c)) cut << c;
    }
    ViewSettings settings;
    ExportDialog dlg(&ws, &settings, nullptr, &win);
    dlg.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dlg));
    for (const QString& c : cutTexts(&dlg)) cut << QStringLiteral("export dialog: ") + c;
    dlg.hide();
    GuideDialog guide(ws.document().config() ? *ws.document().config() : attnscope::ModelConfig{}, ws.trace()->T(), &win);
    guide.show();
    QVERIFY(QTest::qWaitForWindowExposed(&guide));
    for (const QString& c : cutTexts(&guide)) cut << QStringLiteral("guide: ") + c;
    QVERIFY(guide.browser()->toPlainText().size() > 200);
    QVERIFY2(cut.isEmpty(), qPrintable((lang.isEmpty() ? QStringLiteral("en") : lang) + QStringLiteral(":\n") +
                                       cut.join(QLatin1Char('\n'))));
}

// Right to left: the docks and menus swap sides, every tab paints, and the
// head detail still puts key 0 on the left and query 0 at the top.
void tst_Languages::mirroredWindowWalksEveryTab() {
    QApplication::setLayoutDirection(Qt::RightToLeft);
    DemoWindow demo;
    QVERIFY(demo.open());
    Workspace& ws = demo.ws;
    MainWindow& win = demo.win;
    QCOMPARE(win.layoutDirection(), Qt::RightToLeft);
    // The menu bar starts at the right: File is right of Help.
    const QList<QAction*> menus = win.menuBar()->actions();
    QVERIFY(win.menuBar()->actionGeometry(menus.first()).x() > win.menuBar()->actionGeometry(menus.last()).x());
    // The model panel, on the left in a left-to-right window, sits on the right; the predictions on the left.
    const QDockWidget* model = win.findChild<QDockWidget*>(QStringLiteral("modelDock"));
    const QDockWidget* predictions = win.findChild<QDockWidget*>(QStringLiteral("predictionsDock"));
    QVERIFY(model && predictions);
    QVERIFY2(model->geometry().center().x() > win.width() / 2, "the model panel stays on the left");
    QVERIFY2(predictions->geometry().center().x() < win.width() / 2, "the predictions stay on the right");
    for (int i = 0; i < win.tabs()->count(); ++i) {
        win.tabs()->setCurrentIndex(i);
        QWidget* page = win.tabs()->currentWidget();
        QTRY_VERIFY_WITH_TIMEOUT(!page->grab().isNull(), 5000);
        const QImage img = page->grab().toImage();
        // Painted: more than one colour on the page.
        const QRgb first = img.pixel(img.width() / 2, img.height() / 2);
        bool varied = false;
        for (int y = 0; y < img.height() && !varied; y += 7)
            for (int x = 0; x < img.width() && !varied; x += 7) varied = img.pixel(x, y) != first;
        QVERIFY2(varied, qPrintable(win.tabs()->tabText(i)));
    }
    win.showView(QStringLiteral("head"));
    HeadDetailView* detail = win.headDetail();
    QTRY_VERIFY(detail->isVisible());
    const int T = ws.trace()->T();
    QVERIFY(T > 2);
    const QPointF origin = detail->cellCenter(0, 0), last = detail->cellCenter(T - 1, T - 1);
    QVERIFY2(origin.x() < last.x() && origin.y() < last.y(), "the map keeps key 0 left and query 0 on top");
}

// Distinct CJK characters must draw as distinct ink: missing glyphs all draw
// the same box. The PDF embeds a font that has them.
void tst_Languages::cjkTokensDrawAsGlyphs() {
    const QStringList a = {QStringLiteral("注意"), QStringLiteral("力"), QStringLiteral("中"), QStringLiteral("日本語"),
                           QStringLiteral("の"), QStringLiteral("トークン")};
    QStringList b = a;
    b[2] = QStringLiteral("文");
    QStringList box = a;
    box[2] = QString(QChar(0xE000));  // a private-use character: no font draws it
    const render::HeadFigure fa(cjkFigureData(a), 0, 0, render::MatrixKind::Weights, render::Style());
    const render::HeadFigure fb(cjkFigureData(b), 0, 0, render::MatrixKind::Weights, render::Style());
    const render::HeadFigure fbox(cjkFigureData(box), 0, 0, render::MatrixKind::Weights, render::Style());
    // Through the PNG export's renderer, at 150 dpi.
    const auto png = [](const render::Figure& f) { return render::renderImage(f, QSizeF(4, 4), 150); };
    const QImage ia = png(fa), ib = png(fb), ibox = png(fbox);
    QVERIFY(!ia.isNull());
    QCOMPARE(paint(fa) != paint(fb), true);  // and on screen
    QVERIFY2(ia != ib, "中 and 文 draw alike: the labels are boxes (install fonts-wqy-microhei)");
    QVERIFY2(ia != ibox, "中 draws as a missing glyph's box");
    QTemporaryDir tmp;
    const QString pdf = tmp.filePath(QStringLiteral("cjk.pdf"));
    render::writePdf({&fa}, QSizeF(4, 4), pdf);
    QFile f(pdf);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    QStringList fonts;
    static const QRegularExpression re(QStringLiteral("/BaseFont\\s*/([A-Za-z0-9+_\\-#]+)"));
    for (auto it = re.globalMatch(QString::fromLatin1(bytes)); it.hasNext();) fonts << it.next().captured(1);
    QVERIFY2(!fonts.isEmpty(), "the PDF lists no font");
    static const QRegularExpression cjk(QStringLiteral("WenQuanYi|WQY|Noto.*CJK|Hei|Gothic|Mincho|Song|Ming|Kai"),
                                        QRegularExpression::CaseInsensitiveOption);
    QVERIFY2(!fonts.filter(cjk).isEmpty(), qPrintable(QStringLiteral("no CJK font in the PDF: ") + fonts.join(u' ')));
}

void tst_Languages::languageMenuRemembersTheChoice() {
    Workspace ws;
    MainWindow win(&ws);
    QMenu* menu = win.findChild<QMenu*>(QStringLiteral("languageMenu"));
    QVERIFY(menu);
    QStringList names;
    QAction* japanese = nullptr;
    for (QAction* a : menu->actions()) {
        if (a->isSeparator()) continue;
        names << a->text();
        if (a->data().toString() == QLatin1String("ja")) japanese = a;
    }
    QCOMPARE(names.size(), int(interfaceLanguages().size()) + 1);  // and the system's
    QVERIFY(names.contains(QStringLiteral("Deutsch")) && names.contains(QStringLiteral("简体中文")));
    QVERIFY(japanese);
    // The confirmation box is closed as soon as it shows.
    QTimer::singleShot(0, [] {
        if (QWidget* w = QApplication::activeModalWidget()) w->close();
    });
    japanese->trigger();
    QCOMPARE(chosenLanguage(), QStringLiteral("ja"));
    QCOMPARE(interfaceLocale().language(), QLocale::Japanese);
    QVERIFY(japanese->isChecked());
    setChosenLanguage(QStringLiteral("xx"));  // a language this build does not ship is ignored
    QVERIFY(chosenLanguage().isEmpty());
    setChosenLanguage({});
}

// Another query: the views on show change their text alternative, which
// announceDescription (gui/common/announce.h) sends to screen readers as a
// DescriptionChanged event. (The offscreen platform has no accessibility
// bridge, so QAccessible delivers no events here to listen to.)
void tst_Languages::screenReadersHearTheSelection() {
    DemoWindow demo;
    QVERIFY(demo.open());
    Workspace& ws = demo.ws;
    MainWindow& win = demo.win;
    win.showView(QStringLiteral("head"));
    const QString before = win.headDetail()->accessibleDescription();
    Selection sel = ws.selection();
    sel.query = 7;
    ws.setSelection(sel);
    const QString after = win.headDetail()->accessibleDescription();
    QVERIFY2(after != before && after.contains(QStringLiteral("query 7")), qPrintable(after));
    QAccessibleInterface* a = QAccessible::queryAccessibleInterface(win.headDetail());
    QVERIFY(a);
    QCOMPARE(a->text(QAccessible::Description), after);
    win.showView(QStringLiteral("heads"));
    sel.query = 9;
    ws.setSelection(sel);
    QVERIFY2(win.headsGrid()->accessibleDescription().contains(QStringLiteral("9")),
             qPrintable(win.headsGrid()->accessibleDescription()));
}

// Tab from the text walks through every control of the page on show and
// back; each has a name a screen reader can say, in every language; every
// view's tab is reached by its Ctrl+N.
void tst_Languages::theFocusChainReachesEveryViewWithNames() {
    QFETCH(QString, lang);
    if (!lang.isEmpty()) QVERIFY(translator_ = install(lang));
    DemoWindow demo;
    QVERIFY(demo.open());
    MainWindow& win = demo.win;
    QStringList nameless;
    for (int i = 0; i < win.tabs()->count(); ++i) {
        win.tabs()->setCurrentIndex(i);
        QCoreApplication::processEvents();
        QWidget* page = win.tabs()->currentWidget();
        bool pageReached = false;
        int steps = 0;
        for (QWidget* w = win.editor()->nextInFocusChain(); w != win.editor() && steps < 2000; w = w->nextInFocusChain(), ++steps) {
            if (!w->isVisibleTo(&win) || !(w->focusPolicy() & Qt::TabFocus) || !w->isEnabled()) continue;
            pageReached = pageReached || page->isAncestorOf(w) || w == page;
            QAccessibleInterface* a = QAccessible::queryAccessibleInterface(w);
            const QString name = a ? a->text(QAccessible::Name) : QString();
            // (A spin box's line edit speaks for the spin box, which is named.)
            if (qobject_cast<QAbstractSpinBox*>(w->parentWidget())) continue;
            if (name.trimmed().isEmpty() && !w->inherits("QAbstractScrollArea") && !w->inherits("QScrollBar"))
                nameless << QStringLiteral("%1 (%2) on %3").arg(QString::fromLatin1(w->metaObject()->className()),
                                                             w->objectName(), win.tabs()->tabText(i));
        }
        QVERIFY2(steps < 2000, "the focus chain does not come back to the text");
        QVERIFY2(pageReached, qPrintable(QStringLiteral("Tab never reaches the page %1").arg(win.tabs()->tabText(i))));
    }
    nameless.removeDuplicates();
    QVERIFY2(nameless.isEmpty(), qPrintable((lang.isEmpty() ? QStringLiteral("en") : lang) + QStringLiteral(": no accessible name:\n") +
                                            nameless.join(QLatin1Char('\n'))));
}

QTEST_MAIN(tst_Languages)
#include "tst_languages.moc"
