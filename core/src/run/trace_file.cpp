#include "attnscope/run/trace_file.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include "attnscope/common/error.h"
#include "attnscope/formats/json.h"
#include "attnscope/tokenizers/tokenizer.h"
#include "attnscope/run/trace.h"
#include "common/mapped_file.h"
#include "formats/safetensors_views.h"

namespace attnscope {

namespace {

constexpr const char* kFormat = "attnscope-trace";

[[noreturn]] void fail(const std::string& path, ErrorCode code, const std::string& what) {
    throw Error(code, "trace file '" + path + "': " + what, {path});
}

const char* dtype_label(DType t) {
    switch (t) {
    case DType::F32: return "float32";
    case DType::F16: return "float16";
    case DType::BF16: return "bfloat16";
    default: return "other";
    }
}

std::string meta(const Metadata& m, const char* key) {
    const auto it = m.find(key);
    return it == m.end() ? std::string() : it->second;
}

// "attention.<l>" -> l, or -1 for any other name.
int layer_of(const std::string& name) {
    static const std::string prefix = "attention.";
    if (name.rfind(prefix, 0) != 0 || name.size() == prefix.size() || name.size() > prefix.size() + 6) return -1;
    int l = 0;
    for (size_t i = prefix.size(); i < name.size(); ++i) {
        if (name[i] < '0' || name[i] > '9') return -1;
        l = l * 10 + (name[i] - '0');
    }
    if (name.size() > prefix.size() + 1 && name[prefix.size()] == '0') return -1;  // "attention.01"
    return l;
}

std::vector<std::string> parse_texts(const std::string& path, const std::string& json, int T) {
    std::vector<std::string> out;
    Json j;
    try {
        j = Json::parse(json);
    } catch (const std::exception& e) {
        fail(path, ErrorCode::BadFormat, std::string("metadata token_texts is not JSON: ") + e.what());
    }
    if (!j.is_array()) fail(path, ErrorCode::BadFormat, "metadata token_texts is not a JSON array of strings");
    if (int64_t(j.items().size()) != T)
        fail(path, ErrorCode::ShapeMismatch,
             "metadata token_texts has " + std::to_string(j.items().size()) + " entries for " + std::to_string(T) +
                 " tokens");
    for (const Json& s : j.items()) {
        if (!s.is_string()) fail(path, ErrorCode::BadFormat, "metadata token_texts holds something other than a string");
        if (find_invalid_utf8(s.as_string()) != std::string::npos)
            fail(path, ErrorCode::InvalidUtf8, "token " + std::to_string(out.size()) + "'s text is not valid UTF-8");
        out.push_back(s.as_string());
    }
    return out;
}

}  // namespace

ImportedAttention::~ImportedAttention() = default;

MatrixRM ImportedAttention::head(int layer, int head) const {
    MatrixRM out(T_, T_);
    rows(layer, head, 0, T_, out.data());
    return out;
}

void ImportedAttention::rows(int layer, int head, int r0, int r1, float* out) const {
    if (layer < 0 || layer >= n_layer() || head < 0 || head >= n_head_)
        throw Error(ErrorCode::InvalidArgument,
                    "no head " + std::to_string(layer) + "." + std::to_string(head) + " in this trace file");
    if (r0 < 0 || r1 < r0 || r1 > T_)
        throw Error(ErrorCode::InvalidArgument, "no rows [" + std::to_string(r0) + ", " + std::to_string(r1) +
                                                    ") for " + std::to_string(T_) + " tokens");
    // The head as a (T, T) view, then its rows: only they are read from the file.
    StoredTensor view = layers_[size_t(layer)]->rows(head, 1);
    view.shape = {T_, T_};
    view.stride = {view.stride[1], view.stride[2]};
    view.rows(r0, r1 - r0).read(out);
    // Weights are probabilities. Rounding to float16 may push one a hair past 1.
    // One branch-free pass (vectorised) checks them all; the culprit is looked
    // for only in rows that fail it.
    const size_t n = size_t(r1 - r0) * size_t(T_);
    bool ok = true;
    for (size_t i = 0; i < n; ++i) ok &= (out[i] >= 0.0f) & (out[i] <= 1.001f);
    if (!ok)
        for (size_t i = 0; i < n; ++i)
            if (!(out[i] >= 0.0f && out[i] <= 1.001f))
                throw Error(ErrorCode::BadFormat,
                            "trace file '" + path_ + "': head " + std::to_string(layer) + "." + std::to_string(head) +
                                " holds " + std::to_string(out[i]) + " at query " + std::to_string(r0 + int64_t(i / size_t(T_))) +
                                ", key " + std::to_string(i % size_t(T_)) +
                                ", which is not an attention weight (a number in [0, 1])",
                            {path_});
}

float ImportedAttention::at(int layer, int head, int query, int key) const {
    if (query < 0 || query >= T_ || key < 0 || key >= T_)
        throw Error(ErrorCode::InvalidArgument, "no cell (" + std::to_string(query) + ", " + std::to_string(key) +
                                                    ") for " + std::to_string(T_) + " tokens");
    std::vector<float> row(static_cast<size_t>(T_));
    rows(layer, head, query, query + 1, row.data());
    return row[size_t(key)];
}

bool is_trace_file(const std::string& path) {
    // Only a regular file: opening a FIFO for reading would block until a
    // writer comes, and a device may never end.
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return false;
    std::ifstream f(path, std::ios::binary);
    unsigned char len[8];
    if (!f.read(reinterpret_cast<char*>(len), 8)) return false;
    uint64_t n = 0;
    for (int i = 7; i >= 0; --i) n = n << 8 | len[i];
    if (n < 2 || n > uint64_t(kMaxSafetensorsHeader)) return false;
    std::string header(size_t(n), '\0');
    if (!f.read(header.data(), std::streamsize(n))) return false;
    try {
        const Json j = Json::parse(header);
        const Json* m = j.is_object() ? j.find("__metadata__") : nullptr;
        const Json* fmt = m && m->is_object() ? m->find("format") : nullptr;
        return fmt && fmt->is_string() && fmt->as_string() == kFormat;
    } catch (const std::exception&) {
        return false;
    }
}

std::shared_ptr<Trace> open_trace_file(const std::string& path) {
    auto file = std::make_shared<const MappedFile>(path);
    SafetensorsViews views = parse_safetensors_views(file->data(), file->size(), path, file.get());
    const Metadata& md = views.metadata;
    if (meta(md, "format") != kFormat)
        fail(path, ErrorCode::UnknownFormat,
             "a safetensors file without \"format\": \"attnscope-trace\" in its metadata is not a trace file");
    if (meta(md, "version") != "1")
        fail(path, ErrorCode::BadFormat,
             "trace format version '" + meta(md, "version") + "' is not one this AttnScope reads (it reads 1)");

    std::shared_ptr<ImportedAttention> imp(new ImportedAttention());
    imp->path_ = path;
    std::vector<const StoredTensor*> by_layer;
    const StoredTensor* ids = nullptr;
    for (const auto& [name, t] : views.tensors) {
        if (name == "tokens") {
            ids = &t;
            continue;
        }
        const int l = layer_of(name);
        if (l < 0) fail(path, ErrorCode::UnexpectedTensor, "tensor '" + name + "' is not part of a trace file (attention.<layer>, tokens)");
        if (l >= TraceFileLimits::max_layers)
            fail(path, ErrorCode::TooLarge, "layer " + std::to_string(l) + " is past the " +
                                                std::to_string(TraceFileLimits::max_layers) + " layers accepted");
        if (size_t(l) >= by_layer.size()) by_layer.resize(size_t(l) + 1, nullptr);
        by_layer[size_t(l)] = &t;
    }
    if (by_layer.empty()) fail(path, ErrorCode::MissingTensor, "no attention.<layer> tensor: the file holds no attention");
    for (size_t l = 0; l < by_layer.size(); ++l)
        if (!by_layer[l])
            fail(path, ErrorCode::MissingTensor,
                 "attention." + std::to_string(l) + " is missing (layers run 0 to " + std::to_string(by_layer.size() - 1) + ")");

    const StoredTensor& first = *by_layer[0];
    if (first.rank() != 3 || first.shape[1] != first.shape[2] || first.shape[0] < 1 || first.shape[1] < 1)
        fail(path, ErrorCode::ShapeMismatch, "attention.0 must be (heads, T, T), not " + shape_string(first.shape));
    if (first.shape[0] > TraceFileLimits::max_heads || first.shape[1] > TraceFileLimits::max_tokens)
        fail(path, ErrorCode::TooLarge, "attention.0 " + shape_string(first.shape) + " is past the limits (" +
                                            std::to_string(TraceFileLimits::max_heads) + " heads, " +
                                            std::to_string(TraceFileLimits::max_tokens) + " tokens)");
    for (size_t l = 0; l < by_layer.size(); ++l) {
        const StoredTensor& t = *by_layer[l];
        if (t.shape != first.shape)
            fail(path, ErrorCode::ShapeMismatch, "attention." + std::to_string(l) + " is " + shape_string(t.shape) +
                                                     " but attention.0 is " + shape_string(first.shape));
        if (t.dtype != DType::F32 && t.dtype != DType::F16 && t.dtype != DType::BF16)
            fail(path, ErrorCode::UnsupportedDType,
                 "attention." + std::to_string(l) + " must be float32, float16 or bfloat16");
        if (t.dtype != first.dtype)
            fail(path, ErrorCode::BadFormat, "attention." + std::to_string(l) + " has another dtype than attention.0");
        imp->layers_.push_back(std::make_unique<StoredTensor>(t));
    }
    imp->n_head_ = int(first.shape[0]);
    imp->T_ = int(first.shape[1]);
    imp->dtype_ = dtype_label(first.dtype);

    auto tr = std::make_shared<Trace>();
    tr->tokens.assign(size_t(imp->T_), 0);
    if (ids) {
        if (ids->rank() != 1 || ids->shape[0] != imp->T_)
            fail(path, ErrorCode::ShapeMismatch,
                 "tokens is " + shape_string(ids->shape) + " for attention over " + std::to_string(imp->T_) + " tokens");
        if (ids->dtype != DType::I64 && ids->dtype != DType::I32)
            fail(path, ErrorCode::UnsupportedDType, "tokens must be int64 or int32");
        const Tensor v = ids->to_tensor();
        for (size_t i = 0; i < v.data.size(); ++i) {
            const float x = v.data[i];
            if (!(x >= 0 && x < float(1 << 24)))
                fail(path, ErrorCode::BadFormat, "token " + std::to_string(i) + " has the id " + std::to_string(x));
            tr->tokens[i] = int(x);
        }
        imp->has_ids_ = true;
    }
    imp->texts_ = md.count("token_texts") ? parse_texts(path, meta(md, "token_texts"), imp->T_)
                                          : std::vector<std::string>(size_t(imp->T_));
    const std::string causal = meta(md, "causal");
    if (!causal.empty() && causal != "true" && causal != "false")
        fail(path, ErrorCode::BadFormat, "metadata causal must be \"true\" or \"false\", not '" + causal + "'");
    imp->model_ = meta(md, "model");
    imp->config_ = meta(md, "config");
    for (const std::string* s : {&imp->model_, &imp->config_})
        if (find_invalid_utf8(*s) != std::string::npos) fail(path, ErrorCode::InvalidUtf8, "metadata is not valid UTF-8");
    imp->file_ = std::move(file);

    tr->causal = causal != "false";
    tr->config.arch = "trace";
    tr->config.n_layer = imp->n_layer();
    tr->config.n_head = imp->n_head();
    tr->config.context_length = imp->T();
    tr->config.vocab_size = imp->has_ids_ ? *std::max_element(tr->tokens.begin(), tr->tokens.end()) + 1 : 0;
    tr->layers.resize(size_t(imp->n_layer()));
    tr->weights_dense = false;
    tr->imported = std::move(imp);
    return tr;
}

}  // namespace attnscope
