#pragma once
// Maps in the pages of a fresh buffer about to be filled, in one system call
// (MADV_POPULATE_WRITE, Linux 5.14+) instead of one page fault per 4 KB
// page as the fill first touches each.
//
// Weight buffers used to ask for transparent huge pages instead, which made
// the first touch cheaper still. But on this project's paravirtualised
// machine (README *Speed*) memory in huge pages left idle for a few hundred
// milliseconds, as between two keystrokes, is read several times slower the
// first time after, and with it the one-row GEMMs of an incremental run.
// Memory in 4 KB pages does not slow down so. The price is a slower load of
// the weights (tests/bench/bench_load.py measures it).
#include <cstddef>
#include <cstdint>
#include <sys/mman.h>

namespace attnscope {

// madvise(advice) on the whole `align`-sized units inside [p, p + bytes).
inline void advise_inside(void* p, size_t bytes, uintptr_t align, int advice) {
    const uintptr_t lo = (reinterpret_cast<uintptr_t>(p) + align - 1) & ~(align - 1);
    const uintptr_t hi = (reinterpret_cast<uintptr_t>(p) + bytes) & ~(align - 1);
    // A hint: an older kernel refuses it (EINVAL) and the buffer works as before.
    if (hi > lo) ::madvise(reinterpret_cast<void*>(lo), hi - lo, advice);
}

inline void populate_pages(void* p, size_t bytes) {
#ifdef MADV_POPULATE_WRITE
    advise_inside(p, bytes, 4096, MADV_POPULATE_WRITE);  // the fill faults the pages in otherwise
#else
    (void)p;
    (void)bytes;
#endif
}

// Asks for transparent huge pages for the 2 MB extents inside a fresh buffer
// (MADV_HUGEPAGE): one fault a 2 MB page rather than 512. Only for buffers
// written at once and dropped soon after (a generation's snapshots), for the
// reason above.
inline void advise_huge_pages(void* p, size_t bytes) {
#ifdef MADV_HUGEPAGE
    advise_inside(p, bytes, uintptr_t(2) << 20, MADV_HUGEPAGE);
#else
    (void)p;
    (void)bytes;
#endif
}

}  // namespace attnscope
