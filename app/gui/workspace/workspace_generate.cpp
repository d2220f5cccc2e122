// The Workspace's generation: the core's loop of incremental runs
// (attnscope/run/generate.h) on the run thread, its tokens passed to the GUI
// as they come, a snapshot of its trace for the views at most every
// kFrameMs, and the steps shown afterwards from the first rows of the last
// run.
#include <QAbstractEventDispatcher>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include "attnscope/run/threads.h"
#include "gui/common/errors.h"
#include "gui/workspace/workspace.h"

void Workspace::startGenerating(attnscope::GenerateOptions options) {
    if (!hasModel() || isTraceFile() || isGenerating() || !trace_ || trace_->T() == 0) return;
    cancel();  // the views' run of the text is the generation's from here
    watcher_.waitForFinished();
    generation_state_ = Generation{};
    generation_state_.prompt = trace_->tokens;
    generation_state_.sampling = options.sampling;
    generation_state_.running = true;
    idsOverride_ = generation_state_.prompt;
    generatedText_ = text_;
    generationStep_ = -1;
    options.run = options_;
    options.run.threads = threads();
    options.eos_id = doc_.tokenizer ? doc_.tokenizer->eos_id() : -1;
    generationCancel_ = std::make_shared<std::atomic<bool>>(false);
    frameTaken_ = std::make_shared<std::atomic<bool>>(true);
    emit generationStarted();
    emit runningChanged(true);
    lendCoresWhileAwake(true);
    const attnscope::Model model(doc_.model.weights);
    const std::shared_ptr<const attnscope::Tokenizer> tokenizer = doc_.tokenizer;
    // The generator's own trace starts as a copy of the one on screen, so the
    // prompt costs one row.
    auto trace = std::make_shared<attnscope::Trace>();
    const int room = trace_->T() + std::min(options.max_new, 1024);
    trace->copy_with_room(*trace_, room);
    const std::vector<int> prompt = trace->tokens;
    const QString promptText = text_;
    QPointer<Workspace> self(this);
    auto cancel = generationCancel_;
    auto taken = frameTaken_;
    // The snapshots, reused once the views let go of one: a copy into a
    // trace that already has the room writes no fresh pages, and on a
    // paravirtualised machine a first write of 300 MB of pages costs more
    // than the copy itself.
    std::vector<std::shared_ptr<attnscope::Trace>> snapshots;
    generator_.setFuture(QtConcurrent::run(&runPool_, [=]() mutable -> std::shared_ptr<attnscope::Trace> {
        const ForegroundRun foreground;
        QElapsedTimer frame;
        frame.start();
        attnscope::Generation result;
        std::vector<int> made;
        // Tokens go to the GUI a frame's worth at a time, with the snapshot
        // when there is one: every post wakes the GUI thread, which then takes
        // a core from the generation (attnscope/run/threads.h).
        std::vector<attnscope::SampledToken> pending;
        // The rows the views were last given: a token is sampled before its
        // own row is computed, so the first callback's trace holds only the
        // prompt, which the views already show.
        int shownRows = trace->T();
        QElapsedTimer posted;
        posted.start();
        const auto post = [&](std::shared_ptr<attnscope::Trace> snapshot) {
            if (pending.empty() && !snapshot) return;
            QString piece;
            if (tokenizer) {
                // The continuation decoded whole each time: a character
                // split over two tokens comes out right once both are in.
                std::vector<int> known;
                for (const int id : made)
                    if (id < tokenizer->vocab_size()) known.push_back(id);
                piece = QString::fromUtf8(tokenizer->decode(known));
            }
            // The GUI thread will wake for this: its core is lent from now,
            // before it takes one from a team already under way.
            attnscope::lend_core(true);
            QMetaObject::invokeMethod(self.data(), [self, batch = std::move(pending), piece, snapshot, promptText] {
                if (!self) return;
                Generation& g = self->generation_state_;
                for (const attnscope::SampledToken& s : batch) {
                    g.ids.push_back(s.id);
                    g.steps.push_back(s);
                    if (self->idsOverride_) self->idsOverride_->push_back(s.id);
                }
                self->generatedText_ = promptText + piece;
                if (!batch.empty()) emit self->tokenGenerated(int(g.ids.size()), piece);
                if (snapshot) self->showSnapshot(snapshot);
            }, Qt::QueuedConnection);
            pending.clear();
            posted.restart();
        };
        try {
            result = attnscope::generate(
                model, prompt, options, *trace,
                [&](const attnscope::SampledToken& s) {
                    made.push_back(s.id);
                    pending.push_back(s);
                    // A snapshot for the views once they took the last one
                    // and a frame's time has passed: a copy of what they read
                    // (keys, values, maps, each layer's output; a view that
                    // asks for another activation gets it computed again),
                    // so the loop goes on in its own trace.
                    std::shared_ptr<attnscope::Trace> snapshot;
                    if (trace->T() > shownRows && frame.elapsed() >= kFrameMs && taken->load()) {
                        // Only this loop holds a snapshot whose count is 1:
                        // no view can take it back meanwhile.
                        for (const std::shared_ptr<attnscope::Trace>& free : snapshots)
                            if (free.use_count() == 1) snapshot = free;
                        if (!snapshot) snapshots.push_back(snapshot = std::make_shared<attnscope::Trace>());
                        snapshot->copy_with_room(*trace, room, /*rows_appended=*/true, /*views_only=*/true);
                        snapshot->source = trace->source;
                        taken->store(false);
                        shownRows = trace->T();
                        frame.restart();
                    }
                    // The first token at once; then with a snapshot, or a
                    // frame's time after the last post.
                    if (snapshot || made.size() == 1 || posted.elapsed() >= kFrameMs) post(std::move(snapshot));
                    return !cancel->load();
                });
            post(nullptr);
        } catch (const std::exception& e) {
            post(nullptr);  // the tokens made before the error
            const QString message = describeError(e);
            QMetaObject::invokeMethod(self.data(), [self, message] {
                if (self) emit self->runFailed(message);
            }, Qt::QueuedConnection);
        }
        QMetaObject::invokeMethod(self.data(), [self, stop = result.stop, speed = result.tokens_per_s()] {
            if (!self) return;
            self->generation_state_.stop = stop;
            self->generation_state_.tokensPerSecond = speed;
        }, Qt::QueuedConnection);
        return trace;
    }));
}

void Workspace::showSnapshot(std::shared_ptr<attnscope::Trace> snapshot) {
    if (frameTaken_) frameTaken_->store(true);
    if (!isGenerating()) return;
    trace_ = std::move(snapshot);
    tokens_ = session::tokenize(doc_, session::TokenInput::ids(trace_->tokens), crop_);
    selection_.query = trace_->T() - 1;
    emit selectionChanged(selection_);
    emit traceReady(trace_);
}

namespace {

// Lends a core from any event the GUI thread is given (a repaint, a layout, a
// token's text) to the moment its event loop is about to wait again: the
// QAbstractEventDispatcher's awake() cannot say when work starts, as GLib's
// dispatcher emits it only for loops that do not wait.
class CoreLender : public QObject {
public:
    CoreLender() {
        qApp->installEventFilter(this);
        if (QAbstractEventDispatcher* dispatcher = QAbstractEventDispatcher::instance(thread()))
            connect(dispatcher, &QAbstractEventDispatcher::aboutToBlock, this, [] { attnscope::lend_core(false); });
    }
    ~CoreLender() override { attnscope::lend_core(false); }
    CoreLender(const CoreLender&) = delete;
    CoreLender& operator=(const CoreLender&) = delete;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        attnscope::lend_core(true);
        return QObject::eventFilter(watched, event);
    }
};

}  // namespace

void Workspace::lendCoresWhileAwake(bool on) {
    coreLender_.reset();
    if (on && qApp) coreLender_ = std::make_unique<CoreLender>();
}

void Workspace::stopGenerating() {
    if (generationCancel_) generationCancel_->store(true);
}

void Workspace::generationDone() {
    std::shared_ptr<attnscope::Trace> last = generator_.result();
    // The queued tokens and the stop reason come first (they were posted before).
    QCoreApplication::sendPostedEvents(this);
    generation_state_.running = false;
    lendCoresWhileAwake(false);
    if (generation_state_.ids.empty() && generation_state_.stop == attnscope::StopReason::MaxNew)
        generation_state_.stop = attnscope::StopReason::Cancelled;
    emit runningChanged(false);
    if (last && last->T() > 0 && hasModel()) {
        // The last run covers every token: it becomes the trace on screen and
        // the pool's, so stepping back reuses its rows.
        last->source = doc_.model.weights;
        trace_ = last;
        pool_.push_back(last);
        while (pool_.size() > kPooledTraces) pool_.erase(pool_.begin());
        tokens_ = session::tokenize(doc_, session::TokenInput::ids(last->tokens), crop_);
        selection_.query = last->T() - 1;
        emit selectionChanged(selection_);
        emit traceReady(trace_);
    }
    generationStep_ = int(generation_state_.ids.size()) + 1;
    emit generationFinished(generation_state_.stop);
}

void Workspace::showGenerationStep(int k) {
    const Generation& g = generation_state_;
    if (g.empty() || g.running) return;
    const int n = int(g.ids.size());
    if (k < 0 || k > n) k = n + 1;
    generationStep_ = k;
    // Step k shows the run that chose token k: the prompt and the k - 1
    // tokens before it; the last step shows every token.
    std::vector<int> ids = g.prompt;
    ids.insert(ids.end(), g.ids.begin(), g.ids.begin() + std::max(0, std::min(n, k <= n ? k - 1 : n)));
    idsOverride_ = ids;
    selection_.query = int(ids.size()) - 1;
    selection_.key = -1;
    emit selectionChanged(selection_);
    emit generationStepChanged(k);
    schedule();
}

void Workspace::clearGeneration() {
    if (isGenerating()) return;
    const bool had = !generation_state_.empty();
    generation_state_ = Generation{};
    idsOverride_.reset();
    generatedText_.clear();
    generationStep_ = -1;
    if (had) emit generationCleared();
}
