#include "torch_checkpoint.h"

#include <charconv>
#include <set>

#include "attnscope/error.h"
#include "dtype.h"
#include "pickle.h"
#include "zip_reader.h"

namespace attnscope {

namespace {


// The entry "<archive>/data.pkl": exactly one, one folder deep.
const ZipReader::Entry& find_pickle(const ZipReader& zip, const std::string& origin) {
    const ZipReader::Entry* found = nullptr;
    for (const ZipReader::Entry& e : zip.entries()) {
        const size_t slash = e.name.find('/');
        if (slash == std::string::npos || e.name.substr(slash) != "/data.pkl") continue;
        if (found)
            fail_in(origin, ErrorCode::BadFormat,
                 "zip archive holds two pickles, '" + printable(found->name) + "' and '" +
                     printable(e.name) + "'");
        found = &e;
    }
    if (!found)
        fail_in(origin, ErrorCode::UnknownFormat,
             "zip archive is not a PyTorch checkpoint: it has no '<name>/data.pkl' entry");
    return *found;
}

// A scalar as text, or "" for anything that is not a scalar.
std::string scalar_text(const PyValue& v) {
    switch (v.type()) {
    case PyType::None: return "None";
    case PyType::Bool: return v.as_bool() ? "true" : "false";
    case PyType::Int: return std::to_string(v.as_int());
    case PyType::Float: {
        char buf[32];
        const auto r = std::to_chars(buf, buf + sizeof buf, v.as_float());
        return std::string(buf, r.ptr);
    }
    case PyType::Str: return *v.str();
    default: return "";
    }
}

Metadata scalars_of(const PyValue& dict) {
    Metadata out;
    const std::vector<PyValue>& kv = dict.obj()->items;
    for (size_t i = 0; i + 1 < kv.size(); i += 2)
        if (const std::string* k = kv[i].str()) {
            std::string text = scalar_text(kv[i + 1]);
            if (!text.empty() || kv[i + 1].is(PyType::Str)) out[*k] = std::move(text);
        }
    return out;
}

bool is_contiguous(const TensorRef& t) {
    int64_t expect = 1;
    for (size_t i = t.size.size(); i-- > 0;) {
        if (t.size[i] != 1 && t.stride[i] != expect) return false;
        expect *= t.size[i];
    }
    return true;
}

// Converts a (possibly strided) view of a storage's bytes to contiguous float32.
void gather(const StorageRef& s, const std::byte* base, const TensorRef& t, float* dst) {
    const std::byte* src = base + t.offset * s.elem_size;
    if (is_contiguous(t)) {
        to_float(s.dtype, src, t.numel, dst);
        return;
    }
    const size_t rank = t.size.size();
    std::vector<int64_t> idx(rank, 0);
    int64_t at = 0;  // element offset of idx from src
    for (int64_t n = 0; n < t.numel; ++n) {
        to_float(s.dtype, src + at * s.elem_size, 1, dst + n);
        for (size_t d = rank; d-- > 0;) {  // odometer: advance the last dimension first
            if (++idx[d] < t.size[d]) {
                at += t.stride[d];
                break;
            }
            at -= (t.size[d] - 1) * t.stride[d];
            idx[d] = 0;
        }
    }
}

}  // namespace

TorchCheckpoint TorchCheckpoint::read(const std::byte* data, size_t size, const std::string& origin) {
    const ZipReader zip(data, size, origin);
    const ZipReader::Entry& pkl = find_pickle(zip, origin);
    TorchCheckpoint ck;
    ck.archive = pkl.name.substr(0, pkl.name.find('/'));
    if (const ZipReader::Entry* bo = zip.find(ck.archive + "/byteorder")) {
        const auto b = zip.read(*bo);
        const std::string order(reinterpret_cast<const char*>(b.data()), std::min<size_t>(b.size(), 16));
        if (order != "little")
            fail_in(origin, ErrorCode::BadFormat,
                 "checkpoint was written on a '" + printable(order) +
                     "'-endian machine; only little-endian is read");
    }
    const Pickle pk = unpickle(zip.read(pkl), origin + ": pickle '" + printable(pkl.name) + "'");

    // Every storage must have its entry, large enough for the elements it claims.
    std::vector<std::span<const std::byte>> bytes(pk.storages.size());
    for (size_t i = 0; i < pk.storages.size(); ++i) {
        const StorageRef& s = pk.storages[i];
        const std::string name = ck.archive + "/data/" + s.key;
        const ZipReader::Entry* e = zip.find(name);
        if (!e)
            fail_in(origin, ErrorCode::BadFormat,
                 "storage '" + printable(s.key) + "' has no entry '" + printable(name) + "'", {s.key});
        bytes[i] = zip.read(*e);
        if (uint64_t(s.numel) > bytes[i].size() / uint64_t(s.elem_size))
            fail_in(origin, ErrorCode::BadFormat,
                 "storage '" + printable(s.key) + "' claims " + std::to_string(s.numel) + " " +
                     s.type_name + " elements (" + std::to_string(s.numel * s.elem_size) +
                     " bytes) but its entry '" + printable(name) + "' holds " +
                     std::to_string(bytes[i].size()) + " bytes",
                 {s.key});
    }

    if (!pk.root.is(PyType::Dict))
        fail_in(origin, ErrorCode::BadFormat,
             std::string("checkpoint holds a ") + py_type_name(pk.root.type()) +
                 ", expected a dict of tensors or a dict holding a state dict");
    const PyValue* sd = &pk.root;
    for (const char* key : {"model_state_dict", "model", "state_dict"})
        if (const PyValue* v = Pickle::get(pk.root, key); v && v->is(PyType::Dict)) {
            sd = v;
            ck.state_dict_key = key;
            break;
        }
    const std::vector<PyValue>& top = pk.root.obj()->items;
    for (size_t i = 0; i + 1 < top.size(); i += 2)
        if (const std::string* k = top[i].str(); k && !ck.state_dict_key.empty() && *k != ck.state_dict_key)
            ck.other_keys.push_back(printable(*k));
    if (const PyValue* v = Pickle::get(pk.root, "model_args"); v && v->is(PyType::Dict)) {
        ck.model_args = scalars_of(*v);
        ck.has_model_args = true;
    }
    if (const PyValue* v = Pickle::get(pk.root, "config"); v && v->is(PyType::Dict))
        ck.train_config = scalars_of(*v);

    // Materialize the state dict's tensors, and nothing else.
    const std::vector<PyValue>& kv = sd->obj()->items;
    const int64_t budget = 16 * int64_t(size) + (int64_t(1) << 20);
    int64_t total = 0;
    for (size_t i = 0; i + 1 < kv.size(); i += 2) {
        const std::string* name = kv[i].str();
        const TensorRef* t = pk.tensor(kv[i + 1]);
        const std::string where =
            ck.state_dict_key.empty() ? "the checkpoint" : "'" + ck.state_dict_key + "'";
        if (!name)
            fail_in(origin, ErrorCode::BadFormat, "a key of " + where + " is a " +
                                                   py_type_name(kv[i].type()) + ", not a tensor name");
        if (!t)
            fail_in(origin, ErrorCode::BadFormat,
                 "entry '" + printable(*name) + "' of " + where + " is a " +
                     py_type_name(kv[i + 1].type()) +
                     (ck.state_dict_key.empty()
                          ? "; expected a state dict under 'model_state_dict', 'model' or "
                            "'state_dict', or tensors at the top level"
                          : ", not a tensor"),
                 {*name});
        const StorageRef& s = pk.storages[size_t(t->storage)];
        if (!s.convertible)
            fail_in(origin, ErrorCode::UnsupportedDType,
                 "tensor '" + printable(*name) + "' is stored as " + s.type_name +
                     ", which AttnScope does not read (float32, float16, bfloat16, float64 and "
                     "integer tensors are read)",
                 {*name, s.type_name});
        if (t->numel > s.numel)
            fail_in(origin, ErrorCode::TooLarge,
                 "tensor '" + printable(*name) + "' " + shape_string(t->size) + " has " +
                     std::to_string(t->numel) + " elements but its storage holds only " +
                     std::to_string(s.numel),
                 {*name});
        total += t->numel * 4;
        if (total > budget)
            fail_in(origin, ErrorCode::TooLarge,
                 "the state dict's tensors would need " + std::to_string(total) +
                     " bytes as float32, far more than the " + std::to_string(size) + "-byte file holds");
        if (ck.tensors.count(*name))
            fail_in(origin, ErrorCode::DuplicateTensor, "tensor '" + printable(*name) + "' appears twice",
                 {*name});
        Tensor out;
        out.shape = t->size;
        out.data.resize(size_t(t->numel));
        gather(s, bytes[size_t(t->storage)].data(), *t, out.data.data());
        ck.stored.emplace_back(*name, t->size);
        ck.tensors.emplace(*name, std::move(out));
    }
    return ck;
}

}  // namespace attnscope
