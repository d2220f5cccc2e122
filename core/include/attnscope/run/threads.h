#pragma once
// Lending a core while a run is under way.

namespace attnscope {

// A core lent to another thread of this process: the app's GUI thread while it
// draws a frame of a generation. A parallel region that starts while the core
// is lent runs on one thread fewer, so that no thread of its team spins at the
// region's barrier for a teammate the scheduler took off its core to run the
// borrower. Every result is the same bits on any number of threads, so lending
// changes only the speed.
void lend_core(bool lent);
// `threads` less the lent core, at least 1.
int threads_now(int threads);

}  // namespace attnscope
