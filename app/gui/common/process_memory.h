#pragma once
// Process-wide memory settings of the app, made before its first thread starts.
#include <cstdlib>  // through <features.h>, defines __GLIBC__ where glibc is the C library
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
//
// Fixing that threshold also fixes the one for trimming at glibc's 128 KB:
// each figure's matrices and image (4 MB each for a head of 1,000 tokens),
// freed at the top of the heap, went back to the system and came back as
// fresh pages at the next key. On a paravirtualised guest a first touch costs
// about 10 us a page, 10 ms per 4 MB: the head detail took 38-43 ms a redraw
// at 1,004 tokens of GPT-2 small, of it 9-14 ms in each of three such
// buffers, and 13.5-14 ms with up to 32 MB kept (attnscope-bench-ui, the
// build before and after in turn); the app's peak did not move.
inline void tuneMalloc() {
#if defined(__GLIBC__)
    mallopt(M_ARENA_MAX, 2);
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
    mallopt(M_TRIM_THRESHOLD, 32 << 20);
#endif
}
