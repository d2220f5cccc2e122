#include "gui/common/work_pool.h"

#include <QCoreApplication>
#include <QThreadPool>

#include <condition_variable>
#include <mutex>

QThreadPool* workPool() {
    // As many threads as Qt's global pool has (one per logical core). Like
    // that pool, it is waited for when the application object goes, so no
    // job outlives it.
    static QThreadPool* pool = [] {
        static QThreadPool p;
        qAddPostRoutine([] { p.waitForDone(); });
        return &p;
    }();
    return pool;
}

namespace {

struct Foreground {
    std::mutex mutex;
    std::condition_variable changed;
    int runs = 0;
    std::chrono::steady_clock::time_point lastActive{};
};

Foreground& foreground() {
    static Foreground f;
    return f;
}

}  // namespace

ForegroundRun::ForegroundRun() {
    Foreground& f = foreground();
    const std::lock_guard lock(f.mutex);
    ++f.runs;
    f.lastActive = std::chrono::steady_clock::now();
}

ForegroundRun::~ForegroundRun() {
    Foreground& f = foreground();
    {
        const std::lock_guard lock(f.mutex);
        --f.runs;
        f.lastActive = std::chrono::steady_clock::now();
    }
    f.changed.notify_all();
}

void noteForegroundActivity() {
    Foreground& f = foreground();
    const std::lock_guard lock(f.mutex);
    f.lastActive = std::chrono::steady_clock::now();
}

int foregroundRuns() {
    Foreground& f = foreground();
    const std::lock_guard lock(f.mutex);
    return f.runs;
}

bool yieldToForeground(const std::atomic<bool>& cancel) {
    Foreground& f = foreground();
    std::unique_lock lock(f.mutex);
    for (;;) {
        if (cancel.load()) return false;
        const auto quietFrom = f.lastActive + kForegroundQuiet;
        const auto now = std::chrono::steady_clock::now();
        if (f.runs == 0 && now >= quietFrom) return true;
        // Woken when a run ends; a cancel is seen within 20 ms.
        const auto until = f.runs > 0 ? now + std::chrono::milliseconds(20)
                                      : std::min(quietFrom, now + std::chrono::milliseconds(20));
        f.changed.wait_until(lock, until);
    }
}
