#include "session/openmp_waiting.h"

#include <cstdlib>
#include <unistd.h>

namespace session {

void chooseOpenMpWaiting(char** argv) {
#if defined(__linux__)
    // Chosen by the user, or already done by the first execution.
    if (std::getenv("OMP_WAIT_POLICY") || std::getenv("GOMP_SPINCOUNT") || !argv || !argv[0]) return;
    if (::setenv("GOMP_SPINCOUNT", kOpenMpSpinCount, 1) != 0) return;
    ::execv("/proc/self/exe", argv);
    // exec failed (no /proc?): go on with libgomp's default; unset what we set
    // so that a child process is not misled.
    ::unsetenv("GOMP_SPINCOUNT");
#else
    (void)argv;
#endif
}

}  // namespace session
