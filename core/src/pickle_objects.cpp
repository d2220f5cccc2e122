#include "pickle_objects.h"

#include <algorithm>

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

void PickleObjects::forbid(const std::string& what, const std::string& name) const {
    fail(ErrorCode::Forbidden,
         "refuses to " + what + " '" + name +
             "': a checkpoint may hold only tensors and plain data, and AttnScope never runs "
             "code from a file",
         {name});
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

PyValue PickleObjects::global(std::string_view module, std::string_view name) {
    const std::string full = printable(std::string(module) + "." + std::string(name));
    PyObject* g = nullptr;
    if (module == "collections" && name == "OrderedDict") {
        g = make(PyType::Global);
        g->global = PyGlobal::OrderedDict;
    } else if (module == "torch" && name == "Size") {
        g = make(PyType::Global);
        g->global = PyGlobal::TorchSize;
    } else if (module == "torch._utils" && name == "_rebuild_tensor_v2") {
        g = make(PyType::Global);
        g->global = PyGlobal::RebuildTensorV2;
    } else if (module == "torch") {
        for (size_t i = 0; i < std::size(kStorageTypes); ++i)
            if (name == kStorageTypes[i].name) {
                g = make(PyType::Global);
                g->global = PyGlobal::StorageType;
                g->index = int(i);
            }
    }
    if (!g) forbid("call", full);
    g->text = full;
    return PyValue::object(g);
}

// REDUCE, NEWOBJ, OBJ and INST: only OrderedDict(), torch.Size(tuple) and
// _rebuild_tensor_v2(...) are understood, and none of them runs anything.
PyValue PickleObjects::call(const PyValue& callable, const PyValue& args, const char* how) {
    if (!callable.is(PyType::Global))
        fail(ErrorCode::Forbidden, std::string("refuses to ") + how + " a " +
                                       py_type_name(callable.type()) +
                                       ": only tensors and plain data are read");
    const PyObject& g = *callable.obj();
    if (!args.is(PyType::Tuple))
        fail(ErrorCode::BadFormat, "arguments for '" + g.text + "' are not a tuple");
    const std::vector<PyValue>& a = args.obj()->items;
    switch (g.global) {
    case PyGlobal::OrderedDict: {
        // OrderedDict() or OrderedDict([(key, value), ...]).
        if (a.empty()) return make_container(PyType::Dict, {});
        if (a.size() == 1 && (a[0].is(PyType::List) || a[0].is(PyType::Tuple))) {
            std::vector<PyValue> kv;
            for (const PyValue& pair : a[0].obj()->items) {
                if (!pair.is(PyType::Tuple) || pair.obj()->items.size() != 2)
                    fail(ErrorCode::BadFormat, "OrderedDict item is not a (key, value) pair");
                kv.push_back(pair.obj()->items[0]);
                kv.push_back(pair.obj()->items[1]);
            }
            return make_container(PyType::Dict, std::move(kv));
        }
        fail(ErrorCode::BadFormat, "OrderedDict is built from unexpected arguments");
    }
    case PyGlobal::TorchSize:
        if (a.size() != 1 || !(a[0].is(PyType::Tuple) || a[0].is(PyType::List)))
            fail(ErrorCode::BadFormat, "torch.Size is built from unexpected arguments");
        for (const PyValue& d : a[0].obj()->items)
            if (!d.is(PyType::Int)) fail(ErrorCode::BadFormat, "torch.Size holds a non-integer");
        return make_container(PyType::Tuple, a[0].obj()->items);
    case PyGlobal::RebuildTensorV2:
        if (std::string_view(how) != "call")
            forbid(std::string(how), g.text);
        return rebuild_tensor(a);
    case PyGlobal::StorageType: break;
    }
    forbid(how, g.text);
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

// BUILD sets an object's state. torch.save emits it only for an OrderedDict's
// attributes (a state dict's _metadata), which carry no weights and are dropped.
void PickleObjects::build(const PyValue& target, const PyValue& state) {
    if (target.is(PyType::Dict) &&
        (state.is(PyType::Dict) || state.is(PyType::None) || state.is(PyType::Tuple)))
        return;
    const std::string name =
        target.is(PyType::Global) ? target.obj()->text : py_type_name(target.type());
    forbid("set the state (BUILD) of", name);
}

}  // namespace attnscope
