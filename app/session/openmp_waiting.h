#pragma once
// How OpenMP's threads wait between parallel regions. libgomp's default spins
// for up to 300,000 iterations at every barrier; when another program (or the
// app's own GUI thread) holds one of the cores, a spinning thread takes the
// CPU the thread it waits for needs, and a 2-thread run of GPT-2 small went
// from 30 to 1.8 tokens a second (docs/performance.md). A short spin keeps
// back-to-back regions fast on an idle machine and yields on a busy one.
//
// libgomp reads its environment once, when it is loaded, before main(): so
// when the user chose nothing (OMP_WAIT_POLICY, GOMP_SPINCOUNT), the program
// sets a short spin count and executes itself again, once. Call it first in
// main(); it returns normally when nothing is to be done or exec fails.
namespace session {

inline constexpr const char* kOpenMpSpinCount = "1000";

void chooseOpenMpWaiting(char** argv);

}  // namespace session
