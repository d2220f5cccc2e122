#pragma once
// Process-wide memory settings of the app, made before its first thread starts.
#include <cstdlib>  // through <features.h>, defines __GLIBC__ where glibc is the C library
#if defined(__GLIBC__)
#include <malloc.h>
#endif

// glibc gives each thread that allocates its own arena, up to 8 per core, and
// keeps what is freed in each for reuse there. The app's threads (Qt's pool,
// OpenMP's workers) allocate and free trace-sized buffers in turn, so free
// memory piles up in arenas that will not reuse it, and the peak while typing
// is higher than with two arenas, which keep it for reuse at no cost to the
// runs (attnscope-bench-ui --app measures both).
//
// And glibc serves a large block from its own mapping, returned to the system
// when freed, but raises that threshold to the size of each such block freed
// (up to 32 MB). After a trace's 25 MB buffers at 8,000 tokens moved once to
// a larger room, every later one came from an arena instead, where freed
// blocks stay resident: typing at a long text peaked hundreds of megabytes
// higher than with the threshold fixed at 4 MB, and a key took no longer
// with it fixed.
//
// Fixing that threshold also fixes the one for trimming at glibc's 128 KB:
// each figure's matrices and image (4 MB each for a head of 1,000 tokens),
// freed at the top of the heap, went back to the system and came back as
// fresh pages at the next key. On a paravirtualised guest a first touch of a
// page is costly, and the head detail's redraw spent most of its time in
// those of three such buffers; with up to 32 MB kept it does not, and the
// app's peak does not move.
inline void tuneMalloc() {
#if defined(__GLIBC__)
    mallopt(M_ARENA_MAX, 2);
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
    mallopt(M_TRIM_THRESHOLD, 32 << 20);
#endif
}
