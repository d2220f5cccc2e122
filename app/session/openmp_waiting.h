#pragma once
// How OpenMP's threads wait between parallel regions. libgomp's default spins
// a long time at every barrier; when another program (or the app's own GUI
// thread) holds one of the cores, a spinning thread takes the CPU that the
// thread it waits for needs, and every barrier then costs a scheduler time
// slice (docs/performance.md measures it). A short spin keeps back-to-back
// regions fast on an idle machine and yields on a busy one.
//
// libgomp reads its environment once, when it is loaded, before main(): so
// when the user chose nothing (OMP_WAIT_POLICY, GOMP_SPINCOUNT), the program
// sets a short spin count and executes itself again, once. Call it first in
// main(); it returns normally when nothing is to be done or exec fails.
namespace session {

inline constexpr const char* kOpenMpSpinCount = "1000";

void chooseOpenMpWaiting(char** argv);

}  // namespace session
