#include "model/config_check.h"

#include <charconv>
#include <cstdio>
#include <limits>
#include <unistd.h>

#include "attnscope/common/error.h"

namespace attnscope {

namespace {

std::string gib(int64_t bytes) {
    const double g = double(bytes) / double(int64_t(1) << 30);
    char buf[32];  // to_chars: a point in every locale, as in the rest of the message
    const auto end = std::to_chars(buf, buf + sizeof buf, g, std::chars_format::fixed, g < 10 ? 1 : 0).ptr;
    return std::string(buf, end) + " GB";
}

}  // namespace

int64_t weight_bytes(const ModelConfig& config) {
    const int64_t n = config.parameter_count();
    return n > std::numeric_limits<int64_t>::max() / 4 ? std::numeric_limits<int64_t>::max() : n * 4;
}

int64_t physical_memory_bytes() {
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page = ::sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || page <= 0) return int64_t(1) << 40;
    return int64_t(pages) * int64_t(page);
}

void check_config_against_tensors(const ModelConfig& config, const StoredMap& tensors, const std::string& origin) {
    int64_t held = 0;
    for (const auto& [name, t] : tensors) held += t.numel();
    const int64_t needed = config.parameter_count();
    // Every parameter the config asks for must come from a tensor in the file.
    // The slack covers a tied lm_head stored twice or once; nothing legitimate
    // needs twice the values the file holds.
    if (needed > 2 * held + 65536)
        fail_in(origin, ErrorCode::ShapeMismatch,
                "the model's config asks for " + std::to_string(needed) + " parameters but the file's tensors hold only " +
                    std::to_string(held) + " values",
                {std::to_string(needed), std::to_string(held)});
    const int64_t bytes = weight_bytes(config);
    const int64_t budget = physical_memory_bytes();
    if (bytes > budget)
        fail_in(origin, ErrorCode::TooLarge,
                "the model's weights need " + gib(bytes) + ", more than this machine's " + gib(budget) + " of memory",
                {std::to_string(bytes), std::to_string(budget)});
}

}  // namespace attnscope
