// MainWindow's files: models, model folders, trace files, random models and
// tokenizers, chosen, dropped or remembered from the last session.
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QtConcurrent/QtConcurrentRun>

#include "attnscope/run/trace_file.h"
#include "gui/common/errors.h"
#include "gui/common/work_pool.h"
#include "gui/dialogs/local_models_dialog.h"
#include "gui/dialogs/new_model_dialog.h"
#include "gui/panels/model_panel.h"
#include "gui/window/main_window.h"
#include "gui/workspace/workspace.h"
#include "session/charvocab.h"

void MainWindow::restoreSession(const QString& modelOverride) {
    restoreText();
    if (!modelOverride.isEmpty()) return openModel(modelOverride);
    const QString last = QSettings().value("models/last").toString();
    openModel(QFileInfo::exists(last) ? last : QString());
}

void MainWindow::openModel(const QString& path) {
    const QString tok = path.isEmpty() ? QString() : QSettings().value("tokenizers/" + path).toString();
    ws_->openModel(path, QFileInfo::exists(tok) ? tok : QString());
}

QString MainWindow::chooseFileToOpen(const QString& title, const QString& dirKey, const QString& filter) {
    QSettings st;
    const QString path = QFileDialog::getOpenFileName(this, title, st.value(dirKey).toString(), filter);
    if (!path.isEmpty()) st.setValue(dirKey, QFileInfo(path).absolutePath());
    return path;
}

void MainWindow::chooseModel() {
    const QString path = chooseFileToOpen(tr("Open model"), QStringLiteral("models/dir"),
                                          tr("Models (*.safetensors *.gguf *.pt *.pth *.bin *.ckpt);;All files (*)"));
    if (!path.isEmpty()) openModel(path);
}

void MainWindow::chooseModelFolder() {
    // A Hugging Face folder: config.json + model.safetensors or pytorch_model.bin.
    QSettings st;
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open model folder"), st.value("models/dir").toString());
    if (dir.isEmpty()) return;
    st.setValue("models/dir", dir);
    openModel(dir);
}

void MainWindow::chooseLocalModel() {
    // Modal, and gone once a model is chosen: the window behind shows it loading.
    LocalModelsDialog dialog(this);
    if (dialog.exec() == QDialog::Accepted && !dialog.chosenPath().isEmpty()) openModel(dialog.chosenPath());
}

void MainWindow::chooseTraceFile() {
    const QString path = chooseFileToOpen(tr("Open trace file"), QStringLiteral("traces/dir"),
                                          tr("AttnScope trace files (*.safetensors);;All files (*)"));
    if (!path.isEmpty()) openTraceFile(path);
}

void MainWindow::openTraceFile(const QString& path) {
    // Checked first, so that a model chosen by mistake is not opened as one;
    // on a worker, as the Workspace opens files: reading the header of a file
    // on a slow disk or a network share must not freeze the window.
    traceCheck_.setFuture(QtConcurrent::run(workPool(), [path] {
        return TraceFileCheck{path, attnscope::is_trace_file(path.toStdString())};
    }));
}

void MainWindow::finishTraceFileCheck() {
    const TraceFileCheck check = traceCheck_.result();
    if (!check.isTraceFile) {
        showProblem(tr("Cannot open trace file"),
                    tr("“%1” is not an AttnScope trace file: a trace file is a safetensors file whose metadata says "
                       "\"format\": \"attnscope-trace\" (resources/tools/capture_attention.py writes one). "
                       "To open a model, use File ▸ Open model….")
                        .arg(QFileInfo(check.path).fileName()));
        emit traceFileChecked(check.path, false);
        return;
    }
    ws_->openModel(check.path);
    emit traceFileChecked(check.path, true);
}

void MainWindow::newRandomModel() {
    NewModelDialog dlg(this);
    if (dlg.exec() != QDialog::Accepted) return;
    try {
        ws_->setDocument(session::randomDocument(dlg.config(), dlg.randomSeed()));
    } catch (const std::exception& e) {
        showProblem(tr("Cannot create model"), describeError(e));
    }
}

void MainWindow::askForTokenizer(const QString& modelPath, const QStringList& looked) {
    const QString where = looked.isEmpty() ? QString() : tr("\n\nLooked in:\n%1").arg(looked.join('\n'));
    // Not modal: the model already runs on token ids while the user decides.
    auto* box = new QMessageBox(
        QMessageBox::Question, tr("Choose a tokenizer"),
        tr("“%1” carries no tokenizer and none was found beside it. Choose a tokenizer file (encoder.json, "
           "vocab.json, tokenizer.json or *.tiktoken), or, for a character-level model, build its vocabulary "
           "from the text it was trained on (its sorted set of characters, as tutorials do). Without either, "
           "type token ids separated by commas.%2")
            .arg(QFileInfo(modelPath).fileName(), where),
        QMessageBox::NoButton, this);
    QPushButton* file = box->addButton(tr("Choose tokenizer file…"), QMessageBox::AcceptRole);
    QPushButton* chars = box->addButton(tr("Build from a text file…"), QMessageBox::ActionRole);
    box->addButton(tr("Type token ids"), QMessageBox::RejectRole);
    box->setAttribute(Qt::WA_DeleteOnClose);
    lastProblem_ = box->text();
    connect(box, &QMessageBox::finished, this, [this, box, file, chars, modelPath](int) {
        if (box->clickedButton() == chars) {
            const QString text = QFileDialog::getOpenFileName(this, tr("Training text"), QFileInfo(modelPath).absolutePath(),
                                                              tr("Text (*.txt *.md);;All files (*)"));
            if (!text.isEmpty()) buildCharVocabulary(modelPath, text);
            return;
        }
        if (box->clickedButton() != file) return;
        const QString tok = QFileDialog::getOpenFileName(this, tr("Choose tokenizer"), QFileInfo(modelPath).absolutePath(),
                                                         tr("Tokenizers (*.json *.bpe *.txt *.tiktoken);;All files (*)"));
        if (tok.isEmpty()) return;
        QSettings().setValue("tokenizers/" + modelPath, tok);
        ws_->openModel(modelPath, tok);
    });
    box->open();
}

bool MainWindow::buildCharVocabulary(const QString& modelPath, const QString& textPath) {
    if (!ws_->hasModel()) return false;
    try {
        const QString out = session::buildCharTokenizer(
            textPath, ws_->document().model.weights->config.vocab_size,
            QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("tokenizers")));
        QSettings().setValue("tokenizers/" + modelPath, out);
        ws_->openModel(modelPath, out);
        return true;
    } catch (const std::exception& e) {
        showProblem(tr("Cannot build the vocabulary"), describeError(e));
        return false;
    }
}

void MainWindow::addRecent(const QString& path) {
    recent_.removeAll(path);
    recent_.prepend(path);
    while (recent_.size() > 10) recent_.removeLast();
    QSettings().setValue("models/recent", recent_);
    checkSettingsWritable();
    modelPanel_->setRecent(recent_);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* e) {
    if (e->mimeData()->hasUrls()) e->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* e) {
    const QList<QUrl> urls = e->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile()) openModel(urls.first().toLocalFile());
}
