// ExportDialog's writing: the export on the work pool with progress and
// Cancel, the file dialog before it, and the image copied to the clipboard.
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHash>
#include <QLabel>
#include <QMessageBox>
#include <QMutex>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QStandardItemModel>
#include <QTimer>
#include <QtConcurrent>

#include "gui/common/errors.h"
#include "gui/common/work_pool.h"
#include "gui/dialogs/export_dialog.h"
#include "gui/workspace/workspace.h"
#include "render/export.h"

namespace {

// SHA-256 of model files, remembered per path, size and modification time:
// hashing a checkpoint of hundreds of megabytes is slow.
QString cachedSha256(const QString& path) {
    // Exports run on a worker thread; one at a time, but the cache is shared.
    static QMutex mutex;
    const QMutexLocker lock(&mutex);
    static QHash<QString, QPair<QString, QString>> cache;
    const QFileInfo fi(path);
    const QString stamp = QStringLiteral("%1/%2").arg(fi.size()).arg(fi.lastModified().toMSecsSinceEpoch());
    const auto it = cache.constFind(path);
    if (it != cache.constEnd() && it->first == stamp) return it->second;
    const QString sha = session::fileSha256(path);
    cache.insert(path, {stamp, sha});
    return sha;
}

// The export itself, on any thread: returns "" or the translated problem.
QString writeExport(const session::Recipe& r, const render::FigureData& data, const QStringList& texts, const QString& path,
                    bool pinRecipe, const std::function<bool(double)>& keepGoing) {
    try {
        const session::Recipe done = session::exportRecipe(r, data, texts, path, keepGoing);
        if (pinRecipe) {
            session::Recipe pinned = done;
            if (!pinned.modelPath.isEmpty()) pinned.modelSha256 = cachedSha256(pinned.modelPath);
            session::writeRecipe(pinned, session::recipePathFor(path));
        }
    } catch (const attnscope::Error& e) {
        return describeError(e);
    } catch (const std::exception& e) {
        return describeError(e);
    }
    return {};
}

}  // namespace

QString ExportDialog::exportTo(const QString& path) {
    if (!ws_->trace()) return tr("There is nothing to export yet: the model has not run.");
    const QString error = writeExport(recipe(), ws_->figureData(), ws_->tokens().texts, path,
                                      saveRecipe_->isChecked() && saveRecipe_->isEnabled(), {});
    if (error.isEmpty()) saveSettings();
    return error;
}

void ExportDialog::startExport(const QString& path) {
    if (isExporting()) return;
    if (!ws_->trace()) {
        emit exportFinished(tr("There is nothing to export yet: the model has not run."));
        return;
    }
    exportCancel_ = std::make_shared<std::atomic<bool>>(false);
    exportPermille_ = std::make_shared<std::atomic<int>>(0);
    exportPath_ = path;
    save_->setEnabled(false);
    copy_->setEnabled(false);
    exportProgress_->setLabelText(tr("Writing “%1”…").arg(QFileInfo(path).fileName()));
    exportProgress_->setValue(0);  // shows it once the export has taken its minimum duration
    exportPoll_->start();
    // Everything the worker reads is copied here: the recipe from the
    // widgets, and the trace, held by the figure data, stays as it is while
    // the user types on.
    exportWatcher_.setFuture(QtConcurrent::run(workPool(),
        [r = recipe(), data = ws_->figureData(), texts = ws_->tokens().texts, path,
         pin = saveRecipe_->isChecked() && saveRecipe_->isEnabled(), cancel = exportCancel_, permille = exportPermille_] {
            return writeExport(r, data, texts, path, pin, [&](double done) {
                permille->store(int(done * 1000));
                return !cancel->load();
            });
        }));
}

void ExportDialog::cancelExport() {
    if (exportCancel_) exportCancel_->store(true);
}

void ExportDialog::finishExport() {
    exportPoll_->stop();
    exportProgress_->reset();
    const QString error = exportWatcher_.result();
    const bool cancelled = exportCancel_ && exportCancel_->load();
    rebuild();  // Save and Copy as the recipe allows
    if (error.isEmpty()) {
        saveSettings();
        emit exportFinished(error);
        accept();
        return;
    }
    if (cancelled) {
        note_->setText(tr("Export cancelled: “%1” was not written.").arg(QFileInfo(exportPath_).fileName()));
    } else {
        QMessageBox::warning(this, tr("Export"), tr("AttnScope could not export “%1”.\n\n%2").arg(exportPath_, error));
    }
    emit exportFinished(error);
}

QString ExportDialog::pathForTyped(const QString& typed, QString* problem) {
    const std::optional<render::Format> asked = render::formatFromName(QFileInfo(typed).suffix());
    if (!asked) return typed + QLatin1Char('.') + render::formatName(recipe().format);
    const int i = format_->findData(int(*asked));
    const auto* items = qobject_cast<const QStandardItemModel*>(format_->model());
    if (i < 0 || (items && !items->item(i)->isEnabled())) {
        if (problem)
            *problem = tr("This figure cannot be exported as %1. The Format list shows what it can be exported as.")
                           .arg(render::formatName(*asked).toUpper());
        return {};
    }
    if (format_->currentIndex() != i) format_->setCurrentIndex(i);  // rebuilds the figure for the format
    return typed;
}

void ExportDialog::chooseFileAndSave() {
    const session::Recipe r = recipe();
    const QString ext = render::formatName(r.format);
    QSettings st;
    const QString dir = st.value("export/dir", QDir::homePath()).toString();
    const QString typed = QFileDialog::getSaveFileName(this, tr("Export"), QDir(dir).filePath(session::defaultFileName(r)),
                                                       tr("%1 files (*.%2)").arg(ext.toUpper(), ext));
    if (typed.isEmpty()) return;
    QString problem;
    const QString path = pathForTyped(typed, &problem);
    if (path.isEmpty()) {
        QMessageBox::warning(this, tr("Export"), problem);
        return;
    }
    // The file dialog asked about the name as typed, not this one.
    if (path != typed && QFileInfo::exists(path) &&
        QMessageBox::question(this, tr("Export"), tr("“%1” already exists. Replace it?").arg(QFileInfo(path).fileName()),
                              QMessageBox::Yes | QMessageBox::No, QMessageBox::No) != QMessageBox::Yes)
        return;
    st.setValue("export/dir", QFileInfo(path).absolutePath());
    if (!save_->isEnabled()) {  // the typed format's figure has a problem (too many pixels, ...): the note says it
        QMessageBox::warning(this, tr("Export"), note_->text());
        return;
    }
    startExport(path);
}

void ExportDialog::copyImage() {
    if (!figure_) return;
    const session::Recipe r = session::resolveRecipe(recipe(), figure_.get());
    try {
        QApplication::clipboard()->setImage(render::renderImage(*figure_, QSizeF(r.widthIn, r.heightIn), r.dpi));
    } catch (const attnscope::Error& e) {
        QMessageBox::warning(this, tr("Copy image"), tr("AttnScope could not copy the figure.\n\n%1").arg(describeError(e)));
        return;
    }
    saveSettings();
}
