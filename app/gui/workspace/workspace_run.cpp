// The Workspace's runs: scheduled after an edit, run on the run pool into a
// recycled trace, and finished on the GUI thread with the notes they leave;
// and the memory estimate a run past its budgets shows.
#include <QLocale>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <cstdlib>

#include "gui/common/errors.h"
#include "gui/common/work_pool.h"
#include "gui/workspace/workspace.h"

using attnscope::Error;
using attnscope::ErrorCode;

namespace {

QString megabytes(int64_t bytes) { return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat); }

}  // namespace

QString Workspace::estimateText(const attnscope::TraceEstimate& e, const attnscope::RunOptions& options,
                                bool brief) {
    if (brief && !e.kv_kept)
        return tr("This run holds about %1: its activations and its keys and values (%2) pass their budgets and "
                  "are computed again when needed, for every edit too.")
            .arg(megabytes(e.bytes), megabytes(e.kv));
    if (brief && !e.dense && !e.activations_kept)
        return tr("This run holds about %1: its attention maps (%2) and activations (%3) pass their budgets and "
                  "are computed again when shown.")
            .arg(megabytes(e.bytes), megabytes(e.dense_attention), megabytes(e.activations));
    if (brief && !e.dense)
        return tr("This run holds about %1: its attention maps (%2) pass the %3 budget and are rebuilt when shown.")
            .arg(megabytes(e.bytes), megabytes(e.dense_attention), megabytes(options.attention_budget_bytes));
    if (brief && !e.activations_kept)
        return tr("This run holds about %1: its activations (%2) pass the %3 budget and are computed again when "
                  "shown.")
            .arg(megabytes(e.bytes), megabytes(e.activations), megabytes(options.activation_budget_bytes));
    QString text = tr("This run holds about %1.").arg(megabytes(e.bytes));
    if (!e.dense)
        text += QLatin1Char(' ') + tr("Its attention maps (%1) pass the %2 budget: each head is rebuilt from q "
                                      "and k when a view shows it.")
                                       .arg(megabytes(e.dense_attention), megabytes(options.attention_budget_bytes));
    if (!e.activations_kept)
        text += QLatin1Char(' ') + tr("Its activations (%1) pass the %2 budget: a layer's are computed again from "
                                      "its input when a view shows them.")
                                       .arg(megabytes(e.activations), megabytes(options.activation_budget_bytes));
    if (!e.kv_kept)
        text += QLatin1Char(' ') + tr("Its keys and values (%1) pass the %2 budget too: they are computed again "
                                      "from each layer's input for every edit and every head shown.")
                                       .arg(megabytes(e.kv), megabytes(options.kv_budget_bytes));
    return text;
}

int Workspace::nextDebounceMs() const {
    return trace_ && lastMs_ > 0 && lastMs_ < quickRunMs_ ? 0 : debounceMs_;
}

void Workspace::schedule() {
    // A new input makes the current run stale: stop it now, start after the
    // pause, none when runs are quick (a zero timer still gathers the
    // key's own signals into one run).
    noteForegroundActivity();
    if (cancel_) cancel_->store(true);
    debounce_.start(nextDebounceMs());
}

void Workspace::runNow() {
    debounce_.stop();
    startRun();
}

void Workspace::cancel() {
    debounce_.stop();
    pending_ = false;
    if (cancel_) cancel_->store(true);
}

std::shared_ptr<attnscope::Trace> Workspace::recycledTrace() {
    for (auto& t : pool_)
        if (t.use_count() == 1) return t;
    // At most one spare beside the trace on screen: at GPT-2 size and 1,000
    // tokens each holds a gigabyte. A view still holding an older one keeps it
    // alive on its own; the pool lets it go.
    pool_.push_back(std::make_shared<attnscope::Trace>());
    while (pool_.size() > kPooledTraces) pool_.erase(pool_.begin());
    return pool_.back();
}

void Workspace::startRun() {
    if (!hasModel() || isGenerating()) return;  // a generation shows its own runs
    if (running_) {  // finishRun starts the next one
        pending_ = true;
        if (cancel_) cancel_->store(true);
        return;
    }
    running_ = true;
    pending_ = false;
    emit runningChanged(true);
    longRun_.start();
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    if (compareCancel_) compareCancel_->store(true);  // the new run needs the cores more
    const quint64 gen = ++generation_;
    auto cancel = cancel_;
    const session::Document doc = doc_;
    const QString text = text_;
    const std::optional<std::vector<int>> ids = idsOverride_;
    const attnscope::RunOptions requested = options_;
    const session::CropPolicy crop = crop_;
    std::shared_ptr<attnscope::Trace> trace = recycledTrace();
    std::shared_ptr<const attnscope::Trace> shown = trace_;
    QPointer<Workspace> self(this);
    watcher_.setFuture(QtConcurrent::run(&runPool_, [=]() mutable -> RunResult {
        const ForegroundRun foreground;  // the loss strip and the statistics wait
        RunResult r;
        r.generation = gen;
        QElapsedTimer clock;
        clock.start();
        try {
            r.tokens = ids ? session::tokenize(doc, session::TokenInput::ids(*ids), crop) : session::tokenize(doc, text, crop);
            if (r.tokens.ids.empty()) throw Error(ErrorCode::EmptyInput, "no tokens to run");
            // Knockouts name positions: an edit that shortens the text past one
            // leaves it out of this run instead of refusing every run.
            attnscope::RunOptions options = requested;
            const int T = int(r.tokens.ids.size());
            std::erase_if(options.knockout, [T](const attnscope::Knockout& k) { return k.key >= T || k.query >= T; });
            r.knockoutsLeftOut = int(requested.knockout.size() - options.knockout.size());
            const attnscope::Model model(doc.model.weights);
            // The spare is the run before the one on screen, or nothing at all
            // for the first key after a full run. When the trace on screen
            // keeps many more rows, a copy of it costs far less than running
            // them again.
            if (shown && shown != trace &&
                model.reusable_rows(*shown, r.tokens.ids, options) >
                    model.reusable_rows(*trace, r.tokens.ids, options) + kCopyRatherThanRun)
                trace->copy_with_room(*shown, T + kCopyRatherThanRun);
            shown.reset();
            const attnscope::TraceEstimate e =
                attnscope::estimate_trace(model.config(), int(r.tokens.ids.size()), options);
            // Said once per model and state of the budgets, not at every key.
            const int past = (e.dense ? 0 : 1) | (e.activations_kept ? 0 : 2) | (e.kv_kept ? 0 : 4);
            if (past != 0 && self)
                QMetaObject::invokeMethod(self.data(), [self, past, msg = estimateText(e, options, true)] {
                    if (!self || self->estimateSaid_ == past) return;
                    self->estimateSaid_ = past;
                    emit self->memoryEstimate(msg);
                }, Qt::QueuedConnection);
            model.run(r.tokens.ids, options, *trace, [&](int done, int total) {
                if (self)
                    QMetaObject::invokeMethod(self.data(), [self, done, total] {
                        if (self) emit self->progress(done, total);
                    }, Qt::QueuedConnection);
                return !cancel->load();
            });
            r.trace = trace;
        } catch (const Error& e) {
            r.cancelled = e.code() == ErrorCode::Cancelled;
            r.error = describeError(e);
        } catch (const std::exception& e) {
            r.error = describeError(e);
        }
        r.ms = double(clock.nsecsElapsed()) / 1e6;
        return r;
    }));
}

void Workspace::finishRun() {
    RunResult r = watcher_.result();
    running_ = false;
    longRun_.stop();
    emit runningChanged(false);
    const bool stale = r.generation != generation_ || pending_;
    if (!stale && r.cancelled) setStale(bool(trace_));
    if (!stale && !r.cancelled) {
        if (r.error.isEmpty()) {
            setStale(false);
            const int previousT = trace_ ? trace_->T() : 0;
            trace_ = r.trace;
            tokens_ = std::move(r.tokens);
            compareKnockouts();
            lastMs_ = r.ms;
            const int T = trace_->T(), computed = T - trace_->reused_rows;
            if (computed * 2 >= T) {
                fullMs_ = r.ms * T / std::max(computed, 1);
                fullT_ = T;
            } else if (std::abs(T - fullT_) * 10 > fullT_) {
                fullMs_ = 0;
            }
            // The query on the last token follows the last token (its row is
            // what the model predicts from), as it does after a new model; one
            // the user put elsewhere stays,
            // clamped to the new text.
            const bool followsLast = selection_.query < 0 || previousT == 0 || selection_.query == previousT - 1;
            const int query = followsLast ? T - 1 : std::min(selection_.query, T - 1);
            if (query != selection_.query || selection_.key >= T) {
                selection_.query = query;
                if (selection_.key >= T) selection_.key = -1;
                emit selectionChanged(selection_);
            }
            QStringList notes;
            if (tokens_.dropped > 0)
                notes << tr("The text is longer than the model's context: only the last %1 tokens are shown "
                            "(%2 dropped).").arg(trace_->T()).arg(tokens_.dropped);
            if (trace_->weights_dense && trace_->activations_kept && trace_->kv_kept) estimateSaid_ = 0;
            if (!trace_->weights_dense || !trace_->activations_kept)
                notes << estimateText(attnscope::estimate_trace(trace_->config, trace_->T(), options_), options_);
            if (r.knockoutsLeftOut > 0)
                notes << tr("Left out of this run: %n knockout(s) naming positions past the text's %1 tokens.", "",
                            r.knockoutsLeftOut)
                             .arg(trace_->T());
            if (tokens_.replacedInvalid)
                notes << tr("The text held characters that are not valid Unicode; they were replaced.");
            if (!tokens_.skipped.empty()) {
                QStringList chars;
                for (const session::SkippedText& k : tokens_.skipped) chars << k.label;
                chars.removeDuplicates();
                notes << tr("Left out of the run: %n character(s) the model's vocabulary lacks (%1), marked in "
                            "the token strip.", "", int(tokens_.skipped.size()))
                             .arg(QLocale().createSeparatedList(chars.mid(0, 8)) + (chars.size() > 8 ? QStringLiteral(" …") : QString()));
            }
            emit notice(notes.join(QLatin1Char(' ')));
            emit traceReady(trace_);
        } else {
            setStale(bool(trace_));
            emit runFailed(r.error);
        }
    }
    // The run that cancelled the shown trace's comparison did not replace it: compare again.
    if (!pending_ && trace_ && !trace_->knockout.empty() && !lnFWithout_ && compareCancel_ && compareCancel_->load())
        compareKnockouts();
    if (pending_) startRun();
}
