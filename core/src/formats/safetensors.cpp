#include "attnscope/formats/safetensors.h"

#include <cstring>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

#include "attnscope/common/error.h"
#include "attnscope/common/file_io.h"
#include "attnscope/formats/json.h"
#include "formats/dtype.h"
#include "common/mapped_file.h"
#include "formats/safetensors_views.h"

namespace attnscope {

namespace {

bool parse_dtype(const std::string& s, DType& out) {
    static const std::pair<const char*, DType> table[] = {
        {"F32", DType::F32}, {"F16", DType::F16}, {"BF16", DType::BF16}, {"F64", DType::F64},
        {"I64", DType::I64}, {"I32", DType::I32}, {"I16", DType::I16},   {"I8", DType::I8},
        {"U8", DType::U8},   {"BOOL", DType::Bool}};
    for (const auto& [name, t] : table)
        if (s == name) {
            out = t;
            return true;
        }
    return false;
}

uint64_t read_u64le(const std::byte* p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | uint64_t(p[i]);
    return v;
}


}  // namespace

bool looks_like_safetensors(const std::byte* data, size_t size) {
    if (size < 10) return false;
    const uint64_t n = read_u64le(data);
    return n >= 2 && n <= uint64_t(kMaxSafetensorsHeader) && char(data[8]) == '{';
}

SafetensorsViews parse_safetensors_views(const std::byte* data, size_t size, const std::string& origin,
                                         const MappedFile* file) {
    if (size < 8)
        fail_in(origin, ErrorCode::Truncated,
            "file is " + std::to_string(size) +
                " bytes, too short for the 8-byte safetensors header length");
    if (size == 8)
        fail_in(origin, ErrorCode::Truncated, "file ends after the header length: the header is missing");
    if (char(data[8]) != '{')
        fail_in(origin, ErrorCode::UnknownFormat,
            "not a safetensors file: bad magic (the header does not begin with '{')");
    const uint64_t header_len = read_u64le(data);
    if (header_len > size - 8)
        fail_in(origin, ErrorCode::Truncated,
            "safetensors header length " + std::to_string(header_len) + " exceeds the " +
                std::to_string(size - 8) + " bytes that follow it",
            {std::to_string(header_len)});
    if (header_len > uint64_t(kMaxSafetensorsHeader))
        fail_in(origin, ErrorCode::TooLarge,
            "safetensors header of " + std::to_string(header_len) + " bytes is larger than " +
                std::to_string(kMaxSafetensorsHeader) + " bytes");

    Json header;
    try {
        header = Json::parse(std::string_view(reinterpret_cast<const char*>(data + 8), header_len));
    } catch (const Error& e) {
        fail_in(origin, ErrorCode::BadFormat, std::string("safetensors header: ") + e.what());
    }
    if (!header.is_object()) fail_in(origin, ErrorCode::BadFormat, "safetensors header is not a JSON object");

    const std::byte* base = data + 8 + header_len;
    const uint64_t data_size = size - 8 - header_len;
    SafetensorsViews out;
    std::set<std::string> seen;
    for (const auto& [name, info] : header.members()) {
        if (name == "__metadata__") {
            if (!info.is_object())
                fail_in(origin, ErrorCode::BadFormat, "__metadata__ is not an object of strings");
            for (const auto& [k, v] : info.members()) {
                if (!v.is_string())
                    fail_in(origin, ErrorCode::BadFormat, "__metadata__ value '" + k + "' is not a string");
                out.metadata[k] = v.as_string();
            }
            continue;
        }
        if (!seen.insert(name).second)
            fail_in(origin, ErrorCode::DuplicateTensor, "tensor '" + name + "' appears twice", {name});
        const Json* dtype = info.find("dtype");
        const Json* shape = info.find("shape");
        const Json* offsets = info.find("data_offsets");
        if (!info.is_object() || !dtype || !dtype->is_string() || !shape || !shape->is_array() ||
            !offsets || !offsets->is_array() || offsets->items().size() != 2)
            fail_in(origin, ErrorCode::BadFormat,
                "tensor '" + name + "' lacks a valid dtype, shape or data_offsets", {name});
        DType dt;
        if (!parse_dtype(dtype->as_string(), dt))
            fail_in(origin, ErrorCode::UnsupportedDType,
                "tensor '" + name + "' has unsupported dtype " + dtype->as_string(),
                {name, dtype->as_string()});
        if (shape->items().size() > 8)
            fail_in(origin, ErrorCode::BadFormat, "tensor '" + name + "' has more than 8 dimensions", {name});
        Shape dims;
        for (const Json& d : shape->items()) {
            if (!d.is_integer() || d.as_int() < 0)
                fail_in(origin, ErrorCode::BadFormat,
                    "tensor '" + name + "' has a dimension that is not a non-negative integer", {name});
            dims.push_back(d.as_int());
        }
        int64_t numel = 0;
        try {
            numel = shape_numel(dims);
        } catch (const Error&) {
            fail_in(origin, ErrorCode::TooLarge,
                "tensor '" + name + "' shape " + shape_string(dims) + " overflows", {name, shape_string(dims)});
        }
        if (numel > std::numeric_limits<int64_t>::max() / 8)
            fail_in(origin, ErrorCode::TooLarge,
                "tensor '" + name + "' shape " + shape_string(dims) + " overflows", {name, shape_string(dims)});
        const int64_t nbytes = numel * dtype_size(dt);
        const Json& b = offsets->items()[0];
        const Json& e = offsets->items()[1];
        if (!b.is_integer() || !e.is_integer() || b.as_int() < 0 || e.as_int() < b.as_int())
            fail_in(origin, ErrorCode::BadFormat, "tensor '" + name + "' has invalid data_offsets", {name});
        if (uint64_t(e.as_int()) > data_size)
            fail_in(origin, ErrorCode::Truncated,
                "tensor '" + name + "' data_offsets [" + std::to_string(b.as_int()) + "," +
                    std::to_string(e.as_int()) + "] lie outside the file's " +
                    std::to_string(data_size) + " data bytes",
                {name});
        if (e.as_int() - b.as_int() != nbytes)
            fail_in(origin, ErrorCode::BadFormat,
                "tensor '" + name + "' spans " + std::to_string(e.as_int() - b.as_int()) +
                    " bytes but shape " + shape_string(dims) + " of " + dtype->as_string() +
                    " needs " + std::to_string(nbytes),
                {name});
        out.tensors.emplace(name, StoredTensor::contiguous(dims, dt, base + b.as_int(), file));
    }
    return out;
}

SafetensorsFile parse_safetensors(const std::byte* data, size_t size, const std::string& origin) {
    SafetensorsViews views = parse_safetensors_views(data, size, origin, nullptr);
    SafetensorsFile out;
    out.metadata = std::move(views.metadata);
    for (const auto& [name, v] : views.tensors) out.tensors.emplace(name, v.to_tensor());
    return out;
}

SafetensorsFile read_safetensors(const std::string& path) {
    const MappedFile file(path);
    return parse_safetensors(file.data(), file.size(), path);
}

std::string safetensors_bytes(const TensorMap& tensors, const Metadata& metadata) {
    std::ostringstream hs;
    JsonWriter w(hs);
    w.begin_object();
    if (!metadata.empty()) {
        w.key("__metadata__").begin_object();
        for (const auto& [k, v] : metadata) w.key(k).value(v);
        w.end_object();
    }
    int64_t offset = 0;
    for (const auto& [name, t] : tensors) {
        if (t.numel() != shape_numel(t.shape))
            throw Error(ErrorCode::InvalidArgument, "tensor '" + name + "' data does not match its shape");
        const int64_t n = t.numel() * 4;
        w.key(name).begin_object();
        w.key("dtype").value("F32");
        w.key("shape").array(t.shape);
        w.key("data_offsets").array(std::vector<int64_t>{offset, offset + n});
        w.end_object();
        offset += n;
    }
    w.end_object();
    std::string header = hs.str();
    header.append((8 - header.size() % 8) % 8, ' ');
    std::string out;
    out.reserve(8 + header.size() + size_t(offset));
    uint64_t len = header.size();
    for (int i = 0; i < 8; ++i) out += char((len >> (8 * i)) & 0xFF);
    out += header;
    for (const auto& [name, t] : tensors)
        out.append(reinterpret_cast<const char*>(t.data.data()), t.data.size() * sizeof(float));
    return out;
}

void write_safetensors(const std::string& path, const TensorMap& tensors, const Metadata& metadata) {
    const std::string bytes = safetensors_bytes(tensors, metadata);
    // Beside the target, then renamed over it: a failed save never destroys a
    // good file and leaves nothing behind.
    write_file_atomically(path, bytes);
}

}  // namespace attnscope
