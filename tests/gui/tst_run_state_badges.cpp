// tst_run_state, continued: the badges every view wears, the notes exported
// figures carry, tooltips, Alt keys and Ctrl+F (tst_run_state.h has the test
// class).
#include "tst_run_state.h"

void tst_RunState::everyViewShowsAblationsAndMask() {
    QCOMPARE(int(win_->views().size()), int(session::views().size()));
    for (const QString& b : badges()) QVERIFY2(b.isEmpty(), qPrintable(b));
    QVERIFY(rerun([&] { ws_->setAblated({{0, 1}, {1, 2}}); }));
    for (const QString& b : badges()) QVERIFY2(b.contains("2 head(s) ablated"), qPrintable(b));
    QVERIFY(rerun([&] { ws_->setCausal(false); }));
    for (const QString& b : badges()) QVERIFY2(b.contains("bidirectional") && b.contains("ablated"), qPrintable(b));
    // To look at it: ATTNSCOPE_SHOT_DIR=/tmp/shots tst_run_state
    if (const QString dir = qEnvironmentVariable("ATTNSCOPE_SHOT_DIR"); !dir.isEmpty())
        win_->grab().save(dir + "/badges.png");
    // The badge is in the view's top-right corner, inside it, also in views that
    // were resized while their tab was hidden.
    win_->resize(1300, 820);
    for (const session::ViewDescriptor& d : session::views()) {
        win_->showView(d.id);
        QCoreApplication::processEvents();
        const TraceView* v = win_->currentView();
        const QLabel* b = v->stateBadge();
        QVERIFY2(v->rect().contains(b->geometry()), qPrintable(d.id));
        QVERIFY2(b->geometry().right() >= v->width() - 12, qPrintable(d.id));
        // …and covers none of the view's own controls or captions.
        for (const QWidget* c : v->findChildren<QWidget*>()) {
            const bool control = qobject_cast<const QAbstractButton*>(c) || qobject_cast<const QComboBox*>(c) ||
                                 qobject_cast<const QLineEdit*>(c) || qobject_cast<const QAbstractSpinBox*>(c) ||
                                 qobject_cast<const QAbstractSlider*>(c) || qobject_cast<const QPlainTextEdit*>(c) ||
                                 qobject_cast<const QLabel*>(c);
            if (c == b || !control || !c->isVisibleTo(v) || b->isAncestorOf(c)) continue;
            const QRect r(c->mapTo(v, QPoint(0, 0)), c->size());
            QVERIFY2(!r.intersects(b->geometry()),
                     qPrintable(QStringLiteral("%1: the badge covers %2 \"%3\"")
                                    .arg(d.id, QString::fromLatin1(c->metaObject()->className()), c->objectName())));
        }
    }
    QVERIFY(rerun([&] {
        ws_->setAblated({});
        ws_->setCausal(true);
    }));
    for (const QString& b : badges()) QVERIFY2(b.isEmpty(), qPrintable(b));
}

// Refuse text longer than the context, then type too much: the old picture
// stays, marked stale on every view, until a run succeeds again.
void tst_RunState::aRefusedRunMarksEveryViewStale() {
    ws_->setCropPolicy(session::CropPolicy::Refuse);
    const int context = ws_->document().model.weights->config.context_length;
    QSignalSpy failed(ws_.get(), &Workspace::runFailed);
    win_->editor()->setPlainText(QString(context + 10, QLatin1Char('a')));
    QVERIFY(failed.wait(60000));
    QVERIFY(ws_->isStale());
    QVERIFY(ws_->trace());
    for (const QString& b : badges()) QVERIFY2(b.contains("stale"), qPrintable(b));
    QVERIFY(rerun([&] { win_->editor()->setPlainText(QStringLiteral("ROMEO: short again")); }));
    QVERIFY(!ws_->isStale());
    for (const QString& b : badges()) QVERIFY2(b.isEmpty(), qPrintable(b));
}

void tst_RunState::exportedFiguresNoteAblationsAndMask() {
    QVERIFY(rerun([&] {
        ws_->setAblated({{0, 1}});
        ws_->setCausal(false);
    }));
    for (const session::ViewDescriptor& v : session::views()) {
        win_->showView(v.id);
        ExportDialog dlg(ws_.get(), win_->viewSettings(), win_->currentView(), win_.get());
        auto* note = dlg.findChild<QCheckBox*>(QStringLiteral("runNote"));
        QVERIFY(note);
        QVERIFY(note->isChecked());  // on by default
        const auto* noted = dynamic_cast<const render::NotedFigure*>(dlg.figure());
        QVERIFY2(noted, qPrintable(v.id));
        QVERIFY2(noted->note().contains("L0 H1") && noted->note().contains("bidirectional"), qPrintable(noted->note()));
        QVERIFY(dlg.recipe().runNote);
        note->setChecked(false);
        QVERIFY(!dlg.recipe().runNote);
        QVERIFY(!dynamic_cast<const render::NotedFigure*>(dlg.figure()));
        note->setChecked(true);  // remembered for the next view
    }
    // A causal run with nothing ablated has nothing to note.
    QVERIFY(rerun([&] {
        ws_->setAblated({});
        ws_->setCausal(true);
    }));
    ExportDialog dlg(ws_.get(), win_->viewSettings(), win_->currentView(), win_.get());
    QVERIFY(dlg.figure());
    QVERIFY(!dynamic_cast<const render::NotedFigure*>(dlg.figure()));
}

void tst_RunState::cliFiguresNoteAblations() {
    QTemporaryDir tmp;
    const QString svg = tmp.filePath("h.svg"), plain = tmp.filePath("p.svg");
    auto r = testutil::cli({"export", "--text", "ROMEO: hi", "--view", "head", "--ablate", "1.2", "-o", svg});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.readAll().contains("ablated: L1 H2"));
    r = testutil::cli({"export", "--text", "ROMEO: hi", "--view", "head", "--ablate", "1.2", "--no-run-note", "-o", plain});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QFile g(plain);
    QVERIFY(g.open(QIODevice::ReadOnly));
    QVERIFY(!g.readAll().contains("ablated: L1 H2"));
}

// Every view names itself for screen readers, every control in the tabs and the
// model panel has a tooltip, and the query-following views describe the
// selected query's strongest keys in words.
void tst_RunState::everyControlIsExplained() {
    QStringList bare;
    for (QWidget* root : {static_cast<QWidget*>(win_->tabs()), win_->modelDock()->widget()}) {
        for (QAbstractButton* b : root->findChildren<QAbstractButton*>())
            if (!qobject_cast<QTabBar*>(b->parentWidget()) && b->toolTip().isEmpty() && !b->text().isEmpty())
                bare << b->text();
        for (QComboBox* c : root->findChildren<QComboBox*>())
            if (c->toolTip().isEmpty()) bare << c->objectName() + "/" + c->currentText();
    }
    QVERIFY2(bare.isEmpty(), qPrintable("no tooltip: " + bare.join(", ")));
    for (const TraceView* v : win_->views()) QVERIFY2(!v->accessibleName().isEmpty(), qPrintable(v->viewId()));
    Selection s = ws_->selection();
    s.query = 3;
    ws_->setSelection(s);
    const QString q = ws_->tokens().labels.value(3);
    for (const char* id : {"lines"}) {
        TraceView* v = win_->viewWidget(id);
        QVERIFY(v);
        QTRY_VERIFY2(v->accessibleDescription().contains("query 3"), qPrintable(v->accessibleDescription()));
        QVERIFY2(v->accessibleDescription().contains(q), qPrintable(v->accessibleDescription()));
    }
}

namespace {

// Every Alt+letter live in `root` now (visible buttons, labels with a buddy,
// group boxes, tab titles, the menu bar's menus), with who holds it. Qt gives
// two holders of one letter the key in turn: a button is then only focused,
// never pressed, and Alt+F took turns between the File menu and a tab.
QMap<QString, QStringList> altKeys(QWidget* root) {
    QMap<QString, QStringList> keys;
    const auto add = [&](const QString& text, const QString& who) {
        const QKeySequence k = QKeySequence::mnemonic(text);
        if (!k.isEmpty()) keys[k.toString()] << who + " \"" + text + "\"";
    };
    for (QWidget* w : root->findChildren<QWidget*>()) {
        if (!w->isVisible()) continue;
        if (auto* b = qobject_cast<QAbstractButton*>(w)) {
            if (!qobject_cast<QTabBar*>(b->parentWidget())) add(b->text(), QStringLiteral("button"));
        } else if (auto* l = qobject_cast<QLabel*>(w)) {
            if (l->buddy()) add(l->text(), QStringLiteral("label"));
        } else if (auto* g = qobject_cast<QGroupBox*>(w)) {
            add(g->title(), QStringLiteral("group"));
        } else if (auto* t = qobject_cast<QTabBar*>(w)) {
            for (int i = 0; i < t->count(); ++i)
                if (t->isTabEnabled(i) && t->isTabVisible(i)) add(t->tabText(i), QStringLiteral("tab"));
        } else if (auto* m = qobject_cast<QMenuBar*>(w)) {
            for (QAction* a : m->actions())
                if (a->isVisible()) add(a->text(), QStringLiteral("menu"));
        }
    }
    return keys;
}

QString clashes(const QMap<QString, QStringList>& keys) {
    QStringList out;
    for (auto it = keys.begin(); it != keys.end(); ++it)
        if (it.value().size() > 1) out << it.key() + ": " + it.value().join(QStringLiteral(" / "));
    return out.join(QStringLiteral("; "));
}

}  // namespace

// On every page of the main window, and in the export dialog, each Alt+letter
// belongs to one control, menu or tab.
void tst_RunState::altKeysAreUniqueOnEveryPage() {
    QStringList found;
    for (const session::ViewDescriptor& d : session::views()) {
        win_->showView(d.id);
        QCoreApplication::processEvents();
        if (const QString c = clashes(altKeys(win_.get())); !c.isEmpty()) found << d.id + " page: " + c;
    }
    ExportDialog dlg(ws_.get(), win_->viewSettings(), win_->currentView(), win_.get());
    dlg.show();
    QCoreApplication::processEvents();
    if (const QString c = clashes(altKeys(&dlg)); !c.isEmpty()) found << "export dialog: " + c;
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QStringLiteral("\n"))));
}

// Ctrl+F worked only with the focus inside the head map; from the page's Show
// box or the text it did nothing, though the box says "Go to token (Ctrl+F)".
void tst_RunState::findGoesToTheTokenBoxFromAnywhereOnTheHeadPage() {
    win_->showView("head");
    QLineEdit* box = nullptr;
    for (QLineEdit* e : win_->headDetail()->findChildren<QLineEdit*>())
        if (e->placeholderText().contains(QStringLiteral("Ctrl+F"))) box = e;
    QVERIFY(box);
    QApplication::setActiveWindow(win_.get());
    QVERIFY(QTest::qWaitForWindowActive(win_.get()));
    auto* show = win_->tabs()->currentWidget()->findChild<QComboBox*>();
    QVERIFY(show);
    for (QWidget* from : {static_cast<QWidget*>(show), static_cast<QWidget*>(win_->editor())}) {
        from->setFocus();
        QTRY_VERIFY(from->hasFocus());
        QTest::keyClick(from, Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY2(box->hasFocus(), from->metaObject()->className());
    }
    // Another page: the box is hidden and Ctrl+F leaves the focus alone.
    win_->showView("heads");
    win_->editor()->setFocus();
    QTRY_VERIFY(win_->editor()->hasFocus());
    QTest::keyClick(win_->editor(), Qt::Key_F, Qt::ControlModifier);
    QVERIFY(win_->editor()->hasFocus());
}
