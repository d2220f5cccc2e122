#pragma once
// The values the restricted unpickler (pickle.h) builds: plain Python data,
// the whitelisted globals, and PyTorch storages and tensors by reference.
// Objects live in the arena of the Pickle that made them.
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "attnscope/common/tensor.h"
#include "formats/dtype.h"

namespace attnscope {

enum class PyType : uint8_t {
    None, Bool, Int, Float,                 // scalars, held in PyValue
    Str, Bytes, List, Tuple, Dict, Set,     // plain data objects
    Global,                                 // a class or function named by GLOBAL
    Storage, Tensor,                        // torch objects
    Inert,                                  // what a call would have made; never made
};

const char* py_type_name(PyType t);

struct PyObject;

// One value on the unpickler's stack: a scalar, or a pointer to an object
// owned by the Pickle it came from.
class PyValue {
public:
    PyValue() = default;
    static PyValue boolean(bool b);
    static PyValue integer(int64_t i);
    static PyValue real(double f);
    static PyValue object(PyObject* o);

    PyType type() const;
    bool is(PyType t) const { return type() == t; }
    bool as_bool() const { return i_ != 0; }
    int64_t as_int() const { return i_; }
    double as_float() const { return f_; }
    PyObject* obj() const { return kind_ == Kind::Object ? o_ : nullptr; }
    // The text of a Str, or nullptr.
    const std::string* str() const;
    // Nesting depth: 0 for scalars.
    int depth() const;

private:
    enum class Kind : uint8_t { None, Bool, Int, Float, Object } kind_ = Kind::None;
    union {
        int64_t i_ = 0;
        double f_;
        PyObject* o_;
    };
};

// The globals the unpickler understands. Every other name is Unknown: it can be
// referred to, and "called" to make an Inert placeholder, but it never runs.
enum class PyGlobal : uint8_t {
    Unknown, OrderedDict, TorchSize, RebuildTensorV2, RebuildParameter, RebuildFromType,
    StorageType, TorchVersion, Set, FrozenSet, ByteArray, CodecsEncode, NumpyScalar, NumpyDtype,
};

// A storage referenced by persistent id ('storage', type, key, location, numel).
struct StorageRef {
    std::string key;        // the entry <archive>/data/<key>
    std::string type_name;  // "FloatStorage", ...
    int elem_size = 1;      // bytes per element
    bool convertible = false;  // F32/F16/BF16/F64 or an integer type
    DType dtype = DType::U8;
    std::string location;   // "cpu", "cuda:0", ...
    int64_t numel = 0;      // elements
};

// A tensor view of a storage, already checked to lie inside it.
struct TensorRef {
    int storage = -1;       // index into Pickle::storages
    int64_t offset = 0;     // in elements
    Shape size, stride;
    int64_t numel = 0;
};

struct PyObject {
    PyType type = PyType::None;
    int depth = 1;               // 1 + the deepest item
    std::string text;            // Str, Bytes; Global and Inert: "module.name"
    std::vector<PyValue> items;  // List, Tuple, Set; Dict: key, value, key, value, ...;
                                 // Inert: what SETITEMS/APPENDS added (dict subclasses)
    PyValue args;                // Inert: the arguments of the call that was not made
    PyValue state;               // Inert: what BUILD would have set (often a dict)
    PyGlobal global = PyGlobal::Unknown;
    int index = -1;              // Storage: into Pickle::storages (and for a storage type
                                 // global, its row in the type table); Tensor: into tensors
};

class Pickle {
public:
    Pickle() = default;
    Pickle(Pickle&&) = default;
    Pickle& operator=(Pickle&&) = default;
    Pickle(const Pickle&) = delete;
    Pickle& operator=(const Pickle&) = delete;

    PyValue root;
    std::vector<StorageRef> storages;
    std::vector<TensorRef> tensors;
    std::deque<PyObject> arena;  // owns every object; addresses are stable

    // Calls that were not made, by the callable's name ("posix.system"), with how
    // often each was asked for: what `info` reports as not run.
    std::map<std::string, int> not_run;

    // The key, value, key, value... of a mapping: a dict, an Inert placeholder of a
    // dict subclass (items added by SETITEMS), or an Inert object whose state is a
    // dict (argparse.Namespace, dataclasses, most plain classes). nullptr otherwise.
    static const std::vector<PyValue>* mapping(const PyValue& v);
    // The value under string key `key` of a mapping (the last one, as Python keeps),
    // or nullptr when `v` is not a mapping or lacks the key.
    static const PyValue* get(const PyValue& v, std::string_view key);
    const TensorRef* tensor(const PyValue& v) const;
};

// Text from a file, safe to show: control bytes escaped, at most 120 bytes.
std::string printable(std::string_view s);

}  // namespace attnscope
