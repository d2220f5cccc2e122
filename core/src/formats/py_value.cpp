#include "formats/py_value.h"

namespace attnscope {

const char* py_type_name(PyType t) {
    switch (t) {
    case PyType::None: return "None";
    case PyType::Bool: return "bool";
    case PyType::Int: return "int";
    case PyType::Float: return "float";
    case PyType::Str: return "str";
    case PyType::Bytes: return "bytes";
    case PyType::List: return "list";
    case PyType::Tuple: return "tuple";
    case PyType::Dict: return "dict";
    case PyType::Set: return "set";
    case PyType::Global: return "global";
    case PyType::Storage: return "storage";
    case PyType::Tensor: return "tensor";
    case PyType::Inert: return "object";
    }
    return "?";
}

std::string printable(std::string_view s) {
    std::string out;
    for (const char c : s.substr(0, 120)) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7F) {
            static const char* digits = "0123456789abcdef";
            out += "\\x";
            out += digits[u >> 4];
            out += digits[u & 15];
        } else {
            out += c;
        }
    }
    if (s.size() > 120) out += "...";
    return out;
}

PyValue PyValue::boolean(bool b) {
    PyValue v;
    v.kind_ = Kind::Bool;
    v.i_ = b ? 1 : 0;
    return v;
}
PyValue PyValue::integer(int64_t i) {
    PyValue v;
    v.kind_ = Kind::Int;
    v.i_ = i;
    return v;
}
PyValue PyValue::real(double f) {
    PyValue v;
    v.kind_ = Kind::Float;
    v.f_ = f;
    return v;
}
PyValue PyValue::object(PyObject* o) {
    PyValue v;
    v.kind_ = Kind::Object;
    v.o_ = o;
    return v;
}

PyType PyValue::type() const {
    switch (kind_) {
    case Kind::None: return PyType::None;
    case Kind::Bool: return PyType::Bool;
    case Kind::Int: return PyType::Int;
    case Kind::Float: return PyType::Float;
    case Kind::Object: return o_->type;
    }
    return PyType::None;
}

const std::string* PyValue::str() const {
    return kind_ == Kind::Object && o_->type == PyType::Str ? &o_->text : nullptr;
}

int PyValue::depth() const { return kind_ == Kind::Object ? o_->depth : 0; }

const std::vector<PyValue>* Pickle::mapping(const PyValue& v) {
    if (v.is(PyType::Dict)) return &v.obj()->items;
    if (!v.is(PyType::Inert)) return nullptr;
    const PyObject& o = *v.obj();
    if (!o.items.empty() && o.items.size() % 2 == 0 && o.items[0].str()) return &o.items;
    if (o.state.is(PyType::Dict)) return &o.state.obj()->items;
    // (dict, slots) as __reduce_ex__ gives for classes with __slots__.
    if (o.state.is(PyType::Tuple) && o.state.obj()->items.size() == 2 &&
        o.state.obj()->items[0].is(PyType::Dict))
        return &o.state.obj()->items[0].obj()->items;
    return nullptr;
}

const PyValue* Pickle::get(const PyValue& v, std::string_view key) {
    const std::vector<PyValue>* m = mapping(v);
    if (!m) return nullptr;
    const std::vector<PyValue>& kv = *m;
    for (size_t i = kv.size(); i >= 2; i -= 2)
        if (const std::string* k = kv[i - 2].str(); k && *k == key) return &kv[i - 1];
    return nullptr;
}

const TensorRef* Pickle::tensor(const PyValue& v) const {
    return v.is(PyType::Tensor) ? &tensors[size_t(v.obj()->index)] : nullptr;
}

}  // namespace attnscope
