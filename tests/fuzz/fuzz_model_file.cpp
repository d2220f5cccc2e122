// libFuzzer target: load_model on arbitrary bytes, through format detection:
// PyTorch zip checkpoints (zip reader, unpickler, name mapping), safetensors
// with a config in its metadata, and everything else.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "attnscope/common/error.h"
#include "attnscope/model/model_file.h"
#include "fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const fuzzutil::MemFile file(std::string_view(reinterpret_cast<const char*>(data), size));
    try {
        (void)attnscope::load_model(file.path());
    } catch (const attnscope::Error&) {
    }
    return 0;
}
