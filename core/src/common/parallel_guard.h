#pragma once
// An exception must not leave an OpenMP parallel region: the runtime then
// calls std::terminate and the app ends (a std::bad_alloc from a buffer
// allocated inside the region, say). Each iteration runs through
// ParallelGuard::run, which keeps the first exception; after the region,
// rethrow() raises it on the calling thread, where the caller's handlers are.
#include <exception>
#include <mutex>

namespace attnscope {

class ParallelGuard {
public:
    template <class F>
    void run(F&& body) noexcept {
        try {
            body();
        } catch (...) {
            const std::lock_guard<std::mutex> lock(mutex_);
            if (!first_) first_ = std::current_exception();
        }
    }
    // Rethrows the first exception any iteration threw.
    void rethrow() {
        if (first_) std::rethrow_exception(first_);
    }

private:
    std::mutex mutex_;
    std::exception_ptr first_;
};

}  // namespace attnscope
