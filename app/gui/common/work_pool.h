#pragma once
// The thread pool that every view's background work runs on: the loss strip,
// head statistics, figures built off the GUI thread, comparisons, ablation
// scans, exports and model loading. (The Workspace's runs have their own.)
//
// Not Qt's global pool. In Qt 6.4 the raster paint engine splits each large
// fill across QThreadPool::globalInstance() and waits for the pieces, so a
// long job of ours there stalled every paint of the window until it ended:
// pasting 8,100 tokens into a GPT-2-small-sized model froze the window for
// 11 to 15 s while the losses ran.
#include <atomic>
#include <chrono>

class QThreadPool;

QThreadPool* workPool();

// Background work gives the cores to the runs of the text being typed. On two
// cores a key's run beside the loss strip's worker (a 64-position block of
// logits takes 0.1 s at GPT-2's vocabulary) took 217 ms where it takes 80 ms
// alone. Long jobs call yieldToForeground() between their steps; it returns
// once no run is under way and none has been for kForegroundQuiet, or at
// once when `cancel` is set. The quiet is longer than a typist's pause
// between keys (about 300 ms at 40 words a minute): at 250 ms the head
// statistics started a band between two keys, and with keys 300 ms apart
// the slowest key took 300-360 ms instead of 65-87 ms (bench_ui --app
// --pause-ms 300, GPT-2 small at 1,004 tokens).
constexpr std::chrono::milliseconds kForegroundQuiet{600};

// Marks a run under way for as long as it lives (the Workspace's runs).
class ForegroundRun {
public:
    ForegroundRun();
    ~ForegroundRun();
    ForegroundRun(const ForegroundRun&) = delete;
    ForegroundRun& operator=(const ForegroundRun&) = delete;
};

// A key was typed: a run follows (after the Workspace's pause).
void noteForegroundActivity();

// Waits as above; returns false when `cancel` ended the wait.
bool yieldToForeground(const std::atomic<bool>& cancel);
// Runs under way (for tests).
int foregroundRuns();
