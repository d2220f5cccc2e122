#include "py_value.h"

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

const PyValue* Pickle::get(const PyValue& dict, std::string_view key) {
    if (!dict.is(PyType::Dict)) return nullptr;
    const std::vector<PyValue>& kv = dict.obj()->items;
    for (size_t i = kv.size(); i >= 2; i -= 2)
        if (const std::string* k = kv[i - 2].str(); k && *k == key) return &kv[i - 1];
    return nullptr;
}

const TensorRef* Pickle::tensor(const PyValue& v) const {
    return v.is(PyType::Tensor) ? &tensors[size_t(v.obj()->index)] : nullptr;
}

}  // namespace attnscope
