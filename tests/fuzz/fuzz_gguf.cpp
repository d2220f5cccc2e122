// libFuzzer target: the GGUF reader on arbitrary bytes; what it accepts is
// dequantized row by row (every type's block decoder on arbitrary bits) and
// then opened as a model (the metadata, the architecture table, the tensor
// names, the tokenizer from the metadata).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "attnscope/common/error.h"
#include "attnscope/formats/gguf.h"
#include "attnscope/model/model_file.h"
#include "attnscope/tokenizers/tokenizer.h"
#include "fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const auto* bytes = reinterpret_cast<const std::byte*>(data);
    try {
        const attnscope::GgufFile f = attnscope::GgufFile::parse(bytes, size, "fuzz.gguf");
        std::vector<float> row;
        for (const attnscope::GgufTensor& t : f.tensors) {
            const int64_t n = std::min<int64_t>(t.row_length(), 4096);
            if (t.rows() < 1 || n < 1) continue;
            const int64_t qk = attnscope::ggml_block_values(t.type);
            const int64_t whole = n / qk * qk;
            if (whole < 1) continue;
            row.resize(size_t(whole));
            attnscope::dequantize_row(t.type, t.data, whole, row.data());
        }
    } catch (const attnscope::Error&) {
        return 0;
    }
    const fuzzutil::MemFile file(std::string_view(reinterpret_cast<const char*>(data), size));
    try {
        const attnscope::LoadedModel m = attnscope::load_model(file.path());
        std::vector<std::string> looked;
        if (auto tok = attnscope::find_tokenizer(file.path(), m.metadata, &looked)) (void)tok->encode_ids("Hello, world");
    } catch (const attnscope::Error&) {
    }
    return 0;
}
