// libFuzzer target: trace files (attnscope/trace_file.h) on arbitrary bytes:
// opening, then every head of a small enough trace, as a view would read it.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "attnscope/common/error.h"
#include "attnscope/run/trace.h"
#include "attnscope/run/trace_file.h"
#include "fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const fuzzutil::MemFile file(std::string_view(reinterpret_cast<const char*>(data), size));
    try {
        const auto tr = attnscope::open_trace_file(file.path());
        const int64_t T = tr->T();
        if (int64_t(tr->n_layer()) * tr->n_head() * T * T > (int64_t(1) << 22)) return 0;
        for (int l = 0; l < tr->n_layer(); ++l)
            for (int h = 0; h < tr->n_head(); ++h) {
                try {
                    (void)tr->head_weights(l, h);
                } catch (const attnscope::Error&) {
                }
            }
    } catch (const attnscope::Error&) {
        // Refusing a bad file is the expected outcome; anything else is a bug.
    }
    return 0;
}
