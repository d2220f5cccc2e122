#pragma once
// The thread pool that every view's background work runs on: the loss strip,
// head statistics, figures built off the GUI thread, comparisons, ablation
// scans, exports and model loading. (The Workspace's runs have their own.)
//
// Not Qt's global pool. In Qt 6.4 the raster paint engine splits each large
// fill across QThreadPool::globalInstance() and waits for the pieces, so a
// long job of ours there stalled every paint of the window until it ended:
// pasting thousands of tokens into a GPT-2-small-sized model froze the window
// for as long as the losses ran.
#include <atomic>
#include <chrono>

class QThreadPool;

QThreadPool* workPool();

// Background work gives the cores to the runs of the text being typed: on two
// cores a key's run beside the loss strip's worker takes several times as
// long as alone. Long jobs call yieldToForeground() between their steps; it
// returns once no run is under way and none has been for kForegroundQuiet, or
// at once when `cancel` is set. The quiet is longer than a typist's pause
// between keys (about 300 ms at 40 words a minute): a shorter one let the
// head statistics start a band between two keys, and the next key's run waited
// for it (attnscope-bench-ui --app --pause-ms shows it).
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
