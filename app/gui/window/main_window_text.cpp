// MainWindow's text: the editor's, restored from the last session or given
// on the command line, opened from a file, and saved.
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalBlocker>

#include "gui/common/plain_text.h"
#include "gui/window/main_window.h"
#include "gui/workspace/text_autosaver.h"
#include "gui/workspace/text_file.h"
#include "gui/workspace/workspace.h"

namespace {

QString exampleText() {
    return QStringLiteral(
        "ROMEO:\nWhat light is this that breaks upon the night?\nSpeak once again, and let me hear thy voice.\n\n"
        "JULIET:\nWho calls so late beneath my window here?\n");
}

}  // namespace

QString MainWindow::editorText() const { return textAsTyped(editor_); }

void MainWindow::restoreText() {
    showText(TextAutosaver::load(autosaver_->path()).value_or(QSettings().value("text/last", exampleText()).toString()),
             false);
}

void MainWindow::setTransientText(const QString& text) {
    showText(text, true);  // until the user edits it: then it is theirs, and saved
}

void MainWindow::showText(const QString& text, bool transient) {
    {
        const QSignalBlocker b(editor_);  // not an edit: nothing to autosave
        editor_->setPlainText(text);
    }
    transientText_ = transient;
    ws_->setText(text);
}

void MainWindow::openTextFile() {
    const QString path = chooseFileToOpen(tr("Open text"), QStringLiteral("text/dir"), tr("Text (*.txt *.md);;All files (*)"));
    if (!path.isEmpty()) loadTextFile(path);
}

bool MainWindow::loadTextFile(const QString& path) {
    const TextFile file = readTextFile(path);
    if (!file.problem.isEmpty()) {
        showProblem(tr("Cannot open text"), file.problem);
        return false;
    }
    editor_->setPlainText(file.text);
    // A box rather than the notice line, which the next run rewrites.
    if (!file.notice.isEmpty()) showProblem(tr("Text repaired"), file.notice);
    return true;
}

void MainWindow::saveText() {
    if (transientText_) return;  // --text, unedited: the user's own text stays where it is
    const QString text = editorText();
    // The settings keep a copy only of a short text, or when the autosave
    // file could not be written: every later settings write rewrites it all.
    constexpr qsizetype kMaxMirroredChars = 64 * 1024;
    if (text.size() > kMaxMirroredChars) autosaver_->textEdited();  // on disk now, whether edited or restored
    const bool saved = autosaver_->flush();
    if (autosaver_->fileNumber() != 1 && saved) return;  // the settings' copy is the first window's
    if (saved && text.size() > kMaxMirroredChars) QSettings().remove("text/last");
    else QSettings().setValue("text/last", text);
}
