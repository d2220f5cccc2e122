#pragma once
// The GUI's one door into the core: it owns the document (model + tokenizer),
// the text, the run options and the shared selection; runs the model on a
// worker thread, debounced, cancelling stale runs; hands each finished Trace
// to the views as a shared_ptr<const Trace>.
#include <algorithm>
#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>
#include <QTimer>
#include <atomic>
#include <optional>
#include <memory>
#include <vector>

#include "attnscope/run/generate.h"
#include "session/tokenize.h"
#include "gui/workspace/selection.h"

class Workspace : public QObject {
    Q_OBJECT
public:
    struct RunResult {
        std::shared_ptr<const attnscope::Trace> trace;
        session::Tokenized tokens;
        QString error;          // translated text; empty on success
        bool cancelled = false;
        quint64 generation = 0;
        double ms = 0;
        // Knockouts naming a position past this text's tokens, left out of the run
        // (they apply again once the text reaches them).
        int knockoutsLeftOut = 0;
    };

    explicit Workspace(QObject* parent = nullptr);
    ~Workspace() override;

    // --- document ---
    // Opens a model (or a trace file, attnscope/trace_file.h) on a worker
    // thread; emits documentChanged or loadFailed.
    void openModel(const QString& path, const QString& tokenizerPath = {});
    void setDocument(session::Document doc);
    const session::Document& document() const { return doc_; }
    // Computes GGUF models as llama.cpp's CPU backend does (their products'
    // activations rounded first, attnscope::with_llama_cpp_rounding) rather
    // than exactly. It applies to the open model, keeping the text, the
    // selection, ablations and knockouts, and to every GGUF model opened
    // after; other models have nothing to round.
    void setLlamaCppRounding(bool on);
    bool llamaCppRounding() const { return llamaCppRounding_; }
    // Whether the open model has weights the setting rounds for.
    bool canRoundLikeLlamaCpp() const { return doc_.model.weights && doc_.model.weights->has_stored(); }
    bool hasModel() const { return bool(doc_.model.weights); }
    // A trace file is open in place of a model: its attention is shown and
    // nothing runs (no text, ablation or bidirectional switch applies).
    bool isTraceFile() const { return doc_.isTraceFile(); }
    // A load whose result will be dropped (a model made meanwhile) is not
    // shown as loading, unless another was asked for behind it.
    bool isLoading() const { return loading_ && (!dropLoad_ || pendingLoad_.has_value()); }

    // --- inputs ---
    void setText(const QString& text);
    QString text() const { return text_; }
    void setCausal(bool causal);
    // A trace file's own mask while one is open; the run option otherwise.
    bool causal() const { return isTraceFile() ? doc_.imported->causal : options_.causal; }
    void setAblated(const std::vector<attnscope::HeadRef>& heads);
    const std::vector<attnscope::HeadRef>& ablated() const { return options_.ablate; }
    // Attention knockouts (RunOptions::knockout): blocked query→key edges, run
    // live like ablations, kept for the session and cleared when another model
    // opens. addKnockout ignores one already there.
    void setKnockouts(const std::vector<attnscope::Knockout>& knockouts);
    void addKnockout(const attnscope::Knockout& k);
    void clearKnockouts() { setKnockouts({}); }
    const std::vector<attnscope::Knockout>& knockouts() const { return options_.knockout; }
    void setThreads(int threads);
    // Past this many bytes of attention maps a run keeps k and row statistics
    // (and q, within the activation budget) and rebuilds each head on demand
    // (RunOptions::attention_budget_bytes).
    void setAttentionBudget(int64_t bytes);
    // Past this many bytes of activations a run keeps k, v and each layer's
    // output, and a view's tensor is computed again from its layer's input
    // (RunOptions::activation_budget_bytes).
    void setActivationBudget(int64_t bytes);
    // Past the activation budget and this many bytes of keys and values, a
    // run keeps neither, and each layer's are computed again from its input
    // (RunOptions::kv_budget_bytes).
    void setKvBudget(int64_t bytes);
    // What the run's thumbnails pool and how (RunOptions::thumb_row_normalized,
    // thumb_mean); a change runs again, so the heads grid can draw from them.
    void setThumbnailPooling(bool rowNormalized, bool mean);
    int64_t attentionBudget() const { return options_.attention_budget_bytes; }
    int64_t activationBudget() const { return options_.activation_budget_bytes; }
    int64_t kvBudget() const { return options_.kv_budget_bytes; }
    // "This run holds about 1.2 GB. Its attention maps (3.4 GB) pass the 1 GB budget: …",
    // and the same of its activations when they pass theirs. `brief`: one
    // sentence for the status bar, where the whole was cut off mid-word in a
    // 1,400-pixel window (memoryEstimate); the notice under the text has it all.
    static QString estimateText(const attnscope::TraceEstimate& e, const attnscope::RunOptions& options,
                                bool brief = false);
    int threads() const;
    void setCropPolicy(session::CropPolicy p);
    session::CropPolicy cropPolicy() const { return crop_; }
    // How long an edit waits for the next before its run starts, when the
    // run is expected to be slow (60 ms by default). A run expected to take
    // under kQuickRunMs starts at once, after the key's own events: waiting
    // would cost more than the run, and the next key cancels it anyway.
    void setDebounceMs(int ms) { debounceMs_ = std::max(0, ms); }
    int debounceMs() const { return debounceMs_; }
    static constexpr double kQuickRunMs = 150;
    // The wait the next edit gets: 0 when the last run took under
    // quickRunMs() (and one has completed), else debounceMs().
    int nextDebounceMs() const;
    // kQuickRunMs by default; 0: every edit waits debounceMs() (for
    // attnscope-bench-ui --app --quick-run-ms 0, to compare).
    void setQuickRunMs(double ms) { quickRunMs_ = std::max(0.0, ms); }
    double quickRunMs() const { return quickRunMs_; }

    // --- results ---
    std::shared_ptr<const attnscope::Trace> trace() const { return trace_; }
    const session::Tokenized& tokens() const { return tokens_; }
    render::FigureData figureData() const;
    double lastRunMs() const { return lastMs_; }
    // About how long a run of every row of trace() takes, in ms, for
    // estimates (the ablation scan's): the last run that computed at least
    // half its rows, scaled up by the rows it kept, while the text is within
    // a tenth of that run's length; else 0 (and for a trace file).
    double fullRunMs() const { return fullMs_; }
    // For trace() when it has knockouts: the final norm output (T, C) of its
    // tokens run without them, so the prediction they changed can be shown; null
    // without knockouts and until it is known. T x C floats, not a second trace:
    // the first knockout keeps a copy of the plain trace's ln_f on screen, so
    // adding knockouts to the same text costs no run; after an edit it is computed on a worker
    // once the knocked-out trace is shown (Model::ln_f_without_knockouts), and
    // knockoutComparisonReady follows.
    std::shared_ptr<const attnscope::Tensor> lnFWithoutKnockouts() const { return lnFWithout_; }
    bool isComparingKnockouts() const { return comparer_.isRunning(); }
    // Traces the Workspace keeps for reuse (the one shown and at most one spare).
    int pooledTraces() const { return int(pool_.size()); }
    // Rows of a run that cost about as much as copying a whole trace (a full
    // run's time per row against a copy's, at 1,000 and 8,192 tokens):
    // past this many more rows on screen than in the spare, the run starts
    // from a copy of the trace on screen.
    static constexpr int kCopyRatherThanRun = 64;
    bool isRunning() const { return running_; }
    // The last run was cancelled or refused: the trace shown is older than the
    // text and options. False again once a run succeeds.
    bool isStale() const { return stale_; }

    // --- generation (workspace_generate.cpp) ---
    // The model continues the text shown (its tokens) on the run thread, a
    // token at a time. The tokens' text comes out through tokenGenerated (the
    // first token at once, then a frame's worth at a time, `step` the count
    // so far), the views get a snapshot of the trace at most every kFrameMs,
    // and at the end the trace of every token. Esc (cancel) or
    // stopGenerating ends it.
    struct Generation {
        std::vector<int> prompt;                   // the ids it continued
        std::vector<int> ids;                      // the new ids so far
        std::vector<attnscope::SampledToken> steps;
        attnscope::SamplingOptions sampling;
        attnscope::StopReason stop = attnscope::StopReason::MaxNew;
        bool running = false;
        double tokensPerSecond = 0;
        bool empty() const { return prompt.empty(); }
    };
    static constexpr int kFrameMs = 70;
    void startGenerating(attnscope::GenerateOptions options);
    void stopGenerating();
    bool isGenerating() const { return generation_state_.running; }
    const Generation& generation() const { return generation_state_; }
    // Shows the run as it was when token k (1…N) was chosen: the prompt and
    // the first k − 1 new tokens, the query on the last of them (a causal
    // run's first rows are those of the whole: one row is computed again).
    // 0: the prompt alone; N + 1 (or -1): every token.
    void showGenerationStep(int k);
    int generationStep() const { return generationStep_; }
    // Forgets the generation (an edit of the text does): its colours and
    // steps go, and the text is tokenized again.
    void clearGeneration();

    // --- selection ---
    const Selection& selection() const { return selection_; }
    void setSelection(const Selection& s);
    // The token whose logit the attributions explain (-1: the next token of
    // the text, or the top prediction at the last position). Chosen in the
    // Predictions panel; a new document resets it.
    void setAttributionTarget(int id);
    int attributionTarget() const { return attributionTarget_; }

public slots:
    void cancel();
    void runNow();

signals:
    void documentChanged();
    void loadFailed(const QString& path, const QString& message);
    // The tokenizer chosen for the model could not be read; the model opened
    // without it (and tokenizerMissing follows).
    void tokenizerFailed(const QString& tokenizerPath, const QString& message);
    void loadingChanged(bool loading);
    // No tokenizer was found beside the model; `looked` lists where we looked.
    void tokenizerMissing(const QString& modelPath, const QStringList& looked);
    void traceReady(std::shared_ptr<const attnscope::Trace> trace);
    void runFailed(const QString& message);
    void runningChanged(bool running);
    // Shown after 200 ms of a run, hidden when it ends.
    void longRunStarted();
    void progress(int done, int total);
    void notice(const QString& message);  // e.g. "text cropped to the last 256 tokens"
    // Before a run's forward pass: what its trace will hold, when its attention
    // maps pass the budget (they are then rebuilt on demand, not stored).
    void memoryEstimate(const QString& message);
    void selectionChanged(const Selection& s);
    void attributionTargetChanged(int id);
    void generationStarted();
    // Token `step` (1-based) was chosen; `continuation` is the text of every
    // new token so far (the editor shows the prompt's text, then it).
    void tokenGenerated(int step, const QString& continuation);
    void generationFinished(attnscope::StopReason stop);
    void generationStepChanged(int step);
    void generationCleared();
    void optionsChanged();
    void staleChanged(bool stale);
    // lnFWithoutKnockouts() is now known for trace().
    void knockoutComparisonReady();

private:
    // `s` with its layer and head within the open model (unchanged with none open).
    Selection clampedToModel(Selection s) const;
    // The runs (workspace_run.cpp).
    void schedule();
    void startRun();
    void finishRun();
    std::shared_ptr<attnscope::Trace> recycledTrace();

    session::Document doc_;
    bool llamaCppRounding_ = false;
    QString text_;
    attnscope::RunOptions options_;
    session::CropPolicy crop_ = session::CropPolicy::KeepLast;

    QTimer debounce_;
    int debounceMs_ = 60;
    double quickRunMs_ = kQuickRunMs;
    QTimer longRun_;
    // The runs' own thread: on the shared pool (two threads on two cores) a
    // key's run queued behind the views' long work (the losses of 8,100
    // positions, head statistics, an ablation scan) and waited seconds.
    QThreadPool runPool_;
    QFutureWatcher<RunResult> watcher_;
    struct LoadResult {
        session::Document doc;
        QString error;           // translated; empty on success
        QString tokenizerError;  // the chosen tokenizer failed; the model opened without it
    };
    QFutureWatcher<LoadResult> loader_;
    QString loadingPath_, loadingTokenizer_;
    std::optional<std::pair<QString, QString>> pendingLoad_;
    std::shared_ptr<std::atomic<bool>> cancel_;
    quint64 generation_ = 0;
    bool running_ = false;
    int estimateSaid_ = 0;  // the budgets passed (bits) the status bar last told of, for this model
    bool pending_ = false;
    bool loading_ = false;
    bool dropLoad_ = false;  // the load in flight was superseded by setDocument: its result is dropped
    bool stale_ = false;
    void setStale(bool stale);

    std::shared_ptr<const attnscope::Trace> trace_;
    session::Tokenized tokens_;
    std::shared_ptr<const attnscope::Tensor> lnFWithout_;
    // ln_f without knockouts, and what it was run on: reused while these match.
    struct PlainKey {
        const attnscope::Weights* weights = nullptr;
        std::vector<int> tokens;
        bool causal = true;
        std::vector<attnscope::HeadRef> ablated;
        bool operator==(const PlainKey&) const = default;
    };
    static PlainKey plainKey(const attnscope::Trace& t);
    PlainKey plainKey_;
    std::shared_ptr<const attnscope::Tensor> plainLnF_;
    void compareKnockouts();
    QFutureWatcher<std::shared_ptr<const attnscope::Tensor>> comparer_;
    std::shared_ptr<std::atomic<bool>> compareCancel_;
    quint64 compareGeneration_ = 0;
    double lastMs_ = 0;
    double fullMs_ = 0;  // fullRunMs(), for fullT_ tokens
    int fullT_ = 0;
    // Traces no view holds any more are reused: their buffers are not
    // reallocated, and a causal run keeps their rows before the first changed
    // token (an incremental run). The one on screen and one spare.
    static constexpr size_t kPooledTraces = 2;
    std::vector<std::shared_ptr<attnscope::Trace>> pool_;
    Selection selection_;
    int attributionTarget_ = -1;

    // Generation: the run thread's loop, and the ids the runs read instead of
    // the text while a generation's tokens are shown (they need not tokenize
    // back to the same ids).
    Generation generation_state_;
    std::optional<std::vector<int>> idsOverride_;
    QString generatedText_;  // the text the editor shows for them
    int generationStep_ = -1;
    std::shared_ptr<std::atomic<bool>> generationCancel_;
    std::shared_ptr<std::atomic<bool>> frameTaken_;  // the GUI took the last snapshot
    QFutureWatcher<std::shared_ptr<attnscope::Trace>> generator_;
    // While generating, the GUI thread borrows a core whenever it is awake
    // (attnscope/run/threads.h): from its first event to its event loop's
    // next wait.
    std::unique_ptr<QObject> coreLender_;
    void lendCoresWhileAwake(bool on);
    void generationDone();
    void showSnapshot(std::shared_ptr<attnscope::Trace> snapshot);
};
