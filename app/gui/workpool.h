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
class QThreadPool;

QThreadPool* workPool();
