#include "formats/pickle_objects.h"

#include <algorithm>
#include <bit>

#include "common/utf8.h"

namespace attnscope {

namespace {

// Storage classes torch.save names by GLOBAL; they are type tags, never called.
struct StorageType {
    const char* name;
    int size;
    bool convertible;
    DType dtype;
};
constexpr StorageType kStorageTypes[] = {
    {"FloatStorage", 4, true, DType::F32},    {"HalfStorage", 2, true, DType::F16},
    {"BFloat16Storage", 2, true, DType::BF16}, {"DoubleStorage", 8, true, DType::F64},
    {"LongStorage", 8, true, DType::I64},     {"IntStorage", 4, true, DType::I32},
    {"ShortStorage", 2, true, DType::I16},    {"CharStorage", 1, true, DType::I8},
    {"ByteStorage", 1, true, DType::U8},      {"BoolStorage", 1, true, DType::Bool},
    {"ComplexFloatStorage", 8, false, DType::U8}, {"ComplexDoubleStorage", 16, false, DType::U8},
    {"QInt8Storage", 1, false, DType::U8},    {"QUInt8Storage", 1, false, DType::U8},
    {"QInt32Storage", 4, false, DType::U8},   {"QUInt4x2Storage", 1, false, DType::U8},
    {"QUInt2x4Storage", 1, false, DType::U8}, {"UntypedStorage", 1, false, DType::U8},
};

constexpr int kMaxRank = 16;

}  // namespace

PickleObjects::PickleObjects(Pickle& out, const PickleLimits& limits, const std::string& origin,
                             const size_t& op_pos)
    : out_(out), lim_(limits), origin_(origin), op_pos_(op_pos) {}

void PickleObjects::fail(ErrorCode code, const std::string& what, std::vector<std::string> args) const {
    args.insert(args.begin(), origin_);
    throw Error(code, origin_ + ": " + what + " (at byte " + std::to_string(op_pos_) + ")",
                std::move(args));
}

PyObject* PickleObjects::make(PyType t) {
    if (int64_t(out_.arena.size()) >= lim_.max_objects)
        fail(ErrorCode::TooLarge,
             "builds more than " + std::to_string(lim_.max_objects) + " objects");
    PyObject& o = out_.arena.emplace_back();
    o.type = t;
    return &o;
}

PyValue PickleObjects::make_text(PyType t, std::string text) {
    PyObject* o = make(t);
    o->text = std::move(text);
    return PyValue::object(o);
}

PyValue PickleObjects::make_container(PyType t, std::vector<PyValue> items) {
    PyObject* o = make(t);
    add_items(o, std::move(items));
    return PyValue::object(o);
}

void PickleObjects::add_items(PyObject* c, std::vector<PyValue>&& items) {
    elements_ += int64_t(items.size());
    if (elements_ > lim_.max_elements)
        fail(ErrorCode::TooLarge, "containers hold more than " +
                                      std::to_string(lim_.max_elements) + " items in all");
    for (const PyValue& v : items) {
        c->depth = std::max(c->depth, v.depth() + 1);
        if (c->depth > lim_.max_depth)
            fail(ErrorCode::TooLarge,
                 "nests containers deeper than " + std::to_string(lim_.max_depth) + " levels");
    }
    if (c->items.empty()) c->items = std::move(items);
    else c->items.insert(c->items.end(), items.begin(), items.end());
}

namespace {

struct KnownGlobal {
    const char* module;
    const char* name;
    PyGlobal global;
};

// Globals understood without running anything. Older pickles (protocol < 3)
// spell builtins as __builtin__.
constexpr KnownGlobal kKnown[] = {
    {"collections", "OrderedDict", PyGlobal::OrderedDict},
    {"torch", "Size", PyGlobal::TorchSize},
    {"torch._utils", "_rebuild_tensor_v2", PyGlobal::RebuildTensorV2},
    {"torch._utils", "_rebuild_parameter", PyGlobal::RebuildParameter},
    {"torch._utils", "_rebuild_parameter_with_state", PyGlobal::RebuildParameter},
    {"torch._tensor", "_rebuild_from_type_v2", PyGlobal::RebuildFromType},
    {"torch.torch_version", "TorchVersion", PyGlobal::TorchVersion},
    {"builtins", "set", PyGlobal::Set},
    {"__builtin__", "set", PyGlobal::Set},
    {"builtins", "frozenset", PyGlobal::FrozenSet},
    {"__builtin__", "frozenset", PyGlobal::FrozenSet},
    {"builtins", "bytearray", PyGlobal::ByteArray},
    {"__builtin__", "bytearray", PyGlobal::ByteArray},
    {"_codecs", "encode", PyGlobal::CodecsEncode},
    {"numpy.core.multiarray", "scalar", PyGlobal::NumpyScalar},
    {"numpy._core.multiarray", "scalar", PyGlobal::NumpyScalar},
    {"numpy", "dtype", PyGlobal::NumpyDtype},
};

}  // namespace

PyValue PickleObjects::global(std::string_view module, std::string_view name) {
    PyObject* g = make(PyType::Global);
    g->text = printable(std::string(module) + "." + std::string(name));
    for (const KnownGlobal& k : kKnown)
        if (module == k.module && name == k.name) g->global = k.global;
    if (module == "torch")
        for (size_t i = 0; i < std::size(kStorageTypes); ++i)
            if (name == kStorageTypes[i].name) {
                g->global = PyGlobal::StorageType;
                g->index = int(i);
            }
    return PyValue::object(g);
}

PyValue PickleObjects::inert(const std::string& name, const PyValue& args, bool counted) {
    PyObject* o = make(PyType::Inert);
    o->text = name;
    o->args = args;
    o->depth = args.depth() + 1;
    if (o->depth > lim_.max_depth)
        fail(ErrorCode::TooLarge,
             "nests objects deeper than " + std::to_string(lim_.max_depth) + " levels");
    if (counted) ++out_.not_run[name];
    return PyValue::object(o);
}

namespace {

// The value of a numpy scalar from its dtype code ("<f8", "i4", "?") and raw bytes.
bool numpy_scalar(std::string_view code, const std::string& raw, PyValue& out) {
    if (!code.empty() && (code[0] == '<' || code[0] == '|' || code[0] == '=')) code.remove_prefix(1);
    if (code.size() < 1) return false;
    const char kind = code[0];
    const std::string_view width = code.substr(1);
    const size_t n = raw.size();
    auto le = [&] {
        uint64_t v = 0;
        for (size_t i = n; i-- > 0;) v = (v << 8) | uint8_t(raw[i]);
        return v;
    };
    if ((kind == '?' || code == "b1") && n == 1) {
        out = PyValue::boolean(raw[0] != 0);
        return true;
    }
    if (kind == 'f' && width == "8" && n == 8) {
        out = PyValue::real(std::bit_cast<double>(le()));
        return true;
    }
    if (kind == 'f' && width == "4" && n == 4) {
        out = PyValue::real(double(std::bit_cast<float>(uint32_t(le()))));
        return true;
    }
    if ((kind == 'i' || kind == 'u') && (n == 1 || n == 2 || n == 4 || n == 8) &&
        width == std::to_string(n)) {
        uint64_t v = le();
        if (kind == 'i' && n < 8 && (v >> (8 * n - 1)) & 1) v |= ~uint64_t(0) << (8 * n);
        if (kind == 'u' && n == 8 && v > uint64_t(INT64_MAX)) return false;
        out = PyValue::integer(int64_t(v));
        return true;
    }
    return false;
}

}  // namespace

// REDUCE ("call"), NEWOBJ/OBJ/INST ("create"). Only what is understood without
// running code is made (dicts, sizes, tensors, strings, sets, numbers); every
// other call leaves an Inert placeholder that records the callable's name and
// arguments. Nothing from the file is ever run.
PyValue PickleObjects::call(const PyValue& callable, const PyValue& args, const char* how) {
    const std::string name = callable.is(PyType::Global) || callable.is(PyType::Inert)
                                 ? callable.obj()->text
                                 : std::string("a ") + py_type_name(callable.type());
    if (!callable.is(PyType::Global) || !args.is(PyType::Tuple)) return inert(name, args);
    const PyObject& g = *callable.obj();
    const std::vector<PyValue>& a = args.obj()->items;
    const bool is_call = std::string_view(how) == "call";
    switch (g.global) {
    case PyGlobal::OrderedDict: {
        // OrderedDict() or OrderedDict([(key, value), ...]).
        if (a.empty()) return make_container(PyType::Dict, {});
        if (a.size() == 1 && (a[0].is(PyType::List) || a[0].is(PyType::Tuple))) {
            std::vector<PyValue> kv;
            for (const PyValue& pair : a[0].obj()->items) {
                if (!pair.is(PyType::Tuple) || pair.obj()->items.size() != 2) return inert(name, args);
                kv.push_back(pair.obj()->items[0]);
                kv.push_back(pair.obj()->items[1]);
            }
            return make_container(PyType::Dict, std::move(kv));
        }
        break;
    }
    case PyGlobal::TorchSize:
        if (a.size() != 1 || !(a[0].is(PyType::Tuple) || a[0].is(PyType::List))) break;
        for (const PyValue& d : a[0].obj()->items)
            if (!d.is(PyType::Int)) return inert(name, args);
        return make_container(PyType::Tuple, a[0].obj()->items);
    case PyGlobal::RebuildTensorV2:
        if (is_call) return rebuild_tensor(a);
        break;
    case PyGlobal::RebuildParameter:
        // _rebuild_parameter(data, requires_grad, hooks[, state]): the data is the tensor.
        if (is_call && a.size() >= 3 && a[0].is(PyType::Tensor)) return a[0];
        break;
    case PyGlobal::RebuildFromType:
        // _rebuild_from_type_v2(func, new_type, args, state): a tensor subclass
        // (nn.Parameter) rebuilt by func(*args); the subclass itself is dropped.
        if (is_call && a.size() == 4 && a[2].is(PyType::Tuple)) {
            const PyValue inner = call(a[0], a[2], "call");
            if (inner.is(PyType::Tensor)) return inner;
        }
        break;
    case PyGlobal::TorchVersion:
        // A str subclass: torch.__version__.
        if (a.size() == 1 && a[0].str()) return make_text(PyType::Str, *a[0].str());
        break;
    case PyGlobal::Set:
    case PyGlobal::FrozenSet:
        if (a.empty()) return make_container(PyType::Set, {});
        if (a.size() == 1 && (a[0].is(PyType::List) || a[0].is(PyType::Tuple)))
            return make_container(PyType::Set, a[0].obj()->items);
        break;
    case PyGlobal::ByteArray:
        if (a.empty()) return make_text(PyType::Bytes, {});
        if (a.size() == 1 && a[0].is(PyType::Bytes)) return make_text(PyType::Bytes, a[0].obj()->text);
        break;
    case PyGlobal::CodecsEncode: {
        // _codecs.encode(text, 'latin1'): how protocols < 3 spell bytes.
        const std::string* text = a.size() == 2 ? a[0].str() : nullptr;
        const std::string* codec = a.size() == 2 ? a[1].str() : nullptr;
        if (!text || !codec || (*codec != "latin1" && *codec != "latin-1")) break;
        std::string bytes;
        for (size_t i = 0; i < text->size();) {
            const utf8::Decoded d = utf8::decode(*text, i);
            if (!d.valid || d.code_point > 0xFF) return inert(name, args);
            bytes += char(d.code_point);
            i += size_t(d.length);
        }
        return make_text(PyType::Bytes, std::move(bytes));
    }
    case PyGlobal::NumpyScalar: {
        // numpy.core.multiarray.scalar(dtype, raw bytes), dtype = numpy.dtype(code, ...).
        if (a.size() != 2 || !a[0].is(PyType::Inert) || !a[1].is(PyType::Bytes)) break;
        const PyObject& dt = *a[0].obj();
        const std::string* code = dt.args.is(PyType::Tuple) && !dt.args.obj()->items.empty()
                                      ? dt.args.obj()->items[0].str()
                                      : nullptr;
        PyValue v;
        if (dt.global == PyGlobal::NumpyDtype && code && numpy_scalar(*code, a[1].obj()->text, v))
            return v;
        break;
    }
    case PyGlobal::NumpyDtype: {
        // Describes a type (nothing was asked to run); remembered for numpy scalars.
        PyValue v = inert(name, args, /*counted=*/false);
        v.obj()->global = PyGlobal::NumpyDtype;
        return v;
    }
    case PyGlobal::StorageType:
    case PyGlobal::Unknown: break;
    }
    return inert(name, args);
}

// _rebuild_tensor_v2(storage, offset, size, stride, requires_grad, hooks[, metadata]).
PyValue PickleObjects::rebuild_tensor(const std::vector<PyValue>& a) {
    const char* fn = "torch._utils._rebuild_tensor_v2";
    if ((a.size() != 6 && a.size() != 7) || !a[0].is(PyType::Storage) || !a[1].is(PyType::Int) ||
        !a[2].is(PyType::Tuple) || !a[3].is(PyType::Tuple))
        fail(ErrorCode::BadFormat, std::string(fn) + " is called with unexpected arguments");
    TensorRef t;
    t.storage = a[0].obj()->index;
    t.offset = a[1].as_int();
    for (const auto& [src, dst] : {std::pair{&a[2], &t.size}, std::pair{&a[3], &t.stride}})
        for (const PyValue& d : src->obj()->items) {
            if (!d.is(PyType::Int) || d.as_int() < 0)
                fail(ErrorCode::BadFormat, "tensor size or stride holds a negative or non-integer value");
            dst->push_back(d.as_int());
        }
    if (t.size.size() != t.stride.size() || t.size.size() > size_t(kMaxRank))
        fail(ErrorCode::BadFormat, "tensor has size " + shape_string(t.size) + " but stride " +
                                       shape_string(t.stride));
    const StorageRef& s = out_.storages[size_t(t.storage)];
    const std::string what = "tensor of size " + shape_string(t.size) + ", stride " +
                             shape_string(t.stride) + " and offset " + std::to_string(t.offset) +
                             " in storage '" + printable(s.key) + "'";
    if (t.offset < 0) fail(ErrorCode::BadFormat, what + " has a negative offset");
    // The last element the view touches: offset + sum((size_i - 1) * stride_i).
    int64_t last = t.offset;
    t.numel = 1;
    for (size_t i = 0; i < t.size.size(); ++i) {
        int64_t step = 0;
        if (__builtin_mul_overflow(t.numel, t.size[i], &t.numel) ||
            (t.size[i] > 0 && (__builtin_mul_overflow(t.size[i] - 1, t.stride[i], &step) ||
                               __builtin_add_overflow(last, step, &last))))
            fail(ErrorCode::TooLarge, what + " overflows 64-bit element arithmetic");
    }
    if (t.numel > 0 && last >= s.numel)
        fail(ErrorCode::BadFormat, what + " reaches element " + std::to_string(last) +
                                       " but the storage holds " + std::to_string(s.numel));
    if (t.numel == 0 && t.offset > s.numel)
        fail(ErrorCode::BadFormat, what + " starts past the storage's end");
    PyObject* o = make(PyType::Tensor);
    o->index = int(out_.tensors.size());
    out_.tensors.push_back(std::move(t));
    return PyValue::object(o);
}

// Persistent id ('storage', <storage type>, key, location, numel).
PyValue PickleObjects::storage(const PyValue& pid) {
    if (!pid.is(PyType::Tuple))
        fail(ErrorCode::BadFormat, std::string("persistent id is a ") + py_type_name(pid.type()) +
                                       ", not a storage tuple");
    const std::vector<PyValue>& a = pid.obj()->items;
    const std::string* tag = a.empty() ? nullptr : a[0].str();
    if (!tag || *tag != "storage")
        fail(ErrorCode::BadFormat, "persistent id is not a ('storage', ...) tuple");
    if (a.size() != 5 || !a[1].is(PyType::Global) ||
        a[1].obj()->global != PyGlobal::StorageType || !a[2].str() || !a[3].str() ||
        !a[4].is(PyType::Int) || a[4].as_int() < 0)
        fail(ErrorCode::BadFormat,
             "storage persistent id is not ('storage', type, key, location, numel)");
    const StorageType& st = kStorageTypes[size_t(a[1].obj()->index)];
    StorageRef s;
    s.key = *a[2].str();
    s.type_name = st.name;
    s.elem_size = st.size;
    s.convertible = st.convertible;
    s.dtype = st.dtype;
    s.location = *a[3].str();
    s.numel = a[4].as_int();
    if (s.numel > INT64_MAX / st.size)
        fail(ErrorCode::TooLarge, "storage '" + printable(s.key) + "' claims " +
                                      std::to_string(s.numel) + " elements");
    PyObject* o = make(PyType::Storage);
    o->index = int(out_.storages.size());
    out_.storages.push_back(std::move(s));
    return PyValue::object(o);
}

// BUILD sets an object's state. A dict's attributes (a state dict's _metadata)
// carry no weights and are dropped; a placeholder keeps its state, which is how
// argparse.Namespace, dataclasses and most classes hold their fields.
void PickleObjects::build(const PyValue& target, const PyValue& state) {
    if (!target.is(PyType::Inert)) return;
    PyObject& o = *target.obj();
    o.state = state;
    o.depth = std::max(o.depth, state.depth() + 1);
    if (o.depth > lim_.max_depth)
        fail(ErrorCode::TooLarge,
             "nests objects deeper than " + std::to_string(lim_.max_depth) + " levels");
}

}  // namespace attnscope
