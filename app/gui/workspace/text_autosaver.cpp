#include "gui/workspace/text_autosaver.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>
#include <exception>

#include "attnscope/common/file_io.h"
#include "render/data.h"

namespace {

// Read back at most this much: far past what the editor can hold usefully,
// but never a file that is not a text the app wrote.
constexpr int64_t kMaxAutosaveBytes = int64_t(1) << 30;

// UTF-8 with a lone surrogate (typed or pasted) as U+FFFD, as the run reads
// it; QString::toUtf8 writes '?' instead.
QByteArray utf8WithReplacements(QString text) {
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c.isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate()) ++i;
        else if (c.isSurrogate()) text[i] = QChar::ReplacementCharacter;
    }
    return text.toUtf8();
}

}  // namespace

TextAutosaver::TextAutosaver(std::function<QString()> source, QObject* parent)
    : QObject(parent), source_(std::move(source)), path_(defaultPath()) {
    timer_.setSingleShot(true);
    timer_.setInterval(500);  // at most half a second of typing is lost
    connect(&timer_, &QTimer::timeout, this, &TextAutosaver::save);
}

TextAutosaver::~TextAutosaver() = default;

int TextAutosaver::claimFile() {
    constexpr int kMostWindows = 64;
    const QFileInfo first(defaultPath());
    QDir().mkpath(first.absolutePath());
    lock_.reset();
    for (int n = 1; n <= kMostWindows; ++n) {
        const QString path =
            n == 1 ? first.filePath() : first.dir().filePath(QStringLiteral("text-%1.txt").arg(n));
        auto lock = std::make_unique<QLockFile>(path + QStringLiteral(".lock"));
        lock->setStaleLockTime(0);  // held as long as the window is open; only a dead process's lock is stale
        if (!lock->tryLock(0)) {
            if (lock->error() == QLockFile::LockFailedError) continue;  // another window's
            break;  // the folder is not writable: the first save says so
        }
        lock_ = std::move(lock);
        path_ = path;
        number_ = n;
        return n;
    }
    // Unwritable (then nothing is saved anyway), or every number taken: a
    // file no other window writes.
    number_ = kMostWindows + 1;
    path_ = first.dir().filePath(QStringLiteral("text-pid%1.txt").arg(QCoreApplication::applicationPid()));
    return number_;
}

QString TextAutosaver::defaultPath() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("text.txt"));
}

std::optional<QString> TextAutosaver::load(const QString& path) {
    if (!QFileInfo(path).isFile()) return std::nullopt;
    try {
        const std::string bytes =
            attnscope::read_regular_file(QFile::encodeName(path).toStdString(), kMaxAutosaveBytes, "text file");
        return QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

void TextAutosaver::textEdited() {
    // Never restarted by later edits: the first unsaved edit sets the deadline.
    if (!timer_.isActive()) timer_.start();
}

bool TextAutosaver::flush() {
    if (!timer_.isActive()) return !failed_;
    timer_.stop();
    return save();
}

bool TextAutosaver::save() {
    try {
        QDir().mkpath(QFileInfo(path_).absolutePath());
        render::writeFileAtomically(path_, utf8WithReplacements(source_()));
        failed_ = false;
        return true;
    } catch (const std::exception& e) {
        if (!failed_)
            emit saveFailed(tr("The text cannot be saved to “%1”: %2").arg(path_, QString::fromUtf8(e.what())));
        failed_ = true;
        return false;
    }
}
