// libFuzzer target: the restricted unpickler, reached the way a real file
// reaches it: the input is archive/data.pkl of a torch.save zip, opened with
// load_model (only public API, so this target survives changes inside).
#include <cstddef>
#include <cstdint>
#include <string>

#include "attnscope/common/error.h"
#include "attnscope/model/model_file.h"
#include "fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string pkl(reinterpret_cast<const char*>(data), size);
    const std::string zip = fuzzutil::stored_zip({{"archive/data.pkl", pkl},
                                                  {"archive/version", "3\n"},
                                                  {"archive/data/0", std::string(64, '\0')}});
    const fuzzutil::MemFile file(zip);
    try {
        (void)attnscope::load_model(file.path());
    } catch (const attnscope::Error&) {
    }
    return 0;
}
