#include "gui/workspace/comparer.h"

#include <QFileInfo>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include "attnscope/common/error.h"
#include "gui/common/errors.h"
#include "gui/common/work_pool.h"
#include "gui/workspace/workspace.h"

using session::CompareSpec;

Comparer::Comparer(Workspace* ws, QObject* parent) : QObject(parent), ws_(ws) {
    debounce_.setSingleShot(true);
    debounce_.setInterval(150);
    connect(&debounce_, &QTimer::timeout, this, &Comparer::start);
    connect(&watcher_, &QFutureWatcher<Job>::finished, this, &Comparer::finished);
    // A new A: B again (or only re-paired with it, when B cannot have changed).
    connect(ws_, &Workspace::traceReady, this, [this] {
        if (spec_.kind == CompareSpec::None) return;
        if (auto c = reuse()) {
            comparison_ = std::move(c);
            session::rememberComparison(comparison_);
            emit comparisonChanged();
            return;
        }
        schedule();
    });
    connect(ws_, &Workspace::documentChanged, this, [this] {
        if (cancel_) cancel_->store(true);
        ++generation_;
        if (comparison_) {
            comparison_.reset();
            emit comparisonChanged();
        }
    });
}

Comparer::~Comparer() {
    if (cancel_) cancel_->store(true);
    watcher_.waitForFinished();
}

void Comparer::compareWithText(const QString& text) {
    checkpoints_.clear();
    step_ = 0;
    setSpec(text.isEmpty() ? CompareSpec{} : CompareSpec::ofText(text));
}

void Comparer::compareWithModels(const QStringList& paths) {
    checkpoints_.clear();
    for (const QString& p : paths) checkpoints_ << QFileInfo(p).absoluteFilePath();
    step_ = 0;
    setSpec(checkpoints_.isEmpty() ? CompareSpec{} : CompareSpec::ofModel(checkpoints_.front()));
}

void Comparer::clear() {
    checkpoints_.clear();
    step_ = 0;
    setSpec({});
}

void Comparer::setStep(int step) {
    if (checkpoints_.isEmpty()) return;
    step = std::clamp(step, 0, int(checkpoints_.size()) - 1);
    if (step == step_ && spec_.modelPath == checkpoints_[step]) return;
    step_ = step;
    setSpec(CompareSpec::ofModel(checkpoints_[step_]));
}

void Comparer::setSpec(const CompareSpec& spec) {
    const bool same = spec == spec_;
    spec_ = spec;
    emit inputChanged();
    if (same && comparison_) return;
    if (cancel_) cancel_->store(true);
    ++generation_;  // whatever runs now is for the old B
    problem_.clear();
    if (comparison_) {
        comparison_.reset();
        emit comparisonChanged();
    }
    if (spec_.kind == CompareSpec::None) {
        debounce_.stop();
        emit busyChanged(running_);
        return;
    }
    schedule();
}

void Comparer::schedule() {
    if (cancel_) cancel_->store(true);
    debounce_.start();
    emit busyChanged(true);
}

std::shared_ptr<const session::Comparison> Comparer::reuse() const {
    const auto a = ws_->trace();
    const auto& c = comparison_;
    if (!a || !c || !c->b || c->spec != spec_ || spec_.kind != CompareSpec::Text) return nullptr;
    const auto weights = a->source.lock();
    if (!weights || c->b->source.lock() != weights || c->b->causal != a->causal || c->b->ablated != a->ablated)
        return nullptr;
    auto out = std::make_shared<session::Comparison>(*c);
    out->a = a;
    out->aLabels = ws_->tokens().labels;
    out->aTexts = ws_->tokens().texts;
    return out;
}

const session::Document* Comparer::loadedModel(const QString& path) {
    for (auto it = loaded_.begin(); it != loaded_.end(); ++it)
        if (it->path == path) {
            loaded_.splice(loaded_.begin(), loaded_, it);  // most recently used
            return &loaded_.front();
        }
    return nullptr;
}

void Comparer::start() {
    const auto a = ws_->trace();
    if (spec_.kind == CompareSpec::None || !a || !ws_->hasModel()) {
        emit busyChanged(running_);
        return;
    }
    if (running_) {  // finished() starts the next one
        pending_ = true;
        if (cancel_) cancel_->store(true);
        return;
    }
    running_ = true;
    pending_ = false;
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    const quint64 gen = ++generation_;
    const session::CompareSpec spec = spec_;
    const session::Document docA = ws_->document();
    const session::Tokenized tokensA = ws_->tokens();
    const session::CropPolicy crop = ws_->cropPolicy();
    const attnscope::RunOptions options = session::optionsLike(*a, ws_->attentionBudget(), ws_->threads());
    std::optional<session::Document> modelB;
    if (spec.kind == CompareSpec::Model)
        if (const session::Document* d = loadedModel(spec.modelPath)) modelB = *d;
    if (spec.kind == CompareSpec::Model && !modelB) emit progress(0, 0);  // loading
    QPointer<Comparer> self(this);
    auto cancel = cancel_;
    emit busyChanged(true);
    watcher_.setFuture(QtConcurrent::run(workPool(), [=]() mutable -> Job {
        Job j;
        j.generation = gen;
        const attnscope::Progress report = [&](int done, int total) {
            if (self)
                QMetaObject::invokeMethod(self.data(), [self, done, total] {
                    if (self) emit self->progress(done, total);
                }, Qt::QueuedConnection);
            return !cancel->load();
        };
        try {
            if (spec.kind == CompareSpec::Text) {
                j.comparison = std::make_shared<const session::Comparison>(
                    session::compareWithText(docA, a, tokensA, spec.text, options, crop, report));
            } else {
                if (!modelB) {
                    session::Document d = session::openDocument(spec.modelPath);
                    d.path = spec.modelPath;
                    j.loaded = d;
                    modelB = std::move(d);
                }
                if (cancel->load()) throw attnscope::Error(attnscope::ErrorCode::Cancelled, "cancelled");
                j.comparison = std::make_shared<const session::Comparison>(
                    session::compareWithModel(*modelB, docA, a, tokensA, options, report));
            }
        } catch (const attnscope::Error& e) {
            j.cancelled = e.code() == attnscope::ErrorCode::Cancelled;
            j.error = describeError(e);
        } catch (const std::exception& e) {
            j.error = describeError(e);
        }
        return j;
    }));
}

void Comparer::finished() {
    Job j = watcher_.result();
    running_ = false;
    if (j.loaded) {  // kept for the timeline, whether or not this run is still wanted
        loaded_.push_front(std::move(*j.loaded));
        while (int(loaded_.size()) > kMaxLoaded) loaded_.pop_back();
    }
    const bool stale = j.generation != generation_ || pending_;
    if (!stale && !j.cancelled) {
        if (j.comparison) {
            problem_.clear();
            comparison_ = j.comparison;
            session::rememberComparison(comparison_);
            emit comparisonChanged();
        } else {
            // B failed for this A: the pair on screen (an older A) would mislead.
            problem_ = j.error;
            if (comparison_) {
                comparison_.reset();
                emit comparisonChanged();
            }
            emit failed(problem_);
        }
    }
    if (pending_ || (stale && spec_.kind != CompareSpec::None && !comparison_ && !debounce_.isActive())) {
        pending_ = false;
        start();
        return;
    }
    emit busyChanged(isBusy());
}
