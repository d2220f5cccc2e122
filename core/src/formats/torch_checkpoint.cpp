#include "formats/torch_checkpoint.h"

#include <algorithm>
#include <charconv>
#include <set>
#include <unordered_set>

#include "attnscope/common/error.h"
#include "formats/dtype.h"
#include "formats/pickle.h"
#include "formats/zip_reader.h"

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

// The scalar entries of a mapping as text; nested mappings (a config's "model"
// section) add theirs under their own keys when those are not already set.
void scalars_of(const PyValue& v, Metadata& out, int depth = 0) {
    const std::vector<PyValue>* kv = Pickle::mapping(v);
    if (!kv || depth > 3) return;
    std::vector<const PyValue*> nested;
    for (size_t i = 0; i + 1 < kv->size(); i += 2) {
        const std::string* k = (*kv)[i].str();
        if (!k) continue;
        const PyValue& val = (*kv)[i + 1];
        if (Pickle::mapping(val)) {
            nested.push_back(&val);
            continue;
        }
        std::string text = scalar_text(val);
        if (!text.empty() || val.is(PyType::Str)) out[*k] = std::move(text);
    }
    for (const PyValue* n : nested) {
        Metadata inner;
        scalars_of(*n, inner, depth + 1);
        for (auto& [k, t] : inner) out.emplace(k, std::move(t));
    }
}

// Names an optimizer gives its per-parameter state.
bool is_optimizer_state_name(const std::string& k) {
    static const std::set<std::string> names = {
        "exp_avg", "exp_avg_sq", "max_exp_avg_sq", "momentum_buffer", "step", "square_avg",
        "acc_delta", "sum", "mu", "eta", "prev", "step_size", "exp_inf"};
    return names.count(k) > 0;
}

bool mentions_optimizer(const std::string& key) {
    std::string lower;
    for (const char c : key) lower += char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return lower.find("optim") != std::string::npos || lower == "scaler" ||
           lower == "lr_scheduler" || lower == "scheduler";
}

// A mapping that holds tensors under string keys: a state dict, maybe.
struct Candidate {
    const PyValue* value = nullptr;
    std::string path;         // keys from the root, joined by '.'
    int tensors = 0;          // tensor values under string keys
    int entries = 0;          // all entries
    bool optimizer = false;   // under an optimizer's entry, or holding only its state
};

// Every mapping reachable from the root that holds tensors, once each (a memo
// can make the payload a graph), at most 32 levels deep.
class CandidateFinder {
public:
    explicit CandidateFinder(const Pickle& pk) : pk_(pk) {}

    std::vector<Candidate> find(const PyValue& root) {
        walk(root, "", false, 0);
        return std::move(found_);
    }

private:
    void walk(const PyValue& v, const std::string& path, bool optimizer, int depth) {
        const PyObject* o = v.obj();
        if (!o || depth > 32 || !seen_.insert(o).second) return;
        const auto join = [&](const std::string& key) { return path.empty() ? key : path + "." + key; };
        if (const std::vector<PyValue>* kv = Pickle::mapping(v)) {
            Candidate c{&v, path, 0, int(kv->size() / 2), optimizer};
            bool only_optimizer_names = true;
            for (size_t i = 0; i + 1 < kv->size(); i += 2) {
                const std::string* k = (*kv)[i].str();
                if (k && pk_.tensor((*kv)[i + 1])) {
                    ++c.tensors;
                    only_optimizer_names = only_optimizer_names && is_optimizer_state_name(*k);
                }
            }
            c.optimizer = c.optimizer || (c.tensors > 0 && only_optimizer_names);
            if (c.tensors > 0) found_.push_back(c);
            for (size_t i = 0; i + 1 < kv->size(); i += 2) {
                const PyValue& key = (*kv)[i];
                const std::string k = key.str() ? *key.str()
                                      : key.is(PyType::Int) ? std::to_string(key.as_int())
                                                            : "?";
                walk((*kv)[i + 1], join(k), optimizer || mentions_optimizer(k), depth + 1);
            }
            return;
        }
        if (v.is(PyType::List) || v.is(PyType::Tuple))
            for (size_t i = 0; i < o->items.size(); ++i)
                walk(o->items[i], join(std::to_string(i)), optimizer, depth + 1);
        else if (v.is(PyType::Inert))
            walk(o->args, path, optimizer, depth + 1);
    }

    const Pickle& pk_;
    std::unordered_set<const PyObject*> seen_;
    std::vector<Candidate> found_;
};

// The model's state dict among the candidates: the root when it is one, then
// the entries training scripts use, then the largest. Never optimizer state.
const Candidate* choose(const std::vector<Candidate>& all) {
    static const char* preferred[] = {"",      "model_state_dict", "state_dict", "model",
                                      "module", "model_state",      "net",        "network",
                                      "weights", "params",          "policy_state_dict"};
    for (const char* p : preferred)
        for (const Candidate& c : all)
            if (!c.optimizer && c.path == p && (c.path != "" || c.tensors * 2 > c.entries)) return &c;
    const Candidate* best = nullptr;
    for (const Candidate& c : all)
        if (!c.optimizer && (!best || c.tensors > best->tensors)) best = &c;
    return best;
}

// The entry that holds the model's hyper-parameters, in the order scripts use.
const char* const kConfigKeys[] = {"model_args", "config", "cfg", "model_config",
                                   "hyper_parameters", "hparams", "args"};

std::string not_run_summary(const std::map<std::string, int>& not_run) {
    std::string s;
    int n = 0;
    for (const auto& [name, count] : not_run) {
        if (n++ == 6) {
            s += ", ...";
            break;
        }
        s += (s.empty() ? "'" : ", '") + name + "'";
    }
    return s;
}

}  // namespace

TorchCheckpoint TorchCheckpoint::read(const std::byte* data, size_t size, const std::string& origin,
                                      const MappedFile* file) {
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
    Pickle pk = unpickle(zip.read(pkl), origin + ": pickle '" + printable(pkl.name) + "'");
    ck.not_run = std::move(pk.not_run);

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

    const std::vector<Candidate> candidates = CandidateFinder(pk).find(pk.root);
    const Candidate* sd = choose(candidates);
    if (!sd) {
        std::string why = "no model weights found: the payload holds no dict of tensors";
        if (std::any_of(candidates.begin(), candidates.end(), [](const Candidate& c) { return c.optimizer; }))
            why += " other than optimizer state";
        if (!ck.not_run.empty())
            why += "; it asks to run " + not_run_summary(ck.not_run) + ", which AttnScope never runs";
        fail_in(origin, ErrorCode::MissingTensor, why);
    }
    ck.state_dict_key = sd->path;
    if (const std::vector<PyValue>* top = Pickle::mapping(pk.root); top && !sd->path.empty())
        for (size_t i = 0; i + 1 < top->size(); i += 2)
            if (const std::string* k = (*top)[i].str(); k && *k != sd->path.substr(0, sd->path.find('.')))
                ck.other_keys.push_back(printable(*k));
    for (const char* key : kConfigKeys) {
        const PyValue* v = Pickle::get(pk.root, key);
        if (!v || !Pickle::mapping(*v)) continue;
        scalars_of(*v, ck.config);
        ck.config_key = key;
        ck.has_model_args = ck.config_key == "model_args";
        break;
    }

    // Views of the state dict's tensors, and nothing else; no bytes are read yet.
    const std::vector<PyValue>& kv = *Pickle::mapping(*sd->value);
    const int64_t budget = 16 * int64_t(size) + (int64_t(1) << 20);
    int64_t total = 0;
    for (size_t i = 0; i + 1 < kv.size(); i += 2) {
        const std::string* name = kv[i].str();
        const TensorRef* t = pk.tensor(kv[i + 1]);
        if (!name || !t) {
            ck.skipped.push_back(name ? printable(*name) : std::string("a ") + py_type_name(kv[i].type()) + " key");
            continue;
        }
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
        StoredTensor view;
        view.shape = t->size;
        view.stride = t->stride;
        view.dtype = s.dtype;
        view.base = bytes[size_t(t->storage)].data() + t->offset * s.elem_size;
        view.file = file;
        ck.stored.emplace_back(*name, t->size);
        ck.tensors.emplace(*name, std::move(view));
    }
    return ck;
}

}  // namespace attnscope
