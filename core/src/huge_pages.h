#pragma once
// Asks the kernel to back a large buffer with transparent huge pages (2 MB)
// where it allows them (the "madvise" mode Debian defaults to): the first
// touch of a fresh buffer then faults once per 2 MB instead of once per 4 KB,
// which is most of the cost of filling gigabytes of weights.
#include <cstddef>
#include <cstdint>
#include <sys/mman.h>

namespace attnscope {

inline void advise_huge_pages(void* p, size_t bytes) {
#ifdef MADV_HUGEPAGE
    constexpr uintptr_t kHuge = uintptr_t(2) << 20;
    const uintptr_t lo = (reinterpret_cast<uintptr_t>(p) + kHuge - 1) & ~(kHuge - 1);
    const uintptr_t hi = (reinterpret_cast<uintptr_t>(p) + bytes) & ~(kHuge - 1);
    if (hi > lo) ::madvise(reinterpret_cast<void*>(lo), hi - lo, MADV_HUGEPAGE);  // a hint: failure is fine
#else
    (void)p;
    (void)bytes;
#endif
}

}  // namespace attnscope
