#pragma once
// The objects an unpickled checkpoint may hold, made in a Pickle's arena under
// limits: strings and containers, tensors (_rebuild_tensor_v2 and the parameter
// wrappers around it), and the few values that need no code (OrderedDict,
// torch.Size, TorchVersion, sets, bytes, numpy scalars). Every other call makes
// an Inert placeholder recording the name, arguments and state: it is never run.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "attnscope/common/error.h"
#include "formats/py_value.h"

namespace attnscope {

struct PickleLimits {
    int64_t max_stack = int64_t(1) << 20;      // values on the stack
    int max_marks = 512;                       // open MARKs
    int max_depth = 512;                       // nesting of containers
    int64_t max_memo = int64_t(1) << 20;       // memo entries
    int64_t max_objects = int64_t(1) << 20;    // objects in the arena
    int64_t max_elements = int64_t(1) << 23;   // items in all containers together
};

class PickleObjects {
public:
    // Errors start with `origin` and end with the byte offset `op_pos` holds.
    PickleObjects(Pickle& out, const PickleLimits& limits, const std::string& origin,
                  const size_t& op_pos);

    [[noreturn]] void fail(ErrorCode code, const std::string& what,
                           std::vector<std::string> args = {}) const;

    PyValue make_text(PyType t, std::string text);
    PyValue make_container(PyType t, std::vector<PyValue> items);
    // Appends to a list, tuple, set or dict (key, value, ...), checking the
    // element count and nesting depth.
    void add_items(PyObject* c, std::vector<PyValue>&& items);

    // GLOBAL / STACK_GLOBAL: a reference to a class or function by name. Never
    // imported; a name the unpickler does not know stays a name.
    PyValue global(std::string_view module, std::string_view name);
    // REDUCE ("call"), NEWOBJ/OBJ/INST ("create") of `callable` with `args`: the
    // value when it can be built without running code, else an Inert placeholder.
    PyValue call(const PyValue& callable, const PyValue& args, const char* how);
    // A placeholder for the call of `name` that was not made; counted in not_run
    // unless `counted` is false (a value that describes a type, not a call).
    PyValue inert(const std::string& name, const PyValue& args, bool counted = true);
    // BINPERSID: a storage reference from ('storage', type, key, location, numel).
    PyValue storage(const PyValue& pid);
    // BUILD: a placeholder keeps the state; anything else ignores it.
    void build(const PyValue& target, const PyValue& state);

private:
    PyObject* make(PyType t);
    PyValue rebuild_tensor(const std::vector<PyValue>& a);

    Pickle& out_;
    const PickleLimits& lim_;
    const std::string& origin_;
    const size_t& op_pos_;
    int64_t elements_ = 0;
};

}  // namespace attnscope
