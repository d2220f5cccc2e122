#include "gui/workspace/workspace.h"

#include <QLocale>

#include <algorithm>
#include <utility>
#include <cstdlib>

#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include "attnscope/model/weights.h"
#include "attnscope/run/trace_file.h"
#include "gui/common/errors.h"
#include "gui/common/work_pool.h"

using attnscope::Error;
using attnscope::ErrorCode;

Workspace::Workspace(QObject* parent) : QObject(parent) {
    qRegisterMetaType<std::shared_ptr<const attnscope::Trace>>();
    qRegisterMetaType<Selection>();
    // One run at a time, on a thread that stays (its OpenMP team with it).
    runPool_.setMaxThreadCount(1);
    runPool_.setExpiryTimeout(-1);
    // Runs keep no logits: the predictions panel computes the rows it shows
    // from ln_f once the trace is on screen, and the flow view's logits node
    // has Trace::tensor compute the last row. The lm_head streams all of
    // GPT-2's 154 MB embedding for one row, a good part of a key's run
    // (attnscope-cli bench shows it, with a large vocabulary against a small one).
    options_.logits_rows = 0;
    debounce_.setSingleShot(true);
    connect(&debounce_, &QTimer::timeout, this, &Workspace::startRun);
    longRun_.setSingleShot(true);
    longRun_.setInterval(200);
    connect(&longRun_, &QTimer::timeout, this, [this] {
        if (running_) emit longRunStarted();
    });
    connect(&watcher_, &QFutureWatcher<RunResult>::finished, this, &Workspace::finishRun);
    connect(&generator_, &QFutureWatcher<std::shared_ptr<attnscope::Trace>>::finished, this, &Workspace::generationDone);
    connect(&loader_, &QFutureWatcher<LoadResult>::finished, this, [this] {
        loading_ = false;
        // A document set while this one loaded (a random model made
        // meanwhile) was the newer choice: this one is dropped. A model asked
        // for after that is newer still, and loads.
        const bool dropped = std::exchange(dropLoad_, false);
        if (pendingLoad_) {  // a newer request arrived while loading: it wins
            const auto [path, tok] = *pendingLoad_;
            pendingLoad_.reset();
            openModel(path, tok);
            return;
        }
        emit loadingChanged(false);
        if (dropped) return;
        LoadResult r = loader_.result();
        if (!r.tokenizerError.isEmpty()) emit tokenizerFailed(loadingTokenizer_, r.tokenizerError);
        // A copy: a slot may open another model (the window falls back to the
        // demo), and the later slots would read the new path.
        const QString path = loadingPath_;
        if (r.error.isEmpty()) setDocument(std::move(r.doc));
        else emit loadFailed(path, r.error);
    });
}

Workspace::~Workspace() {
    if (generationCancel_) generationCancel_->store(true);
    generator_.waitForFinished();
    lendCoresWhileAwake(false);
    cancel();
    if (compareCancel_) compareCancel_->store(true);
    comparer_.waitForFinished();
    watcher_.waitForFinished();
    loader_.waitForFinished();
}

void Workspace::openModel(const QString& path, const QString& tokenizerPath) {
    if (loading_) {
        const bool shown = isLoading();
        pendingLoad_ = std::make_pair(path, tokenizerPath);
        if (!shown) emit loadingChanged(true);  // behind a dropped load: loading again
        return;
    }
    loading_ = true;
    loadingPath_ = path;
    loadingTokenizer_ = tokenizerPath;
    emit loadingChanged(true);
    loader_.setFuture(QtConcurrent::run(workPool(), [path, tokenizerPath] {
        LoadResult r;
        try {
            try {
                r.doc = !path.isEmpty() && attnscope::is_trace_file(path.toStdString())
                            ? session::openTraceDocument(path)
                            : session::openDocument(path, tokenizerPath);
            } catch (const attnscope::Error& e) {
                // A broken tokenizer is its own problem: the model still opens.
                if (e.code() != attnscope::ErrorCode::BadTokenizer || tokenizerPath.isEmpty()) throw;
                r.tokenizerError = describeError(e);
                r.doc = session::openDocument(path);
            }
        } catch (const std::exception& e) {
            r.error = describeError(e);
        }
        return r;
    }));
}

void Workspace::setDocument(session::Document doc) {
    if (loading_) {  // the newer choice: the load in flight is dropped when it ends, a queued one forgotten
        dropLoad_ = true;
        pendingLoad_.reset();
    }
    cancel();
    ++generation_;  // a run still in flight was of the old document: its result is dropped
    const bool wasTraceFile = isTraceFile();
    doc_ = std::move(doc);
    if (canRoundLikeLlamaCpp())
        doc_.model.weights = std::make_shared<attnscope::Weights>(
            attnscope::with_llama_cpp_rounding(*doc_.model.weights, llamaCppRounding_));
    estimateSaid_ = 0;  // a new model's runs are told of once
    options_.ablate.clear();
    options_.knockout.clear();  // another model's positions mean nothing here
    setAttributionTarget(-1);   // nor its ids
    if (generationCancel_) generationCancel_->store(true);
    generator_.waitForFinished();
    if (!generation_state_.empty() || idsOverride_) clearGeneration();
    trace_.reset();
    // Traces of the old model cannot be reused, and one past its activation
    // budget holds that model's weights.
    pool_.clear();
    lnFWithout_.reset();
    plainLnF_.reset();
    plainKey_ = {};
    if (compareCancel_) compareCancel_->store(true);
    ++compareGeneration_;  // a comparison still running was of the old model
    tokens_ = {};
    setStale(false);
    selection_ = clampedToModel(selection_);
    if (doc_.isTraceFile()) {
        // Nothing runs: the file's attention is the trace, its tokens the input.
        // The text typed for models stays as it is, for the next model.
        trace_ = doc_.imported;
        tokens_ = session::traceFileTokens(*trace_);
        lastMs_ = fullMs_ = 0;
        // Another text: its last token is the query, as after a first run.
        selection_.query = trace_->T() - 1;
        selection_.key = -1;
        emit optionsChanged();
        emit documentChanged();
        emit selectionChanged(selection_);
        emit notice(QString());
        emit traceReady(trace_);
        return;
    }
    if (wasTraceFile) emit optionsChanged();  // the causal switch is the user's again
    emit documentChanged();
    if (!doc_.tokenizer && !doc_.path.isEmpty()) emit tokenizerMissing(doc_.path, doc_.tokenizerLooked);
    emit selectionChanged(selection_);
    runNow();
}

void Workspace::setText(const QString& text) {
    if (text == text_) return;
    text_ = text;
    // The generation's own text, as the editor shows it: its ids are run.
    if (idsOverride_ && text == generatedText_) return;
    if (idsOverride_ || !generation_state_.empty()) clearGeneration();
    schedule();
}

void Workspace::setCausal(bool causal) {
    if (causal == this->causal()) return;
    if (isTraceFile()) {  // the file's attention is what it is: say so, change nothing
        emit optionsChanged();
        return;
    }
    options_.causal = causal;
    emit optionsChanged();
    runNow();
}

void Workspace::setLlamaCppRounding(bool on) {
    if (on == llamaCppRounding_) return;
    llamaCppRounding_ = on;
    if (!canRoundLikeLlamaCpp() || isLoading()) return;  // a load in flight takes the setting as it lands
    // The same model again, computed the other way: what the user set stays.
    const std::vector<attnscope::HeadRef> ablated = options_.ablate;
    const std::vector<attnscope::Knockout> knockouts = options_.knockout;
    const int target = attributionTarget();
    const Selection selection = selection_;
    setDocument(doc_);
    setAblated(ablated);
    setKnockouts(knockouts);
    setAttributionTarget(target);
    setSelection(selection);
}

void Workspace::setAblated(const std::vector<attnscope::HeadRef>& heads) {
    if (isTraceFile() && !heads.empty()) {  // ablating needs the model
        emit optionsChanged();
        return;
    }
    options_.ablate = heads;
    emit optionsChanged();
    runNow();
}

void Workspace::setKnockouts(const std::vector<attnscope::Knockout>& knockouts) {
    if (isTraceFile() && !knockouts.empty()) {  // knocking out needs the model
        emit optionsChanged();
        return;
    }
    if (knockouts == options_.knockout) return;
    // The first knockout: the plain trace on screen keeps its ln_f for the
    // knocked-out run of the same tokens to compare with. Copied here, once,
    // not at every key (25 MB a key at 8,192 tokens of GPT-2 small).
    if (options_.knockout.empty() && !knockouts.empty() && trace_ && trace_->knockout.empty() &&
        !trace_->imported && !trace_->partial() && trace_->ln_f.shape.size() == 2 &&
        trace_->ln_f.shape[0] == trace_->T() && !(plainLnF_ && plainKey_ == plainKey(*trace_))) {
        plainKey_ = plainKey(*trace_);
        plainLnF_ = std::make_shared<const attnscope::Tensor>(trace_->ln_f);
    }
    options_.knockout = knockouts;
    emit optionsChanged();
    runNow();
}

void Workspace::addKnockout(const attnscope::Knockout& k) {
    if (std::find(options_.knockout.begin(), options_.knockout.end(), k) != options_.knockout.end()) return;
    auto all = options_.knockout;
    all.push_back(k);
    setKnockouts(all);
}

Workspace::PlainKey Workspace::plainKey(const attnscope::Trace& t) {
    return {t.source.lock().get(), t.tokens, t.causal, t.ablated};
}

// The prediction without the knockouts of the trace shown: the last plain run's
// ln_f when it was of the same tokens and options, else computed on a worker
// after the trace is shown (so a knockout does not slow the picture down).
void Workspace::compareKnockouts() {
    if (compareCancel_) compareCancel_->store(true);
    ++compareGeneration_;
    lnFWithout_.reset();
    if (!trace_ || trace_->knockout.empty() || trace_->imported) return;
    const PlainKey key = plainKey(*trace_);
    if (plainLnF_ && key == plainKey_) {
        lnFWithout_ = plainLnF_;
        emit knockoutComparisonReady();
        return;
    }
    compareCancel_ = std::make_shared<std::atomic<bool>>(false);
    const auto weights = trace_->source.lock();
    if (!weights) return;
    comparer_.setFuture(QtConcurrent::run(workPool(), [trace = trace_, weights, cancel = compareCancel_, threads = options_.threads]
                                          () -> std::shared_ptr<const attnscope::Tensor> {
        try {
            attnscope::Model::SuffixScratch scratch;
            return std::make_shared<const attnscope::Tensor>(attnscope::Model(weights).ln_f_without_knockouts(
                *trace, threads, scratch, [&](int, int) { return !cancel->load(); }));
        } catch (const std::exception&) {  // cancelled, or out of memory: no comparison
            return nullptr;
        }
    }));
    const quint64 gen = compareGeneration_;
    // One connection per job, dropped with it: a stale job's result is ignored.
    auto* done = new QObject(this);
    connect(&comparer_, &QFutureWatcher<std::shared_ptr<const attnscope::Tensor>>::finished, done,
            [this, done, gen, key, of = trace_.get()] {
                done->deleteLater();
                if (gen != compareGeneration_ || trace_.get() != of) return;
                auto result = comparer_.result();
                if (!result) return;
                lnFWithout_ = result;
                plainKey_ = key;  // the next knockout of these tokens reuses it
                plainLnF_ = std::move(result);
                emit knockoutComparisonReady();
            });
}

void Workspace::setThreads(int threads) {
    options_.threads = std::max(0, threads);
    emit optionsChanged();
}

void Workspace::setAttentionBudget(int64_t bytes) {
    if (bytes == options_.attention_budget_bytes) return;
    options_.attention_budget_bytes = std::max<int64_t>(0, bytes);
    emit optionsChanged();
    runNow();
}

void Workspace::setActivationBudget(int64_t bytes) {
    if (bytes == options_.activation_budget_bytes) return;
    options_.activation_budget_bytes = std::max<int64_t>(0, bytes);
    emit optionsChanged();
    runNow();
}

void Workspace::setKvBudget(int64_t bytes) {
    if (bytes == options_.kv_budget_bytes) return;
    options_.kv_budget_bytes = std::max<int64_t>(0, bytes);
    emit optionsChanged();
    runNow();
}

void Workspace::setThumbnailPooling(bool rowNormalized, bool mean) {
    if (rowNormalized == options_.thumb_row_normalized && mean == options_.thumb_mean) return;
    options_.thumb_row_normalized = rowNormalized;
    options_.thumb_mean = mean;
    runNow();
}

int Workspace::threads() const {
    return options_.threads > 0 ? options_.threads : attnscope::default_thread_count();
}

void Workspace::setCropPolicy(session::CropPolicy p) {
    crop_ = p;
    runNow();
}

Selection Workspace::clampedToModel(Selection s) const {
    if (const attnscope::ModelConfig* cfg = doc_.config()) {
        s.layer = std::clamp(s.layer, 0, std::max(0, cfg->n_layer - 1));
        s.head = std::clamp(s.head, 0, std::max(0, cfg->n_head - 1));
    }
    return s;
}

void Workspace::setAttributionTarget(int id) {
    id = std::max(-1, id);
    if (id == attributionTarget_) return;
    attributionTarget_ = id;
    emit attributionTargetChanged(id);
}

void Workspace::setSelection(const Selection& wanted) {
    // A layer or head the open model lacks (a statistics row of the model
    // before, --head past this one) is clamped to it, as setDocument does;
    // while a model loads the choice waits for it, and setDocument clamps.
    const Selection s = loading_ && !dropLoad_ ? wanted : clampedToModel(wanted);
    if (s == selection_) return;
    selection_ = s;
    emit selectionChanged(selection_);
}

render::FigureData Workspace::figureData() const {
    render::FigureData d = session::figureData(doc_, trace_, tokens_.labels);
    d.threads = threads();
    return d;
}

void Workspace::setStale(bool stale) {
    if (stale == stale_) return;
    stale_ = stale;
    emit staleChanged(stale_);
}

