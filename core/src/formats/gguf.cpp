// The GGUF reader. The layout (little-endian throughout):
//   "GGUF", u32 version, u64 tensor count, u64 key/value count,
//   key/values: string key, u32 value type, value (an array: u32 element type,
//     u64 length, elements; a string: u64 length, bytes),
//   tensor infos: string name, u32 n_dims, u64 ne[n_dims], u32 type, u64 offset,
//   padding to general.alignment (32 unless given), the data section.
// Version 1 had 32-bit counts and is refused. Nothing the file says is
// trusted: every count is checked against the bytes left before anything is
// allocated for it, every tensor's extent against the data section, every
// shape against overflow, and tensors may not overlap.
#include "attnscope/formats/gguf.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <set>

#include "attnscope/common/error.h"
#include "formats/py_value.h"

namespace attnscope {

namespace {

class GgufCursor {
public:
    GgufCursor(const std::byte* data, size_t size, const std::string& origin) : p_(data), size_(size), origin_(origin) {}

    size_t pos() const { return pos_; }
    size_t left() const { return size_ - pos_; }

    void need(uint64_t n, const std::string& what) const {
        if (n > left())
            fail_in(origin_, ErrorCode::Truncated,
                    "the file ends inside " + what + " (at byte " + std::to_string(pos_) + " of " +
                        std::to_string(size_) + ", " + std::to_string(n) + " bytes needed)");
    }
    uint64_t uint(int bytes, const std::string& what) {
        need(uint64_t(bytes), what);
        uint64_t v = 0;
        for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | uint64_t(p_[pos_ + size_t(i)]);
        pos_ += size_t(bytes);
        return v;
    }
    uint32_t u32(const std::string& what) { return uint32_t(uint(4, what)); }
    uint64_t u64(const std::string& what) { return uint(8, what); }
    std::string str(const std::string& what) {
        const uint64_t n = u64(what + "'s length");
        if (n > kGgufMaxStringBytes)
            fail_in(origin_, ErrorCode::TooLarge,
                    what + " is " + std::to_string(n) + " bytes long, more than the " +
                        std::to_string(kGgufMaxStringBytes) + " AttnScope accepts");
        if (n > left())
            fail_in(origin_, ErrorCode::Truncated,
                    what + "'s length " + std::to_string(n) + " goes past the end of the file (" +
                        std::to_string(left()) + " bytes left at byte " + std::to_string(pos_) + ")");
        std::string s(reinterpret_cast<const char*>(p_ + pos_), size_t(n));
        pos_ += size_t(n);
        return s;
    }

private:
    const std::byte* p_;
    size_t size_;
    size_t pos_ = 0;
    const std::string& origin_;
};

using VT = GgufValue::Type;

// Bytes of one scalar of type t (0 for a string or an array: variable).
int gguf_scalar_bytes(VT t) {
    switch (t) {
    case VT::U8: case VT::I8: case VT::Bool: return 1;
    case VT::U16: case VT::I16: return 2;
    case VT::U32: case VT::I32: case VT::F32: return 4;
    case VT::U64: case VT::I64: case VT::F64: return 8;
    default: return 0;
    }
}

bool gguf_known_type(uint32_t t) { return t <= 12; }

// Reads one scalar of type t (not a string, not an array) as its integer or
// float value.
void gguf_read_scalar(GgufCursor& c, VT t, const std::string& what, int64_t& i, double& f, const std::string& origin) {
    const int n = gguf_scalar_bytes(t);
    const uint64_t raw = c.uint(n, what);
    switch (t) {
    case VT::U8: case VT::U16: case VT::U32: i = int64_t(raw); f = double(raw); break;
    case VT::Bool:
        if (raw > 1) fail_in(origin, ErrorCode::BadFormat, what + " is a bool of value " + std::to_string(raw));
        i = int64_t(raw);
        f = double(raw);
        break;
    case VT::I8: i = int8_t(raw); f = double(i); break;
    case VT::I16: i = int16_t(raw); f = double(i); break;
    case VT::I32: i = int32_t(raw); f = double(i); break;
    case VT::I64: i = int64_t(raw); f = double(i); break;
    case VT::U64:
        if (raw > uint64_t(std::numeric_limits<int64_t>::max()))
            fail_in(origin, ErrorCode::TooLarge, what + " is " + std::to_string(raw) + ", past any count AttnScope reads");
        i = int64_t(raw);
        f = double(raw);
        break;
    case VT::F32: {
        float v;
        const uint32_t bits = uint32_t(raw);
        std::memcpy(&v, &bits, 4);
        f = v;
        i = 0;
        break;
    }
    case VT::F64: {
        std::memcpy(&f, &raw, 8);
        i = 0;
        break;
    }
    default: break;
    }
}

GgufValue gguf_read_value(GgufCursor& c, uint32_t type, const std::string& key, const std::string& origin) {
    const std::string what = "the value of '" + printable(key) + "'";
    if (!gguf_known_type(type))
        fail_in(origin, ErrorCode::BadFormat, what + " has unknown type " + std::to_string(type), {key});
    GgufValue v;
    v.type = VT(type);
    if (v.type == VT::String) {
        v.s = c.str(what);
        return v;
    }
    if (v.type != VT::Array) {
        gguf_read_scalar(c, v.type, what, v.i, v.f, origin);
        return v;
    }
    const uint32_t elem = c.u32(what + "'s element type");
    if (!gguf_known_type(elem))
        fail_in(origin, ErrorCode::BadFormat, what + " is an array of unknown type " + std::to_string(elem), {key});
    v.elem = VT(elem);
    if (v.elem == VT::Array)
        fail_in(origin, ErrorCode::BadFormat, what + " is an array of arrays, which no model uses", {key});
    const uint64_t n = c.u64(what + "'s length");
    // Each element takes at least its scalar's bytes, a string its 8-byte
    // length: a length the rest of the file cannot hold is refused before
    // anything is allocated.
    const uint64_t min_bytes = v.elem == VT::String ? 8 : uint64_t(gguf_scalar_bytes(v.elem));
    if (n > c.left() / min_bytes)
        fail_in(origin, ErrorCode::Truncated,
                what + " is an array of " + std::to_string(n) + " " + gguf_value_type_name(v.elem) +
                    " elements, more than the " + std::to_string(c.left()) + " bytes left in the file can hold",
                {key});
    if (v.elem == VT::String) {
        v.strings.reserve(size_t(n));
        for (uint64_t k = 0; k < n; ++k) v.strings.push_back(c.str(what + "[" + std::to_string(k) + "]"));
    } else {
        v.numbers.reserve(size_t(n));
        for (uint64_t k = 0; k < n; ++k) {
            int64_t iv = 0;
            double fv = 0;
            gguf_read_scalar(c, v.elem, what, iv, fv, origin);
            v.numbers.push_back(fv);
        }
    }
    return v;
}

}  // namespace

const char* gguf_value_type_name(GgufValue::Type t) {
    switch (t) {
    case VT::U8: return "uint8";
    case VT::I8: return "int8";
    case VT::U16: return "uint16";
    case VT::I16: return "int16";
    case VT::U32: return "uint32";
    case VT::I32: return "int32";
    case VT::F32: return "float32";
    case VT::Bool: return "bool";
    case VT::String: return "string";
    case VT::Array: return "array";
    case VT::U64: return "uint64";
    case VT::I64: return "int64";
    case VT::F64: return "float64";
    }
    return "unknown";
}

bool GgufValue::is_integer() const {
    return type != VT::F32 && type != VT::F64 && type != VT::String && type != VT::Array;
}
bool GgufValue::is_number() const { return type != VT::String && type != VT::Array; }

int64_t GgufTensor::numel() const {
    int64_t n = 1;
    for (int64_t d : dims) n *= d;
    return n;
}

bool looks_like_gguf(const std::byte* data, size_t size) {
    return size >= 4 && std::memcmp(data, "GGUF", 4) == 0;
}

GgufFile GgufFile::parse(const std::byte* data, size_t size, const std::string& origin) {
    GgufFile f;
    f.origin = origin;
    if (size < 4 || std::memcmp(data, "GGUF", 4) != 0)
        fail_in(origin, ErrorCode::UnknownFormat, "not a GGUF file: bad magic (expected 'GGUF')");
    GgufCursor c(data, size, origin);
    c.u32("the magic");
    f.version = c.u32("the version");
    if (f.version == 1)
        fail_in(origin, ErrorCode::BadFormat, "GGUF version 1 (from 2023, 32-bit counts) is not read; convert the model again");
    if (f.version != 2 && f.version != 3)
        fail_in(origin, ErrorCode::BadFormat,
                "GGUF version " + std::to_string(f.version) + " is not one AttnScope reads (2 and 3)",
                {std::to_string(f.version)});
    const uint64_t n_tensors = c.u64("the tensor count");
    const uint64_t n_kv = c.u64("the metadata count");
    // A key/value takes at least 13 bytes (key length, type, a byte); a tensor
    // info at least 24 (name length, n_dims, type, offset).
    if (n_kv > kGgufMaxKeys || n_kv > c.left() / 13)
        fail_in(origin, n_kv > kGgufMaxKeys ? ErrorCode::TooLarge : ErrorCode::Truncated,
                "the header announces " + std::to_string(n_kv) + " metadata entries, more than the file can hold");
    if (n_tensors > kGgufMaxTensors || n_tensors > c.left() / 24)
        fail_in(origin, n_tensors > kGgufMaxTensors ? ErrorCode::TooLarge : ErrorCode::Truncated,
                "the header announces " + std::to_string(n_tensors) + " tensors, more than the file can hold");

    for (uint64_t k = 0; k < n_kv; ++k) {
        std::string key = c.str("metadata key " + std::to_string(k));
        const uint32_t type = c.u32("the type of '" + printable(key) + "'");
        GgufValue v = gguf_read_value(c, type, key, origin);
        if (f.metadata.count(key))
            fail_in(origin, ErrorCode::BadFormat, "metadata key '" + printable(key) + "' appears twice", {key});
        f.key_order.push_back(key);
        f.metadata.emplace(std::move(key), std::move(v));
    }
    if (const GgufValue* a = f.find("general.alignment")) {
        if (!a->is_integer() || a->i <= 0 || a->i > int64_t(kGgufMaxAlignment) || (a->i & (a->i - 1)) != 0)
            fail_in(origin, ErrorCode::BadFormat,
                    "general.alignment must be a power of two up to " + std::to_string(kGgufMaxAlignment));
        f.alignment = uint32_t(a->i);
    }

    f.tensors.reserve(size_t(n_tensors));
    for (uint64_t k = 0; k < n_tensors; ++k) {
        GgufTensor t;
        t.name = c.str("the name of tensor " + std::to_string(k));
        const std::string tn = "tensor '" + printable(t.name) + "'";
        const uint32_t n_dims = c.u32(tn + "'s dimension count");
        if (n_dims < 1 || n_dims > uint32_t(kGgufMaxDims))
            fail_in(origin, ErrorCode::BadFormat,
                    tn + " has " + std::to_string(n_dims) + " dimensions (GGUF allows 1 to " +
                        std::to_string(kGgufMaxDims) + ")",
                    {t.name});
        int64_t numel = 1;
        for (uint32_t d = 0; d < n_dims; ++d) {
            const uint64_t ne = c.u64(tn + "'s shape");
            if (ne > uint64_t(std::numeric_limits<int64_t>::max()) ||
                (ne > 0 && uint64_t(numel) > uint64_t(std::numeric_limits<int64_t>::max() / 8) / ne))
                fail_in(origin, ErrorCode::TooLarge, tn + "'s shape overflows", {t.name});
            t.dims.push_back(int64_t(ne));
            numel *= int64_t(ne);
        }
        const uint32_t type = c.u32(tn + "'s type");
        if (!ggml_type_supported(type)) {
            const std::string name = ggml_type_name(type);
            if (name.starts_with("type "))
                fail_in(origin, ErrorCode::BadFormat, tn + " has unknown ggml type " + std::to_string(type),
                        {t.name, name});
            fail_in(origin, ErrorCode::UnsupportedDType,
                    tn + " is of type " + name + ", which AttnScope does not read (it reads " +
                        ggml_supported_types() + "); choose another quantization of the model",
                    {t.name, name});
        }
        t.type = GgmlType(type);
        const int qk = ggml_block_values(t.type);
        if (t.dims[0] % qk != 0)
            fail_in(origin, ErrorCode::BadFormat,
                    tn + "'s rows of " + std::to_string(t.dims[0]) + " values are not whole " + ggml_type_name(type) +
                        " blocks of " + std::to_string(qk),
                    {t.name});
        t.bytes = uint64_t(numel / qk) * uint64_t(ggml_block_bytes(t.type));
        t.offset = c.u64(tn + "'s offset");
        if (t.offset % f.alignment != 0)
            fail_in(origin, ErrorCode::BadFormat,
                    tn + "'s offset " + std::to_string(t.offset) + " is not a multiple of the alignment " +
                        std::to_string(f.alignment),
                    {t.name});
        if (f.tensor_index.count(t.name))
            fail_in(origin, ErrorCode::DuplicateTensor, tn + " appears twice", {t.name});
        f.tensor_index.emplace(t.name, f.tensors.size());
        f.tensors.push_back(std::move(t));
    }

    // The data section starts at the next multiple of the alignment.
    const uint64_t pos = c.pos();
    f.data_offset = (pos + f.alignment - 1) / f.alignment * f.alignment;
    const uint64_t data_size = f.data_offset <= size ? size - f.data_offset : 0;
    if (!f.tensors.empty() && f.data_offset > size)
        fail_in(origin, ErrorCode::Truncated, "the file ends before its data section");
    std::vector<const GgufTensor*> by_offset;
    for (GgufTensor& t : f.tensors) {
        if (t.offset > data_size || t.bytes > data_size - t.offset)
            fail_in(origin, ErrorCode::Truncated,
                    "tensor '" + printable(t.name) + "' (" + std::to_string(t.bytes) + " bytes at offset " +
                        std::to_string(t.offset) + ") lies past the end of the data section of " +
                        std::to_string(data_size) + " bytes",
                    {t.name});
        t.data = data + f.data_offset + t.offset;
        by_offset.push_back(&t);
    }
    std::sort(by_offset.begin(), by_offset.end(), [](const GgufTensor* a, const GgufTensor* b) {
        return a->offset < b->offset || (a->offset == b->offset && a->bytes < b->bytes);
    });
    for (size_t k = 1; k < by_offset.size(); ++k) {
        const GgufTensor& a = *by_offset[k - 1];
        const GgufTensor& b = *by_offset[k];
        if (a.bytes > 0 && b.bytes > 0 && b.offset < a.offset + a.bytes)
            fail_in(origin, ErrorCode::BadFormat,
                    "tensors '" + printable(a.name) + "' and '" + printable(b.name) + "' overlap in the data section",
                    {a.name, b.name});
    }
    return f;
}

const GgufValue* GgufFile::find(const std::string& key) const {
    const auto it = metadata.find(key);
    return it == metadata.end() ? nullptr : &it->second;
}

const GgufTensor* GgufFile::tensor(const std::string& name) const {
    const auto it = tensor_index.find(name);
    return it == tensor_index.end() ? nullptr : &tensors[it->second];
}

std::optional<int64_t> GgufFile::get_int(const std::string& key) const {
    const GgufValue* v = find(key);
    if (!v) return std::nullopt;
    if (!v->is_integer() || v->type == VT::Bool)
        fail_in(origin, ErrorCode::BadFormat,
                "metadata '" + printable(key) + "' is a " + gguf_value_type_name(v->type) + ", not an integer", {key});
    return v->i;
}

std::optional<double> GgufFile::get_float(const std::string& key) const {
    const GgufValue* v = find(key);
    if (!v) return std::nullopt;
    if (!v->is_number() || v->type == VT::Bool)
        fail_in(origin, ErrorCode::BadFormat,
                "metadata '" + printable(key) + "' is a " + gguf_value_type_name(v->type) + ", not a number", {key});
    return v->f;
}

std::optional<std::string> GgufFile::get_string(const std::string& key) const {
    const GgufValue* v = find(key);
    if (!v) return std::nullopt;
    if (v->type != VT::String)
        fail_in(origin, ErrorCode::BadFormat,
                "metadata '" + printable(key) + "' is a " + gguf_value_type_name(v->type) + ", not a string", {key});
    return v->s;
}

std::optional<bool> GgufFile::get_bool(const std::string& key) const {
    const GgufValue* v = find(key);
    if (!v) return std::nullopt;
    if (v->type != VT::Bool)
        fail_in(origin, ErrorCode::BadFormat,
                "metadata '" + printable(key) + "' is a " + gguf_value_type_name(v->type) + ", not a bool", {key});
    return v->i != 0;
}

}  // namespace attnscope
