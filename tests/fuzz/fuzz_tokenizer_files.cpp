// libFuzzer target: every tokenizer file format load_tokenizer reads. The
// first byte picks the format; the rest is the file (for the two-file GPT-2
// formats, split at the first NUL byte into the two files).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

#include "attnscope/common/error.h"
#include "attnscope/tokenizers/tokenizer.h"
#include "fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    namespace fs = std::filesystem;
    const int format = data[0] % 5;
    const std::string rest(reinterpret_cast<const char*>(data + 1), size - 1);
    const size_t nul = rest.find('\0');
    const std::string first = rest.substr(0, nul);
    const std::string second = nul == std::string::npos ? std::string() : rest.substr(nul + 1);
    const fs::path dir = fs::path(fuzzutil::scratch_dir()) / "tok";
    std::error_code ec;
    fs::remove_all(dir, ec);
    fs::create_directories(dir);
    std::string path;
    switch (format) {
    case 0:  // tokenizer.json (Hugging Face)
        path = (dir / "tokenizer.json").string();
        fuzzutil::write_file(path, rest);
        break;
    case 1:  // encoder.json + vocab.bpe (OpenAI GPT-2)
        fuzzutil::write_file((dir / "encoder.json").string(), first);
        fuzzutil::write_file((dir / "vocab.bpe").string(), second);
        path = dir.string();
        break;
    case 2:  // vocab.json + merges.txt
        fuzzutil::write_file((dir / "vocab.json").string(), first);
        fuzzutil::write_file((dir / "merges.txt").string(), second);
        path = dir.string();
        break;
    case 3:  // tiktoken rank file
        path = (dir / "r50k.tiktoken").string();
        fuzzutil::write_file(path, rest);
        break;
    default:  // a char tokenizer in a .json file
        path = (dir / "chars.json").string();
        fuzzutil::write_file(path, rest);
        break;
    }
    try {
        const auto tok = attnscope::load_tokenizer(path);
        if (tok) (void)tok->encode("ROMEO: what light\n through yonder 123 é");
    } catch (const attnscope::Error&) {
    }
    return 0;
}
