// libFuzzer target: the safetensors parser on arbitrary bytes.
#include <cstddef>
#include <cstdint>

#include "attnscope/common/error.h"
#include "attnscope/formats/safetensors.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    try {
        (void)attnscope::parse_safetensors(reinterpret_cast<const std::byte*>(data), size, "fuzz.safetensors");
    } catch (const attnscope::Error&) {
        // Refusing a bad file is the expected outcome; anything else is a bug.
    }
    return 0;
}
