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
inline void limitMallocArenas() {
#if defined(__GLIBC__)
    mallopt(M_ARENA_MAX, 2);
#endif
}
