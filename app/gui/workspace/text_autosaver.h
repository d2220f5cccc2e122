#pragma once
// Keeps the text being typed safe from a crash: written to its own file,
// atomically, at most maxDelayMs() after the first edit that is not yet on
// disk however fast the typing goes (a pause-based save never fires while the
// user keeps typing), and read back at the next start.
#include <QObject>
#include <QString>
#include <QTimer>
#include <functional>
#include <memory>
#include <optional>

class QLockFile;

class TextAutosaver : public QObject {
    Q_OBJECT
public:
    // `source` gives the current text when a save is due.
    explicit TextAutosaver(std::function<QString()> source, QObject* parent = nullptr);
    ~TextAutosaver() override;

    // <app data>/text.txt (QStandardPaths::AppDataLocation).
    static QString defaultPath();
    // The saved text, or nothing when no file is there or it cannot be read.
    static std::optional<QString> load(const QString& path = defaultPath());

    // Another AttnScope running must not write over this one's text (the last
    // to close won, and the other's text was lost): each window locks a file
    // of its own, text.txt for the first, text-2.txt, text-3.txt… for more,
    // and keeps it until it closes. Returns which (1 for text.txt); the path
    // is then that file's. A crashed window's lock is taken over.
    int claimFile();
    int fileNumber() const { return number_; }

    void setPath(const QString& path) { path_ = path; }
    QString path() const { return path_; }
    void setMaxDelayMs(int ms) { timer_.setInterval(ms); }
    int maxDelayMs() const { return timer_.interval(); }
    bool hasUnsavedText() const { return timer_.isActive(); }

public slots:
    // Call on every edit. Starts the clock on the first unsaved edit only.
    void textEdited();
    // Writes now (if anything is unsaved). Returns false when the write failed.
    bool flush();

signals:
    // The text could not be written (translated; the first failure only, until
    // a save succeeds again).
    void saveFailed(const QString& message);

private:
    bool save();

    std::function<QString()> source_;
    QString path_;
    QTimer timer_;
    bool failed_ = false;
    int number_ = 1;
    std::unique_ptr<QLockFile> lock_;
};
