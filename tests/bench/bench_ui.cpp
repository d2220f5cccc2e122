// attnscope-bench-ui: how long one keystroke costs, from the edit to the pixels
// of the view in sight: re-running the model and redrawing the view (heads grid
// by default; every view is timed too) into offscreen images the size they have
// in a 1280x860 window. A benchmark, not a test: it prints numbers, the 16.7 ms
// frame budget, and a baseline measured in the same run (a full re-run per key).
//
//   QT_QPA_PLATFORM=offscreen build/release/tests/attnscope-bench-ui
//       [--model PATH | --random SPEC] [--tokens N] [--edit append|type] [--iterations N]
//       [--attention-budget-mb MB] [--activation-budget-mb MB] [--kv-budget-mb MB]
//       [--app [--pause-ms MS] [--quick-run-ms MS] | --open-heads N | --generate N]
//
// --edit append types one token and deletes it again, key after key, into two
// traces used in turn, as the app's Workspace does: each run keeps the rows
// before the edit (an incremental run). --edit type types a new token at every
// key, so the text grows to T tokens and each trace, two keys behind, grows by
// two rows per run (stored attention maps move to their new row length).
// Without --edit every key re-runs all T rows. --attention-budget-mb,
// --activation-budget-mb and --kv-budget-mb as in the app's Run menu (default
// 256, 256 and 512).
//
// --app measures the app itself instead: a MainWindow on screen (offscreen
// platform) and its Workspace, T tokens of text, then `iterations` characters
// typed at the end one at a time, each waited for until its trace is shown
// (the app's own debounce: none while runs are quick, Workspace::nextDebounceMs)
// and then until the heads grid has painted it, then as many
// Backspaces. It prints the median key to trace shown and to the grid's
// pixels (and the slowest Backspace) and the process's peak
// resident memory: the weights, the trace on screen, the Workspace's spare
// and every view. --pause-ms waits that long, the event loop running, before
// each key, as a person typing does (0 by default: key after key); the wait
// is not timed. --quick-run-ms sets Workspace::setQuickRunMs (0: every key
// waits the 60 ms debounce, as the app did before 2026-12-02).
//
// --generate N measures generation in the app: N new tokens (greedy, past
// end-of-text) after T tokens of text, by a Workspace with no window (the
// baseline, in the same run) and with the window on screen showing the heads
// grid, after one generation not counted, in the order A B B A, and by the
// core's own loop before and after them. It prints the speeds, the cost of
// the views (in speed, and in processor time on every thread), and how many
// frames a second the grid painted with a newer trace (the goals: at least
// 10 frames a second, at most 20% slower).
#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QPlainTextEdit>
#include <QTextCursor>
#include <QTimer>
#include <QImage>
#include <QPainter>
#include <QStandardPaths>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>
#include <memory>
#include <vector>

#include "attnscope/model/config.h"
#include "attnscope/run/generate.h"
#include "attnscope/run/model.h"
#include "gui/views/heads_grid_view.h"
#include "gui/panels/predictions_panel.h"
#include "gui/window/main_window.h"
#include "gui/common/process_memory.h"
#include "render/figures/shape_flow_figure.h"
#include "render/figures/heads_grid_figure.h"
#include "render/figures/head_figure.h"
#include "render/figures/token_lines_figure.h"
#include "render/figures/query_bars_figure.h"
#include "session/openmp_waiting.h"
#include "session/tokenize.h"
#include "gui/workspace/view_settings.h"
#include "gui/workspace/workspace.h"

namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

QString option(const QStringList& args, const QString& name, const QString& fallback = {}) {
    const int i = int(args.indexOf(name));
    return i >= 0 && i + 1 < args.size() ? args[i + 1] : fallback;
}

// The process's peak resident memory (VmHWM), in MB.
double peakRssMb() {
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly)) return 0;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith("VmHWM:")) return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0;
    return 0;
}

// --generate: N new tokens with no window and with the heads grid in sight,
// after one generation not counted.
int benchGenerate(const session::Document& doc, const QString& text, int newTokens) {
    attnscope::GenerateOptions o;
    o.max_new = newTokens;
    o.ignore_eos = true;
    const auto waitFor = [](Workspace& ws, auto signal) {
        QEventLoop loop;
        QObject::connect(&ws, signal, &loop, &QEventLoop::quit);
        QTimer::singleShot(600000, &loop, &QEventLoop::quit);
        loop.exec();
    };
    struct Result {
        double tokensPerS = 0, framesPerS = 0, guiMsPerFrame = 0;
        double cpuS = 0;  // the process's processor time, every thread
        int T = 0, made = 0, frames = 0;
        std::vector<int> prompt;
    };
    const auto cpuNs = [](clockid_t clock) {
        timespec ts{};
        clock_gettime(clock, &ts);
        return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
    };
    const auto threadCpuNs = [&] { return cpuNs(CLOCK_THREAD_CPUTIME_ID); };
    const auto run = [&](bool window) {
        Workspace ws;
        ws.setDebounceMs(0);
        std::unique_ptr<MainWindow> w;
        if (window) {
            w = std::make_unique<MainWindow>(&ws);
            w->resize(1280, 860);
            w->show();
            w->showView(QStringLiteral("heads"));
        }
        ws.setDocument(doc);
        ws.setText(text);
        do waitFor(ws, &Workspace::traceReady);
        while (ws.isRunning());
        // As a person would, generate once the prompt is analysed: the views'
        // work on the prompt (its prediction, every token's loss, the grid)
        // is not the generation's.
        const auto settle = [](int ms) {
            QEventLoop loop;
            QTimer::singleShot(ms, &loop, &QEventLoop::quit);
            loop.exec();
        };
        if (window)
            for (int waited = 0; (w->predictions()->isBusy() || w->headsGrid()->isBuilding()) && waited < 60000; waited += 50)
                settle(50);
        settle(200);
        Result r;
        r.T = ws.trace()->T();
        r.prompt = ws.trace()->tokens;
        // Frames: paints of the grid that show a newer trace than the last.
        int frames = 0;
        int paintedT = -1;  // the rows of the trace last painted (a snapshot's memory is reused)
        struct Counter : QObject {
            std::function<void()> onPaint;
            bool eventFilter(QObject* o, QEvent* e) override {
                if (e->type() == QEvent::Paint) onPaint();
                return QObject::eventFilter(o, e);
            }
        } counter;
        if (window) {
            counter.onPaint = [&] {
                const auto* f = w->headsGrid()->figure();
                if (f && f->trace() && f->trace()->T() != paintedT && ws.isGenerating()) {
                    paintedT = f->trace()->T();
                    ++frames;
                }
            };
            w->headsGrid()->installEventFilter(&counter);
            for (QWidget* child : w->headsGrid()->findChildren<QWidget*>()) child->installEventFilter(&counter);
        }
        QElapsedTimer t;
        t.start();
        const double cpu0 = threadCpuNs(), all0 = cpuNs(CLOCK_PROCESS_CPUTIME_ID);
        ws.startGenerating(o);
        waitFor(ws, &Workspace::generationFinished);
        const double s = double(t.nsecsElapsed()) / 1e9;
        r.cpuS = (cpuNs(CLOCK_PROCESS_CPUTIME_ID) - all0) / 1e9;
        r.frames = frames;
        r.guiMsPerFrame = frames > 0 ? (threadCpuNs() - cpu0) / 1e6 / frames : 0;
        r.made = int(ws.generation().ids.size());
        r.tokensPerS = r.made / s;
        r.framesPerS = frames / s;
        return r;
    };
    // The first generation of a process runs on cold threads and pages,
    // slower than the next with nothing else changed: it is run first and not
    // counted. Then the two kinds alternate (A B B A), so a drift of the
    // machine over the minute weighs on both alike.
    // The core's own loop on the same prompt, weights and threads, into a
    // fresh trace as each Workspace's generation has: what the app adds with
    // no window at all (the snapshots for the views, the tokens posted to the
    // GUI thread).
    const auto core = [&](const std::vector<int>& prompt) {
        const attnscope::Model model(doc.model.weights);
        attnscope::Trace trace;
        model.run(prompt, o.run, trace);
        QElapsedTimer t;
        t.start();
        const attnscope::Generation g = attnscope::generate(model, prompt, o, trace);
        return double(g.ids.size()) / (double(t.nsecsElapsed()) / 1e9);
    };
    const std::vector<int> prompt = run(false).prompt;
    const double c1 = core(prompt);
    const Result a1 = run(false), s1 = run(true), s2 = run(true), a2 = run(false);
    const double c2 = core(prompt);
    const double alone = (a1.tokensPerS + a2.tokensPerS) / 2, shown = (s1.tokensPerS + s2.tokensPerS) / 2;
    const double coreAlone = (c1 + c2) / 2;
    // What the views cost on every thread (the GUI's and the workers'), from
    // the processor time a token takes with and without them.
    const double cpuPerTokenAlone = (a1.cpuS + a2.cpuS) / (a1.made + a2.made);
    const double viewsMsPerFrame = 1e3 * ((s1.cpuS + s2.cpuS) - cpuPerTokenAlone * (s1.made + s2.made)) /
                                   std::max(1, s1.frames + s2.frames);
    const auto& cfg = doc.model.weights->config;
    std::printf("AttnScope generation in the app: %d layers x %d heads, C=%d, %d prompt tokens, %d new (greedy)\n",
                cfg.n_layer, cfg.n_head, cfg.n_embed, a1.T, a1.made);
    std::printf("  core loop alone            %7.1f tokens/s  (runs 1 and 6: %.1f, %.1f; attnscope::generate, no Workspace)\n",
                coreAlone, c1, c2);
    std::printf("  no window (baseline)       %7.1f tokens/s  (runs 2 and 5: %.1f, %.1f; %.0f%% below the core loop alone)\n",
                alone, a1.tokensPerS, a2.tokensPerS, 100.0 * (1 - alone / coreAlone));
    std::printf("  heads grid in sight        %7.1f tokens/s  (runs 3 and 4: %.1f, %.1f; %.0f%% slower; goal at most 20%%;"
                " %.0f%% below the core loop alone)\n",
                shown, s1.tokensPerS, s2.tokensPerS, 100.0 * (1 - shown / alone), 100.0 * (1 - shown / coreAlone));
    std::printf("  grid frames with new rows  %7.1f a second  (goal at least 10; GUI thread %.1f ms of CPU a frame,"
                " every thread %.1f ms more a frame than with no window)\n",
                (s1.framesPerS + s2.framesPerS) / 2, (s1.guiMsPerFrame + s2.guiMsPerFrame) / 2, viewsMsPerFrame);
    std::printf("  peak resident memory       %7.0f MB\n", peakRssMb());
    return 0;
}

// --app: the real window and Workspace, typing at the end of `text`.
int benchApp(session::Document doc, const QString& text, int iterations, const attnscope::RunOptions& opt,
             int pauseMs, double quickRunMs) {
    Workspace ws;  // the app's own debounce: a key waits for none while runs are quick
    if (quickRunMs >= 0) ws.setQuickRunMs(quickRunMs);
    MainWindow w(&ws);
    // After the window, which sets the budgets remembered in the settings.
    ws.setAttentionBudget(opt.attention_budget_bytes);
    ws.setActivationBudget(opt.activation_budget_bytes);
    ws.setKvBudget(opt.kv_budget_bytes);
    w.resize(1280, 860);
    w.show();
    ws.setDocument(std::move(doc));
    auto waitForTrace = [&] {
        QEventLoop loop;
        QObject::connect(&ws, &Workspace::traceReady, &loop, &QEventLoop::quit);
        QTimer::singleShot(120000, &loop, &QEventLoop::quit);
        loop.exec();
    };
    w.editor()->setPlainText(text);
    // The text's own run: the document's first run (of the old text) may
    // report first.
    do waitForTrace();
    while (ws.isRunning());
    const int T = ws.trace() ? ws.trace()->T() : 0;
    // Then until the heads grid, the view in sight, holds a figure of that
    // trace (built on a worker past 4 million cells) and the window has
    // painted it: the key's pixels.
    HeadsGridView* grid = w.headsGrid();
    bool gridLate = false;
    const auto waitForGrid = [&] {
        QElapsedTimer limit;
        limit.start();
        while (!(grid->figure() && grid->figure()->trace() == ws.trace().get())) {
            if (limit.elapsed() > 30000) {
                gridLate = true;
                break;
            }
            QApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
        }
        QApplication::processEvents();  // its repaint
    };
    // One key at the end of the text (a character typed, or a Backspace),
    // after the pause: ms to its trace shown and to the grid's pixels.
    struct KeyTimes {
        double shown, pixels;
    };
    const auto press = [&](bool type) {
        if (pauseMs > 0) {
            QEventLoop loop;
            QTimer::singleShot(pauseMs, &loop, &QEventLoop::quit);
            loop.exec();
        }
        QElapsedTimer t;
        t.start();
        QTextCursor c = w.editor()->textCursor();
        c.movePosition(QTextCursor::End);
        if (type) c.insertText(QStringLiteral("e"));
        else c.deletePreviousChar();
        waitForTrace();
        QApplication::processEvents();  // the views' repaint of the new trace
        const double shown = double(t.nsecsElapsed()) / 1e6;
        waitForGrid();
        return KeyTimes{shown, double(t.nsecsElapsed()) / 1e6};
    };
    std::vector<double> keyMs, runMs, pixelMs;
    for (int i = 0; i < iterations; ++i) {
        const KeyTimes k = press(true);
        keyMs.push_back(k.shown);
        runMs.push_back(ws.lastRunMs());
        pixelMs.push_back(k.pixels);
    }
    const int typedT = ws.trace()->T();
    // Then as many Backspaces: a text typed past a thumbnail width (--tokens
    // 4096 at GPT-2-small size) and deleted back below it.
    std::vector<double> deleteMs;
    for (int i = 0; i < iterations; ++i) deleteMs.push_back(press(false).shown);
    const auto& cfg = ws.trace()->config;
    std::printf("AttnScope app benchmark: %d layers x %d heads, C=%d, T=%d to %d, %d keys typed %d ms apart, %d threads\n",
                cfg.n_layer, cfg.n_head, cfg.n_embed, T, typedT, iterations, std::max(pauseMs, 0),
                attnscope::default_thread_count());
    std::printf("  the app's debounce before the next key's run: %d ms (%d ms while runs are slow)\n",
                ws.nextDebounceMs(), ws.debounceMs());
    std::printf("  key to trace shown              median %8.2f ms   slowest after the first %8.2f ms\n", median(keyMs),
                keyMs.size() > 1 ? *std::max_element(keyMs.begin() + 1, keyMs.end()) : 0.0);
    std::printf("    the first key, after the text's full run %8.2f ms (its run %.2f ms)\n", keyMs.empty() ? 0.0 : keyMs.front(),
                runMs.empty() ? 0.0 : runMs.front());
    // The views' first work on the text (losses, head statistics) runs
    // beside the first keys; the second half is typing once it is done.
    std::printf("    the second half of the keys   median %8.2f ms\n",
                median(std::vector<double>(keyMs.begin() + std::ptrdiff_t(keyMs.size() / 2), keyMs.end())));
    std::printf("    of which the run (tokenizing included) median %8.2f ms\n", median(runMs));
    std::printf("  key to the heads grid painted   median %8.2f ms   slowest after the first %8.2f ms%s\n",
                median(pixelMs), pixelMs.size() > 1 ? *std::max_element(pixelMs.begin() + 1, pixelMs.end()) : 0.0,
                gridLate ? " (the grid did not show some keys' traces within 30 s)" : "");
    std::printf("  Backspace to trace shown        median %8.2f ms   slowest %8.2f ms (back to %d tokens)\n",
                median(deleteMs), deleteMs.empty() ? 0.0 : *std::max_element(deleteMs.begin(), deleteMs.end()),
                ws.trace()->T());
    std::printf("  trace on screen                        %8.1f MB (activations %s, attention maps %s)\n",
                double(ws.trace()->bytes()) / (1024.0 * 1024.0), ws.trace()->activations_kept ? "kept" : "rebuilt",
                ws.trace()->weights_dense ? "kept" : "rebuilt");
    std::printf("  peak resident memory                   %8.1f MB\n", peakRssMb());
    return 0;
}

// --open-heads: one run, then N heads opened in the head detail and zoomed in.
int benchOpenHeads(const attnscope::Model& model, const std::vector<int>& ids, const QStringList& labels,
                   const attnscope::RunOptions& opt, const render::Style& style, const session::Document& doc, int n) {
    auto trace = std::make_shared<attnscope::Trace>();
    QElapsedTimer t;
    t.start();
    model.run(ids, opt, *trace);
    const double runMs = double(t.nsecsElapsed()) / 1e6;
    const render::FigureData data = session::figureData(doc, trace, labels);
    const auto& cfg = trace->config;
    QImage img(980, 560, QImage::Format_ARGB32_Premultiplied);
    std::vector<double> openMs, zoomMs;
    for (int i = 0; i < n; ++i) {
        const int layer = (i * 5 + 3) % cfg.n_layer, head = (i * 7 + 1) % cfg.n_head;
        t.restart();
        render::HeadFigure f(data, layer, head, render::MatrixKind::Weights, style);
        {
            QPainter p(&img);
            f.paintViewport(p, QRectF(img.rect()), {});
        }
        openMs.push_back(double(t.nsecsElapsed()) / 1e6);
        // Zoomed 16x onto the bottom right corner: the last rows' cells, one by one.
        render::MatrixFigure::Viewport v;
        v.zoom = 16;
        const QRectF h = f.heatmapRect(QRectF(img.rect()));
        v.pan = f.clampPan(QRectF(img.rect()), v.zoom, QPointF(-1e9, -1e9));
        t.restart();
        {
            QPainter p(&img);
            f.paintViewport(p, QRectF(img.rect()), v);
        }
        zoomMs.push_back(double(t.nsecsElapsed()) / 1e6);
        if (i == 0)
            std::printf("  (a %.0f x %.0f heatmap, pooled blocks of %d, zoomed: %d x %d cells read again)\n", h.width(),
                        h.height(), f.block(), f.detail().r1 - f.detail().r0, f.detail().c1 - f.detail().c0);
    }
    std::printf("AttnScope head detail benchmark: %d layers x %d heads, C=%d, T=%d, %d heads opened, %d threads\n",
                cfg.n_layer, cfg.n_head, cfg.n_embed, trace->T(), n, attnscope::default_thread_count());
    std::printf("  model run                              %8.1f ms (attention maps %s, activations %s, k and v %s)\n",
                runMs, trace->weights_dense ? "kept" : "rebuilt", trace->activations_kept ? "kept" : "rebuilt",
                trace->kv_kept ? "kept" : "rebuilt");
    std::printf("  open a head in detail           median %8.1f ms   slowest %8.1f ms\n", median(openMs),
                *std::max_element(openMs.begin(), openMs.end()));
    std::printf("  zoomed 16x, cells in view       median %8.1f ms   slowest %8.1f ms\n", median(zoomMs),
                *std::max_element(zoomMs.begin(), zoomMs.end()));
    std::printf("  each head opened, in order (ms):");
    for (const double ms : openMs) std::printf(" %.0f", ms);
    std::printf("\n");
    std::printf("  trace                                  %8.1f MB\n", double(trace->bytes()) / (1024.0 * 1024.0));
    std::printf("  peak resident memory                   %8.1f MB\n", peakRssMb());
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    session::chooseOpenMpWaiting(argv);  // as the app does: a short spin, or a busy machine costs 17x
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    tuneMalloc();  // as the app does
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    const QStringList args = app.arguments();
    const int iterations = std::max(3, option(args, "--iterations", "100").toInt());
    const bool typing = option(args, "--edit") == "type";
    const bool incremental = typing || option(args, "--edit") == "append";
    if (args.contains("--edit") && !incremental) {
        std::fprintf(stderr, "attnscope-bench-ui: --edit takes append or type\n");
        return 2;
    }

    session::Document doc;
    try {
        if (args.contains("--random")) {
            uint64_t seed = 0;
            doc = session::randomDocument(attnscope::ModelConfig::parse_spec(option(args, "--random").toStdString(), &seed), seed);
        } else {
            doc = session::openDocument(option(args, "--model"));
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "attnscope-bench-ui: %s\n", e.what());
        return 1;
    }
    const auto& cfg = doc.model.weights->config;
    const int T = std::clamp(option(args, "--tokens", "64").toInt(), typing ? iterations + 3 : 1, cfg.context_length - 1);
    // T tokens of text (a passage repeated), or ids spread over the vocabulary.
    std::vector<int> ids;
    QStringList labels;
    if (doc.tokenizer) {
        QString text;
        session::Tokenized tok;
        while (int(tok.ids.size()) < T + 1) {
            text += QStringLiteral("ROMEO:\nWhat light is this that breaks upon the night?\nSpeak once again, "
                                   "and let me hear thy voice.\n");
            tok = session::tokenize(doc, text, session::CropPolicy::KeepLast);
            if (tok.ids.empty()) break;
        }
        ids = tok.ids;
        labels = tok.labels;
    }
    if (int(ids.size()) < T + 1) {
        ids.clear();
        labels.clear();
        for (int i = 0; i <= T; ++i) {
            ids.push_back(int((int64_t(i) * 7919 + 13) % cfg.vocab_size));
            labels << QString::number(ids.back());
        }
    }
    // Key presses alternate between T tokens and T + 1 (one typed, then deleted).
    const std::vector<std::vector<int>> keys = {std::vector<int>(ids.begin(), ids.begin() + T),
                                                std::vector<int>(ids.begin(), ids.begin() + T + 1)};
    const QStringList keyLabels[] = {labels.mid(0, T), labels.mid(0, T + 1)};
    if (args.contains("--generate")) {
        QString text;
        while (int(session::tokenize(doc, text, session::CropPolicy::KeepLast).ids.size()) < T)
            text += QStringLiteral("ROMEO:\nWhat light is this that breaks upon the night?\n");
        return benchGenerate(doc, text, std::max(1, option(args, "--generate", "64").toInt()));
    }
    if (args.contains("--app")) {
        attnscope::RunOptions opt;
        opt.attention_budget_bytes = int64_t(std::max(0, option(args, "--attention-budget-mb", "256").toInt())) << 20;
        opt.activation_budget_bytes = int64_t(std::max(0, option(args, "--activation-budget-mb", "256").toInt())) << 20;
        opt.kv_budget_bytes = int64_t(std::max(0, option(args, "--kv-budget-mb", "512").toInt())) << 20;
        // The passage repeated and cut to T tokens (the longest prefix that has at most T).
        const QString passage = QStringLiteral("ROMEO:\nWhat light is this that breaks upon the night?\nSpeak once "
                                               "again, and let me hear thy voice.\n");
        QString text;
        const auto count = [&](const QString& s) { return int(session::tokenize(doc, s, session::CropPolicy::KeepLast).ids.size()); };
        while (count(text) < T && text.size() < 64 * T) text += passage;
        qsizetype lo = 0, hi = text.size();
        while (lo < hi) {
            const qsizetype mid = (lo + hi + 1) / 2;
            if (count(text.left(mid)) <= T) lo = mid;
            else hi = mid - 1;
        }
        text.truncate(lo);
        return benchApp(std::move(doc), text, iterations, opt, option(args, "--pause-ms", "0").toInt(),
                        option(args, "--quick-run-ms", "-1").toDouble());
    }
    const attnscope::Model model(doc.model.weights);
    ViewSettings settings;
    const render::Style style = settings.style();

    // Image sizes of the views in a 1280x860 window (device pixel ratio 1).
    QImage grid(980, 470, QImage::Format_ARGB32_Premultiplied), detail(980, 330, QImage::Format_ARGB32_Premultiplied),
        row(980, 150, QImage::Format_ARGB32_Premultiplied), mask(980, 470, QImage::Format_ARGB32_Premultiplied),
        flow(680, 470, QImage::Format_ARGB32_Premultiplied), lines(980, 470, QImage::Format_ARGB32_Premultiplied);
    auto draw = [](QImage& img, const render::Figure& f) {
        QPainter p(&img);
        f.paint(p, QRectF(img.rect()));
    };

    std::vector<double> runMs, gridMs, visibleMs, fullRunMs;
    std::vector<std::vector<double>> perView(6);
    attnscope::Trace traces[2];  // used in turn, as the Workspace's spare trace
    attnscope::RunOptions opt;
    opt.incremental = incremental;
    opt.attention_budget_bytes = int64_t(std::max(0, option(args, "--attention-budget-mb", "256").toInt())) << 20;
    opt.activation_budget_bytes = int64_t(std::max(0, option(args, "--activation-budget-mb", "256").toInt())) << 20;
    opt.kv_budget_bytes = int64_t(std::max(0, option(args, "--kv-budget-mb", "512").toInt())) << 20;
    if (args.contains("--open-heads"))
        return benchOpenHeads(model, keys[0], keyLabels[0], opt, style, doc,
                              std::max(1, option(args, "--open-heads", "8").toInt()));
    for (int it = 0; it < iterations + 2; ++it) {
        const int k = it % 2;
        QElapsedTimer t;
        // Typing: key `it` holds T - (iterations + 1 - it) tokens, the last key T.
        const int typed = T - (iterations + 1 - it);
        const std::vector<int> key = typing ? std::vector<int>(ids.begin(), ids.begin() + typed) : keys[size_t(k)];
        const QStringList keyLabel = typing ? labels.mid(0, typed) : keyLabels[k];
        t.start();
        model.run(key, opt, traces[k]);
        const double run = double(t.nsecsElapsed()) / 1e6;
        // A shared_ptr view of the reused trace, as the Workspace hands out.
        const std::shared_ptr<const attnscope::Trace> trace(&traces[k], [](const attnscope::Trace*) {});
        const render::FigureData data = session::figureData(doc, trace, keyLabel);
        const int layer = std::min(1, cfg.n_layer - 1), head = std::min(2, cfg.n_head - 1);
        // Each view: build its figure from the trace, then paint it.
        auto timed = [&](int i, auto&& make, QImage& img) {
            const qint64 t0 = t.nsecsElapsed();
            draw(img, make());
            const double ms = double(t.nsecsElapsed() - t0) / 1e6;
            if (it >= 2) perView[size_t(i)].push_back(ms);
            return ms;
        };
        const double gridDraw = timed(0, [&] { return render::HeadsGridFigure(data, style); }, grid);
        timed(1, [&] { return render::HeadFigure(data, layer, head, render::MatrixKind::Weights, style); }, detail);
        timed(2, [&] { return render::QueryBarsFigure(data, layer, head, trace->T() - 1, style); }, row);
        timed(3, [&] { return render::HeadFigure(data, 0, 0, render::MatrixKind::Mask, style); }, mask);
        timed(4, [&] { return render::ShapeFlowFigure(data, layer, head, style); }, flow);
        // The token lines as the app shows them: a window of the rows that
        // fit at 16 px each (TokenLinesView::placeWindow), at the query.
        timed(5, [&] {
            render::TokenLinesFigure f(data, layer, {head}, style);
            const int fit = std::max(4, lines.height() / 16 - 3);
            f.setWindow(trace->T() - fit, fit);
            return f;
        }, lines);
        // The baseline in the same run: the same key as a full run.
        attnscope::RunOptions full = opt;
        full.incremental = false;
        QElapsedTimer f;
        f.start();
        static attnscope::Trace scratch;
        model.run(key, full, scratch);
        if (it < 2) continue;  // warm-up
        fullRunMs.push_back(double(f.nsecsElapsed()) / 1e6);
        runMs.push_back(run);
        gridMs.push_back(gridDraw);
        visibleMs.push_back(run + gridDraw);
    }
    std::printf("AttnScope UI benchmark: %d layers x %d heads, C=%d, T=%d (+1), %s, %d iterations, %d threads\n",
                cfg.n_layer, cfg.n_head, cfg.n_embed, T, typing ? "--edit type (incremental runs, growing)" : incremental ? "--edit append (incremental runs)" : "full runs",
                iterations, attnscope::default_thread_count());
    std::printf("  model run per key               median %8.2f ms\n", median(runMs));
    std::printf("  full run (baseline, same run)   median %8.2f ms   (%.1fx)\n", median(fullRunMs),
                median(fullRunMs) / std::max(1e-9, median(runMs)));
    std::printf("  heads grid redraw               median %8.2f ms\n", median(gridMs));
    std::printf("  keystroke to pixels (grid)      median %8.2f ms   (one frame at 60 Hz = 16.7 ms: %s)\n",
                median(visibleMs), median(visibleMs) < 16.7 ? "within" : "over");
    const char* names[] = {"heads grid", "head detail", "row bars", "mask", "shape flow", "token lines"};
    for (int i = 0; i < 6; ++i) std::printf("    redraw %-21s median %8.2f ms\n", names[i], median(perView[size_t(i)]));
    std::sort(visibleMs.begin(), visibleMs.end());
    std::printf("  keystroke to pixels (grid)      p90    %8.2f ms\n", visibleMs[visibleMs.size() * 9 / 10]);
    return 0;
}
