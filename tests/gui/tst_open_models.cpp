// Opening the checkpoints people train, in the app, as a user does: dropped on
// the window, with no question asked where the tokenizer is known, the seed's
// GPT-2 vocabulary read with the bundled BPE, characters outside a character
// vocabulary shown and left out, and a character vocabulary built from the
// training text; and File ▸ Open local model…, over fake Ollama, Hugging Face
// cache and added-folder trees made here.
#include <QApplication>
#include <QFile>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTimer>
#include <QTreeView>
#include <QLabel>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "gui/common/notice_label.h"
#include "gui/dialogs/local_models_dialog.h"
#include "gui/window/main_window.h"
#include "gui/workspace/text_autosaver.h"
#include "gui/panels/model_panel.h"
#include "session/tokenize.h"
#include "testutil.h"
#include "gui/panels/token_strip.h"
#include "gui/workspace/workspace.h"
#include "attnscope/model/weights.h"
#include "attnscope/run/model.h"

using namespace attnscope;

class tst_OpenModels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void dropOpensEveryCheckpoint_data();
    void dropOpensEveryCheckpoint();
    void charactersOutsideTheVocabularyAreMarkedAndLeftOut();
    void charVocabularyFromTheTrainingText();
    void brokenTokenizerIsATokenizerProblem();
    void localModelsAreListedAndOneOpens();
    void llamaCppRoundingIsARunMenuSwitch();

private:
    QString makeLocalModelTrees();  // the GGUF blob's path
    void drop(const QString& path);
    bool waitForModel(const QString& path);
    std::unique_ptr<Workspace> ws_;
    std::unique_ptr<MainWindow> win_;
    QTemporaryDir tmp_;
};

void tst_OpenModels::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("AttnScopeTest");
    QCoreApplication::setApplicationName("tst_open_models");
    QVERIFY(tmp_.isValid());
}

void tst_OpenModels::init() {
    QSettings().clear();
    QFile::remove(TextAutosaver::defaultPath());  // each test starts from the example text
    ws_ = std::make_unique<Workspace>();
    ws_->setDebounceMs(10);
    win_ = std::make_unique<MainWindow>(ws_.get());
    win_->resize(1000, 700);
    win_->show();
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    win_->restoreSession();
    QVERIFY(ready.wait(60000));
}

void tst_OpenModels::cleanup() {
    win_.reset();
    ws_.reset();
}

// What a file manager hands the window.
void tst_OpenModels::drop(const QString& path) {
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    const QPoint at = win_->rect().center();
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(win_.get(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent dropEvent(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(win_.get(), &dropEvent);
}

bool tst_OpenModels::waitForModel(const QString& path) {
    return QTest::qWaitFor([&] { return !ws_->isLoading() && ws_->hasModel() && ws_->document().path == path; },
                           60000);
}

void tst_OpenModels::dropOpensEveryCheckpoint_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("asks");  // a character-level model with no tokenizer: the question is right
    for (const char* n : {"seed_pretrain", "seed_sft", "seed_reward", "seed_value_head", "seed_ddp",
                          "seed_compile", "seed_objects", "seed_lightning"})
        QTest::newRow(n) << QString::fromLatin1(n) << true;
    QTest::newRow("seed_50304 (bf16, GPT-2 vocabulary)") << "seed_50304" << false;
}

// Each fixture of the seed repository's payloads opens by drag and drop and
// runs. Only a model with a 50-character vocabulary and no tokenizer asks which
// tokenizer to use; the GPT-2-sized one takes the bundled BPE without a word.
void tst_OpenModels::dropOpensEveryCheckpoint() {
    QFETCH(QString, name);
    QFETCH(bool, asks);
    const QString path = QFileInfo(testutil::fixtures("checkpoints/" + name + ".pt")).canonicalFilePath();
    QSignalSpy missing(ws_.get(), &Workspace::tokenizerMissing);
    QSignalSpy failed(ws_.get(), &Workspace::loadFailed);
    drop(path);
    QVERIFY2(waitForModel(path), qPrintable(win_->lastProblem()));
    QCOMPARE(failed.count(), 0);
    QCOMPARE(missing.count() > 0, asks);
    const session::Document& d = ws_->document();
    QCOMPARE(d.model.format, std::string("pytorch-zip"));
    // Without a tokenizer the model runs on typed ids.
    if (asks) {
        win_->editor()->setPlainText(QStringLiteral("3, 1, 4, 1, 5"));
        QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && ws_->trace()->tokens == (std::vector<int>{3, 1, 4, 1, 5}), 60000);
        QCOMPARE(ws_->trace()->n_head(), d.model.weights->config.n_head);
    }
    const QString panel = win_->findChild<ModelPanel*>()->infoText();
    if (!asks) {
        QVERIFY(d.tokenizer);
        QCOMPARE(d.tokenizer->kind(), std::string("gpt2-bpe"));
        QVERIFY2(panel.contains("GPT-2 BPE bundled with AttnScope"), qPrintable(panel));
        // The example text is English: GPT-2 ids, not characters.
        win_->editor()->setPlainText(QStringLiteral("Hello world"));
        QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && ws_->trace()->tokens == (std::vector<int>{15496, 995}), 60000);
    } else {
        QVERIFY2(win_->lastProblem().contains("build its vocabulary"), qPrintable(win_->lastProblem()));
    }
    if (name == "seed_reward") QVERIFY2(panel.contains("left out: reward_head"), qPrintable(panel));
    if (name == "seed_objects") QVERIFY2(panel.contains("argparse.Namespace"), qPrintable(panel));
}

// One 'é' in the demo's 65-character vocabulary: the run goes on without it,
// the token strip shows it as a marked chip in its place, a notice counts it.
void tst_OpenModels::charactersOutsideTheVocabularyAreMarkedAndLeftOut() {
    QVERIFY(ws_->document().isDemo);
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    win_->editor()->setPlainText(QStringLiteral("ROMEO: caf\u00e9 and th\u00e9!"));
    QVERIFY(ready.wait(60000));
    QTRY_VERIFY(ws_->trace() && ws_->trace()->T() == 18);  // 20 characters, 2 left out
    const TokenStrip* strip = win_->tokenStrip();
    QCOMPARE(strip->chipCount(), 18);
    QCOMPARE(strip->skippedChipCount(), 2);
    // In its place: after "caf" (token 9) and before " and" (token 10).
    QVERIFY(strip->skippedChipRect(0).left() > strip->chipRect(9).left() ||
            strip->skippedChipRect(0).top() > strip->chipRect(9).top());
    QVERIFY(strip->skippedChipRect(0).left() < strip->chipRect(10).left() ||
            strip->skippedChipRect(0).top() < strip->chipRect(10).top());
    QTRY_VERIFY(win_->noticeLabel()->isVisible());
    QVERIFY2(win_->noticeLabel()->fullText().contains("2 character(s)") && win_->noticeLabel()->fullText().contains(QStringLiteral("\u00e9")),
             qPrintable(win_->noticeLabel()->fullText()));
    // The text the user typed is kept as typed.
    QCOMPARE(win_->editor()->toPlainText(), QStringLiteral("ROMEO: caf\u00e9 and th\u00e9!"));
}

// A character-level checkpoint without a tokenizer: its vocabulary is the
// training text's sorted set of characters. A text with another character
// count is refused with both counts named.
void tst_OpenModels::charVocabularyFromTheTrainingText() {
    const QString path = QFileInfo(testutil::fixtures("checkpoints/seed_pretrain.pt")).canonicalFilePath();
    win_->openModel(path);
    QVERIFY(waitForModel(path));
    QVERIFY(!ws_->document().tokenizer);
    // 50 distinct characters, in an order unlike their sorted one.
    QString text;
    for (int i = 49; i >= 0; --i) text += QChar(u'A' + i) + QString(i % 3, QChar(u'A' + i));
    const QString good = tmp_.filePath("train.txt"), bad = tmp_.filePath("short.txt");
    for (const auto& [file, body] : {std::pair{good, text}, std::pair{bad, QStringLiteral("abc")}}) {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(body.toUtf8());
    }
    QVERIFY(!win_->buildCharVocabulary(path, bad));
    QVERIFY2(win_->lastProblem().contains("has 3 different characters but the model's vocabulary has 50 rows"),
             qPrintable(win_->lastProblem()));
    QVERIFY(win_->buildCharVocabulary(path, good));
    QTRY_VERIFY_WITH_TIMEOUT(ws_->document().tokenizer && !ws_->isLoading(), 60000);
    const Tokenizer& t = *ws_->document().tokenizer;
    QCOMPARE(t.kind(), std::string("char"));
    QCOMPARE(t.vocab_size(), 50);
    QCOMPARE(t.encode_ids("AB"), (std::vector<int>{0, 1}));  // sorted: 'A' is 0
    // Remembered for the model: opening it again needs no question.
    QVERIFY(QSettings().value("tokenizers/" + path).toString().endsWith(".chars.json"));
}

// A broken tokenizer file is reported as a tokenizer problem naming that file;
// the model still opens.
void tst_OpenModels::brokenTokenizerIsATokenizerProblem() {
    const QString path = QFileInfo(testutil::fixtures("checkpoints/seed_pretrain.pt")).canonicalFilePath();
    const QString broken = tmp_.filePath("tokenizer.json");
    QFile f(broken);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"model\": ");
    f.close();
    QSignalSpy failed(ws_.get(), &Workspace::tokenizerFailed);
    ws_->openModel(path, broken);
    QVERIFY(waitForModel(path));
    QCOMPARE(failed.count(), 1);
    const QString msg = failed.at(0).at(1).toString();
    QVERIFY2(msg.contains("tokenizer " + broken) && msg.contains("the model itself is fine"), qPrintable(msg));
    QVERIFY2(!win_->lastProblem().contains("Cannot open model"), qPrintable(win_->lastProblem()));
}

namespace {

// The row of the dialog's list whose Name is `name` (-1 when not shown), and a
// cell's text.
int rowNamed(const QTreeView* list, const QString& name) {
    for (int r = 0; r < list->model()->rowCount(); ++r)
        if (list->model()->index(r, LocalModelsDialog::Name).data().toString() == name) return r;
    return -1;
}
QString cell(const QTreeView* list, int row, int column) { return list->model()->index(row, column).data().toString(); }

}  // namespace

// An Ollama tree (tiny:q4 opens: its blob is the Q4_K llama fixture; gone:1
// names a blob that is missing), a Hugging Face cache with a model type that
// does not open, and an added folder holding the demo. The process's
// environment points the finder at them, and at an empty home.
QString tst_OpenModels::makeLocalModelTrees() {
    const QString digest(64, QLatin1Char('c'));
    const QString ollama = tmp_.filePath(QStringLiteral("ollama"));
    const QString lib = ollama + QStringLiteral("/manifests/registry.ollama.ai/library");
    const auto manifest = [](const QString& d) {
        return QStringLiteral(R"({"layers":[{"mediaType":"application/vnd.ollama.image.model","digest":"sha256:%1"}]})")
            .arg(d)
            .toUtf8();
    };
    const QString blob = ollama + "/blobs/sha256-" + digest;
    QFile::remove(blob);
    QDir().mkpath(ollama + "/blobs");
    if (!QFile::copy(testutil::fixtures("gguf/llama_q4_k.gguf"), blob)) return {};
    if (!testutil::writeFile(lib + "/tiny/q4", manifest(digest))) return {};
    if (!testutil::writeFile(lib + "/gone/1", manifest(QString(64, QLatin1Char('d'))))) return {};
    const QString hub = tmp_.filePath(QStringLiteral("hub"));
    if (!testutil::writeFile(hub + "/models--org--bert/snapshots/r1/config.json", R"({"model_type": "bert"})")) return {};
    if (!testutil::writeFile(hub + "/models--org--bert/snapshots/r1/model.safetensors", "x")) return {};
    const QString mine = tmp_.filePath(QStringLiteral("mine"));
    QDir().mkpath(mine);
    QFile::remove(mine + "/demo.safetensors");
    if (!QFile::copy(QStringLiteral(ATTNSCOPE_RESOURCES "/demo/shakespeare-char.safetensors"), mine + "/demo.safetensors"))
        return {};
    qputenv("OLLAMA_MODELS", ollama.toUtf8());
    qputenv("HF_HUB_CACHE", hub.toUtf8());
    qputenv("HOME", tmp_.filePath(QStringLiteral("nohome")).toUtf8());
    QSettings().setValue("localModels/folders", QStringList{mine});
    return QFileInfo(blob).absoluteFilePath();
}

// File ▸ Open local model… lists every model with its source, architecture,
// size and whether it opens (why not, before it is chosen); the search box
// filters and Enter opens; the dialog is gone once the model loads.
void tst_OpenModels::localModelsAreListedAndOneOpens() {
    const QByteArray home = qgetenv("HOME");
    const QString blob = makeLocalModelTrees();
    QVERIFY(!blob.isEmpty());
    auto restore = qScopeGuard([&] {
        qputenv("HOME", home);
        qunsetenv("OLLAMA_MODELS");
        qunsetenv("HF_HUB_CACHE");
    });
    {
        LocalModelsDialog d(win_.get());
        d.show();
        QTRY_VERIFY_WITH_TIMEOUT(d.searched(), 30000);
        const QTreeView* list = d.list();
        auto* search = d.findChild<QLineEdit*>();
        QPushButton* open = nullptr;
        for (QPushButton* b : d.findChildren<QPushButton*>())
            if (b->text() == LocalModelsDialog::tr("&Open")) open = b;
        QVERIFY(search && open);
        const int tiny = rowNamed(list, "tiny:q4");
        QVERIFY(tiny >= 0);
        QCOMPARE(cell(list, tiny, LocalModelsDialog::Source), QStringLiteral("Ollama"));
        QCOMPARE(cell(list, tiny, LocalModelsDialog::Architecture), QStringLiteral("llama"));  // read from the GGUF
        QCOMPARE(cell(list, tiny, LocalModelsDialog::Size), QLocale().formattedDataSize(QFileInfo(blob).size()));
        QCOMPARE(cell(list, tiny, LocalModelsDialog::Opens), LocalModelsDialog::tr("yes"));
        const int demo = rowNamed(list, "demo.safetensors");
        QVERIFY(demo >= 0);
        QCOMPARE(cell(list, demo, LocalModelsDialog::Source), LocalModelsDialog::tr("Added folder"));
        for (const char* name : {"gone:1", "org/bert"}) {
            const int r = rowNamed(list, QString::fromLatin1(name));
            QVERIFY2(r >= 0, name);
            QVERIFY2(cell(list, r, LocalModelsDialog::Opens).contains(name[0] == 'g' ? "missing" : "bert"),
                     qPrintable(cell(list, r, LocalModelsDialog::Opens)));
            // Chosen, it says why and cannot be opened.
            const_cast<QTreeView*>(list)->setCurrentIndex(list->model()->index(r, 0));
            QVERIFY(!open->isEnabled());
            QVERIFY(d.findChild<QLabel*>(QString(), Qt::FindChildrenRecursively) != nullptr);
            bool said = false;
            for (const QLabel* l : d.findChildren<QLabel*>()) said = said || l->text().contains("Does not open");
            QVERIFY(said);
        }
        // Names, sources, architectures and sizes are shown whole at the dialog's size.
        const QFontMetrics fm(list->font());
        for (int r = 0; r < list->model()->rowCount(); ++r)
            for (int c = LocalModelsDialog::Name; c < LocalModelsDialog::Opens; ++c)
                QVERIFY2(fm.horizontalAdvance(cell(list, r, c)) < list->header()->sectionSize(c),
                         qPrintable(cell(list, r, c)));
        // Typing filters, and the first match becomes current.
        QTest::keyClicks(search, "BERT");
        QCOMPARE(list->model()->rowCount(), 1);
        QVERIFY(!open->isEnabled());
        search->clear();
        QTest::keyClicks(search, "tiny");
        QCOMPARE(list->model()->rowCount(), 1);
        QVERIFY(open->isEnabled());
    }
    // Through the menu: Enter in the search box opens the model and closes the dialog.
    QAction* action = nullptr;
    for (QAction* a : win_->findChildren<QAction*>())
        if (a->text() == MainWindow::tr("Open &local model…")) action = a;
    QVERIFY(action);
    QCOMPARE(action->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+L")));
    bool drove = false;
    QTimer::singleShot(0, this, [&] {
        auto* d = qobject_cast<LocalModelsDialog*>(QApplication::activeModalWidget());
        if (!d) return;
        auto reject = qScopeGuard([&] {
            if (!drove) d->reject();
        });
        if (!QTest::qWaitFor([&] { return d->searched(); }, 30000)) return;
        QTest::keyClicks(d->findChild<QLineEdit*>(), "tiny:q4");
        QTest::keyClick(d->findChild<QLineEdit*>(), Qt::Key_Return);
        drove = true;
    });
    action->trigger();
    QVERIFY(drove);
    QVERIFY(QApplication::activeModalWidget() == nullptr);
    QVERIFY(win_->findChildren<LocalModelsDialog*>().isEmpty());
    QVERIFY2(waitForModel(blob), qPrintable(win_->lastProblem()));
    QCOMPARE(ws_->document().model.format, std::string("gguf"));
    QVERIFY(ws_->document().tokenizer);  // from the GGUF's metadata, no question asked
}

QTEST_MAIN(tst_OpenModels)
// Run ▸ Round as llama.cpp does: off for the demo (float32 weights: nothing
// to round); on a Q4_K file it runs the model as with_llama_cpp_rounding does,
// keeping the ablation and the text, is remembered, and off again gives the
// exact run back.
void tst_OpenModels::llamaCppRoundingIsARunMenuSwitch() {
    QAction* rounding = win_->findChild<QAction*>(QStringLiteral("llamaCppRounding"));
    QVERIFY(rounding);
    QVERIFY(!rounding->isEnabled());
    const QString path = QFileInfo(testutil::fixtures("gguf/llama_q4_k.gguf")).canonicalFilePath();
    drop(path);
    QVERIFY2(waitForModel(path), qPrintable(win_->lastProblem()));
    QTRY_VERIFY_WITH_TIMEOUT(rounding->isEnabled(), 10000);
    ws_->setAblated({{0, 1}});
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && !ws_->isLoading() && ws_->trace()->T() > 2, 60000);
    const auto lastLogits = [&](const Weights& w, const std::vector<int>& ids) {
        RunOptions o;
        o.ablate = {{0, 1}};
        Trace t;
        Model(std::make_shared<Weights>(w)).run(ids, o, t);
        const Tensor l = t.tensor("logits");
        return std::vector<float>(l.data.end() - l.shape.back(), l.data.end());
    };
    const auto shownLogits = [&] {
        const Tensor l = ws_->trace()->tensor("logits");  // the last position's, kept or not
        return std::vector<float>(l.data.end() - l.shape.back(), l.data.end());
    };
    QTRY_VERIFY_WITH_TIMEOUT(!ws_->trace()->tokens.empty() &&
                                 shownLogits() == lastLogits(*ws_->document().model.weights, ws_->trace()->tokens),
                             60000);
    const std::vector<int> ids = ws_->trace()->tokens;
    const Weights& exact = *ws_->document().model.weights;
    const std::vector<float> plain = lastLogits(exact, ids);
    const std::vector<float> rounded = lastLogits(with_llama_cpp_rounding(exact), ids);
    QVERIFY(plain != rounded);
    rounding->trigger();
    QVERIFY(ws_->llamaCppRounding());
    QVERIFY(QSettings().value("run/llamaCppRounding").toBool());
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && ws_->trace()->tokens == ids && shownLogits() == rounded, 60000);
    QCOMPARE(ws_->ablated().size(), size_t(1));  // what the user set stays
    QCOMPARE(ws_->document().path, path);
    rounding->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && ws_->trace()->tokens == ids && shownLogits() == plain, 60000);
    QVERIFY(!QSettings().value("run/llamaCppRounding").toBool());
}

#include "tst_open_models.moc"
