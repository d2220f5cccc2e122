#pragma once
// Process-wide memory settings of the app, made before its first thread starts.
#if defined(__GLIBC__)
#include <malloc.h>
#endif

// glibc gives each thread that allocates its own arena, up to 8 per core, and
// keeps what is freed in each for reuse there. The app's threads (Qt's pool,
// OpenMP's workers) allocate and free trace-sized buffers in turn, so free
// memory piles up in arenas that will not reuse it: at GPT-2 size and 1,000
// tokens the peak while typing was about 60 MB higher with the default
// (attnscope-bench-ui --app). Two arenas keep it for reuse at no measured cost.
//
// And glibc serves a large block from its own mapping, returned to the system
// when freed, but raises that threshold to the size of each such block freed
// (up to 32 MB). After a trace's 25 MB buffers at 8,000 tokens moved once to
// a larger room, every later one came from an arena instead, where freed
// blocks stay resident: 70 keys typed at 8,000 tokens of GPT-2 small peaked
// at 2,952 MB against 2,475 MB with the threshold fixed at 4 MB, and the
// median key did not change (attnscope-bench-ui --app --iterations 70).
inline void tuneMalloc() {
#if defined(__GLIBC__)
    mallopt(M_ARENA_MAX, 2);
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
#endif
}
