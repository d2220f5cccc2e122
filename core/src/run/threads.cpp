// How many threads "every core" means on this machine (attnscope/model.h).
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "attnscope/run/model.h"
#include "attnscope/run/threads.h"

namespace attnscope {

int physical_core_count() {
    static const int count = [] {
        const unsigned hw = std::thread::hardware_concurrency();
        int allowed = hw == 0 ? 1 : int(hw);
        std::vector<int> cpus;
        cpu_set_t set;
        CPU_ZERO(&set);
        if (sched_getaffinity(0, sizeof set, &set) == 0) {
            for (int c = 0; c < CPU_SETSIZE; ++c)
                if (CPU_ISSET(c, &set)) cpus.push_back(c);
            allowed = std::max(1, int(cpus.size()));
        }
        // Hyper-threads of one core share its FMA units: a core is a (package, core id).
        std::set<std::pair<long, long>> cores;
        for (const int c : cpus) {
            const std::string dir = "/sys/devices/system/cpu/cpu" + std::to_string(c) + "/topology/";
            long package = -1, core = -1;
            if (std::FILE* f = std::fopen((dir + "physical_package_id").c_str(), "r")) {
                if (std::fscanf(f, "%ld", &package) != 1) package = -1;
                std::fclose(f);
            }
            if (std::FILE* f = std::fopen((dir + "core_id").c_str(), "r")) {
                if (std::fscanf(f, "%ld", &core) != 1) core = -1;
                std::fclose(f);
            }
            if (package < 0 || core < 0) return allowed;  // topology unknown: every CPU we may use
            cores.insert({package, core});
        }
        return cores.empty() ? allowed : std::min(allowed, int(cores.size()));
    }();
    return count;
}

int default_thread_count() {
#ifdef _OPENMP
    // OMP_NUM_THREADS, when set, is the user's word; otherwise one thread per core.
    if (const char* env = std::getenv("OMP_NUM_THREADS"); env && *env) return std::max(1, omp_get_max_threads());
    return physical_core_count();
#else
    return 1;
#endif
}

namespace {
std::atomic<bool> core_lent{false};
}

void lend_core(bool lent) { core_lent.store(lent, std::memory_order_relaxed); }

int threads_now(int threads) {
    return threads > 1 && core_lent.load(std::memory_order_relaxed) ? threads - 1 : threads;
}

int max_thread_count() {
    const unsigned hw = std::thread::hardware_concurrency();
    return std::max(8, 4 * int(hw == 0 ? 1 : hw));
}

}  // namespace attnscope
