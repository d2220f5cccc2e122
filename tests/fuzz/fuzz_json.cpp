// libFuzzer target: the JSON reader (safetensors headers, config.json,
// tokenizer.json, recipes) and ModelConfig::from_json on top of it.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "attnscope/model/config.h"
#include "attnscope/common/error.h"
#include "attnscope/formats/json.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        attnscope::JsonLimits limits;
        limits.max_values = 1 << 16;  // the limit is tested by tst_robustness; here, speed
        (void)attnscope::Json::parse(text, limits);
    } catch (const attnscope::Error&) {
    }
    try {
        (void)attnscope::ModelConfig::from_json(text);
    } catch (const attnscope::Error&) {
    }
    return 0;
}
