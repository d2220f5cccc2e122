#pragma once
// GGUF, the file format of llama.cpp, Ollama and LM Studio: a header, typed
// metadata key/values, tensor infos and the tensors' bytes, aligned. Versions
// 2 and 3 are read (little-endian). Every count, length and offset is checked
// against the file before it is used; a problem is an Error naming it.
//
// Tensors stay where they are in the file: a GgufTensor points into the bytes
// it was parsed from. Quantized blocks are dequantized by the caller, a row or
// a panel at a time (dequantize_row), never as a whole float32 copy.
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace attnscope {

// The tensor types AttnScope reads, by their ggml numbers. Every other type
// (Q2_K, Q3_K, the IQ family, ...) is refused, naming the type and the tensor.
enum class GgmlType : uint32_t {
    F32 = 0,
    F16 = 1,
    Q4_0 = 2,
    Q4_1 = 3,
    Q5_0 = 6,
    Q5_1 = 7,
    Q8_0 = 8,
    Q4_K = 12,
    Q5_K = 13,
    Q6_K = 14,
    BF16 = 30,
};

// "Q4_K", "IQ2_XXS", ... for any ggml type number, "type 99" for an unknown one.
std::string ggml_type_name(uint32_t type);
// Whether AttnScope reads tensors of this ggml type number.
bool ggml_type_supported(uint32_t type);
// Values per block (1 for F32, F16, BF16; 32 or 256 for the quantized types)
// and bytes per block.
int ggml_block_values(GgmlType type);
int ggml_block_bytes(GgmlType type);
// Bytes of a row of n values (n a multiple of the block's values).
inline size_t ggml_row_bytes(GgmlType type, int64_t n) {
    return size_t(n / ggml_block_values(type)) * size_t(ggml_block_bytes(type));
}
// The supported types, "F32, F16, BF16, Q8_0, ..." for messages.
std::string ggml_supported_types();

// Dequantizes `n` values (a multiple of the type's block values) that start
// at a block boundary: out[i] = the i-th value. Each value is computed in
// float32 exactly as the format describes, one rounding per operation (no
// fused multiply-add), so it is the same bits on every build.
void dequantize_row(GgmlType type, const std::byte* blocks, int64_t n, float* out);
// n activations (a multiple of the weight type's block values) as llama.cpp's
// CPU backend rounds them before a product with a weight of `weight_type`
// (its "vec_dot_type": float16, bfloat16, Q8_0 or Q8_K blocks), back in
// float32. F32: unchanged.
void round_like_llama_cpp(GgmlType weight_type, const float* x, int64_t n, float* out);
// Values [c0, c1) of a row that starts at `row` (a row of any length): the
// blocks that overlap the range are dequantized into `scratch` (room for
// c1 - c0 + 2 blocks of values) and the range copied to out.
void dequantize_range(GgmlType type, const std::byte* row, int64_t c0, int64_t c1, float* out, float* scratch);

// A metadata value. Arrays hold scalars or strings (GGUF allows arrays of
// arrays; no model uses them and they are refused).
struct GgufValue {
    enum class Type : uint32_t {
        U8 = 0, I8 = 1, U16 = 2, I16 = 3, U32 = 4, I32 = 5, F32 = 6, Bool = 7, String = 8, Array = 9,
        U64 = 10, I64 = 11, F64 = 12,
    };
    Type type = Type::U8;
    Type elem = Type::U8;      // an array's element type
    int64_t i = 0;             // integer and bool scalars (U64 past INT64_MAX: refused)
    double f = 0;              // F32, F64 scalars (and integers, converted)
    std::string s;             // String
    std::vector<std::string> strings;  // an array of strings
    std::vector<double> numbers;       // an array of numbers or bools

    bool is_integer() const;
    bool is_number() const;    // integer or float
    bool is_array() const { return type == Type::Array; }
    size_t array_size() const { return elem == Type::String ? strings.size() : numbers.size(); }
};
const char* gguf_value_type_name(GgufValue::Type t);

struct GgufTensor {
    std::string name;
    std::vector<int64_t> dims;  // ne[0], ne[1], ...: ne[0] varies fastest (a row's length)
    GgmlType type = GgmlType::F32;
    uint64_t offset = 0;        // from the start of the data section
    uint64_t bytes = 0;
    const std::byte* data = nullptr;  // into the parsed bytes

    int64_t numel() const;
    int64_t rows() const { return dims.empty() ? 1 : numel() / dims[0]; }  // ne[1] * ne[2] * ...
    int64_t row_length() const { return dims.empty() ? 1 : dims[0]; }
};

// Limits a hostile file meets before anything is allocated for it.
inline constexpr uint64_t kGgufMaxTensors = 1u << 20;
inline constexpr uint64_t kGgufMaxKeys = 1u << 20;
inline constexpr uint64_t kGgufMaxStringBytes = 1u << 26;  // 64 MiB: a chat template is KBs
inline constexpr uint32_t kGgufMaxAlignment = 1u << 20;
inline constexpr int kGgufMaxDims = 4;

struct GgufFile {
    uint32_t version = 0;
    uint32_t alignment = 32;          // general.alignment, or 32
    uint64_t data_offset = 0;         // where the data section starts in the file
    std::map<std::string, GgufValue> metadata;
    std::vector<std::string> key_order;  // as stored
    std::vector<GgufTensor> tensors;     // as stored
    std::map<std::string, size_t> tensor_index;

    // Parses the bytes; the tensors point into them. `origin` (the path) starts
    // every message. Throws Error: UnknownFormat (bad magic), BadFormat,
    // Truncated, TooLarge, DuplicateTensor, UnsupportedDType.
    static GgufFile parse(const std::byte* data, size_t size, const std::string& origin);

    const GgufValue* find(const std::string& key) const;
    const GgufTensor* tensor(const std::string& name) const;
    // Typed look-ups: nullopt when the key is absent; Error(BadFormat) naming
    // the key when its value has another type.
    std::optional<int64_t> get_int(const std::string& key) const;
    std::optional<double> get_float(const std::string& key) const;
    std::optional<std::string> get_string(const std::string& key) const;
    std::optional<bool> get_bool(const std::string& key) const;
    std::string origin;
};

// The four magic bytes "GGUF".
bool looks_like_gguf(const std::byte* data, size_t size);

}  // namespace attnscope
