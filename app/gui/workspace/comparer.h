#pragma once
// The compare view's B, kept beside the Workspace's A: a second text on the
// same model, a second model of the same shape, or several checkpoints of one
// run stepped through one at a time. B runs on a worker whenever A's trace or
// B's input changes; a run whose input went stale is cancelled and its result
// dropped. Model files load on the worker too (the last kMaxLoaded stay
// loaded, so stepping back and forth through a timeline does not reload them).
// Each finished comparison is remembered for the view registry
// (session::rememberComparison), so Export and the clipboard find it.
#include <QFutureWatcher>
#include <QObject>
#include <QStringList>
#include <QTimer>
#include <atomic>
#include <list>
#include <memory>
#include <optional>

#include "session/comparison.h"

class Workspace;

class Comparer : public QObject {
    Q_OBJECT
public:
    explicit Comparer(Workspace* ws, QObject* parent = nullptr);
    ~Comparer() override;

    // B is `text` on A's model ("" stops comparing).
    void compareWithText(const QString& text);
    // B is A's text on this model; several paths make a checkpoint timeline,
    // starting at the first.
    void compareWithModels(const QStringList& paths);
    void clear();

    // The timeline: its files, and which one is B.
    const QStringList& checkpoints() const { return checkpoints_; }
    int step() const { return step_; }
    void setStep(int step);
    void next() { setStep(step_ + 1); }
    void previous() { setStep(step_ - 1); }

    // What B is now (None when nothing is compared).
    const session::CompareSpec& spec() const { return spec_; }
    // The comparison of the trace on screen with B; null while none is ready.
    std::shared_ptr<const session::Comparison> comparison() const { return comparison_; }
    bool isBusy() const { return running_ || debounce_.isActive(); }
    // The last problem, translated ("" after a success).
    QString problem() const { return problem_; }
    // Model files loaded now (at most kMaxLoaded).
    int loadedModels() const { return int(loaded_.size()); }
    static constexpr int kMaxLoaded = 3;

signals:
    void comparisonChanged();
    void inputChanged();  // spec or step
    void busyChanged(bool busy);
    void progress(int done, int total);  // of B's run; total 0 while a model loads
    void failed(const QString& message);

private:
    struct Job {
        quint64 generation = 0;
        std::shared_ptr<const session::Comparison> comparison;
        std::optional<session::Document> loaded;  // a model file read for this run
        QString error;
        bool cancelled = false;
    };
    void setSpec(const session::CompareSpec& spec);
    void schedule();
    void start();
    void finished();
    // The comparison for the new A without running B again, when B cannot have
    // changed (a text B of the same model and options); else null.
    std::shared_ptr<const session::Comparison> reuse() const;
    const session::Document* loadedModel(const QString& path);

    Workspace* ws_;
    session::CompareSpec spec_;
    QStringList checkpoints_;
    int step_ = 0;
    std::shared_ptr<const session::Comparison> comparison_;
    QString problem_;
    QTimer debounce_;
    QFutureWatcher<Job> watcher_;
    std::shared_ptr<std::atomic<bool>> cancel_;
    quint64 generation_ = 0;
    bool running_ = false;
    bool pending_ = false;
    std::list<session::Document> loaded_;  // most recently used first
};
