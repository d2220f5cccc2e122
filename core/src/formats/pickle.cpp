#include "formats/pickle.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstring>
#include <unordered_map>

#include "attnscope/common/error.h"
#include "common/utf8.h"

namespace attnscope {

namespace {

// Opcodes of pickle protocols 0-5 (Lib/pickletools.py documents them).
enum Op : uint8_t {
    MARK = '(', STOP = '.', POP = '0', POP_MARK = '1', DUP = '2', FLOAT = 'F', INT = 'I',
    BININT = 'J', BININT1 = 'K', LONG = 'L', BININT2 = 'M', NONE = 'N', PERSID = 'P',
    BINPERSID = 'Q', REDUCE = 'R', STRING = 'S', BINSTRING = 'T', SHORT_BINSTRING = 'U',
    UNICODE = 'V', BINUNICODE = 'X', APPEND = 'a', BUILD = 'b', GLOBAL = 'c', DICT = 'd',
    EMPTY_DICT = '}', APPENDS = 'e', GET = 'g', BINGET = 'h', INST = 'i', LONG_BINGET = 'j',
    LIST = 'l', EMPTY_LIST = ']', OBJ = 'o', PUT = 'p', BINPUT = 'q', LONG_BINPUT = 'r',
    SETITEM = 's', TUPLE = 't', EMPTY_TUPLE = ')', SETITEMS = 'u', BINFLOAT = 'G',
    PROTO = 0x80, NEWOBJ = 0x81, EXT1 = 0x82, EXT2 = 0x83, EXT4 = 0x84, TUPLE1 = 0x85,
    TUPLE2 = 0x86, TUPLE3 = 0x87, NEWTRUE = 0x88, NEWFALSE = 0x89, LONG1 = 0x8a, LONG4 = 0x8b,
    BINBYTES = 'B', SHORT_BINBYTES = 'C', SHORT_BINUNICODE = 0x8c, BINUNICODE8 = 0x8d,
    BINBYTES8 = 0x8e, EMPTY_SET = 0x8f, ADDITEMS = 0x90, FROZENSET = 0x91, NEWOBJ_EX = 0x92,
    STACK_GLOBAL = 0x93, MEMOIZE = 0x94, FRAME = 0x95, BYTEARRAY8 = 0x96, NEXT_BUFFER = 0x97,
    READONLY_BUFFER = 0x98,
};

bool hex_value(std::string_view s, uint32_t& out) {
    out = 0;
    for (const char c : s) {
        const int d = c >= '0' && c <= '9' ? c - '0'
                      : c >= 'a' && c <= 'f' ? c - 'a' + 10
                      : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                             : -1;
        if (d < 0) return false;
        out = out * 16 + uint32_t(d);
    }
    return true;
}

class Unpickler {
public:
    Unpickler(std::span<const std::byte> bytes, const std::string& origin,
              const PickleLimits& limits, Pickle& out)
        : p_(bytes), lim_(limits), out_(out), obj_(out, limits, origin, op_pos_) {}

    void run();

private:
    [[noreturn]] void fail(ErrorCode code, const std::string& what) const { obj_.fail(code, what); }

    // Reading the byte stream.
    std::span<const std::byte> take(uint64_t n, const char* what);
    uint64_t le(int n, const char* what);
    std::string_view line(const char* what);
    int64_t text_int(std::string_view s, const char* what) const;

    // The stack, its marks and the objects it points to.
    void push(PyValue v);
    PyValue pop();
    PyValue& top();
    std::vector<PyValue> pop_mark();
    PyValue memo_get(uint64_t key);
    void memo_put(uint64_t key);

    std::string decode_string_repr(std::string_view s) const;
    std::string decode_raw_unicode(std::string_view s) const;

    std::span<const std::byte> p_;
    size_t pos_ = 0, op_pos_ = 0;  // next byte; start of the opcode being read (for errors)
    const PickleLimits& lim_;
    Pickle& out_;
    PickleObjects obj_;
    std::vector<PyValue> stack_;
    std::vector<size_t> marks_;
    std::unordered_map<uint64_t, PyValue> memo_;
};

std::span<const std::byte> Unpickler::take(uint64_t n, const char* what) {
    if (n > p_.size() - pos_)
        fail(ErrorCode::Truncated, std::string(what) + " of " + std::to_string(n) +
                                       " bytes runs past the end of the pickle (" +
                                       std::to_string(p_.size() - pos_) + " bytes remain)");
    const auto s = p_.subspan(pos_, size_t(n));
    pos_ += size_t(n);
    return s;
}

uint64_t Unpickler::le(int n, const char* what) {
    const auto b = take(uint64_t(n), what);
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; --i) v = (v << 8) | uint64_t(b[size_t(i)]);
    return v;
}

std::string_view Unpickler::line(const char* what) {
    const auto rest = p_.subspan(pos_);
    const auto nl = std::find(rest.begin(), rest.end(), std::byte{'\n'});
    if (nl == rest.end())
        fail(ErrorCode::Truncated, std::string(what) + " has no end of line before the pickle ends");
    const std::string_view s(reinterpret_cast<const char*>(rest.data()), size_t(nl - rest.begin()));
    pos_ += s.size() + 1;
    return s;
}

int64_t Unpickler::text_int(std::string_view s, const char* what) const {
    if (!s.empty() && s.back() == 'L') s.remove_suffix(1);  // protocol 0 LONG
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    int64_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size())
        fail(ErrorCode::BadFormat, std::string(what) + " '" + printable(s) +
                                       "' is not an integer that fits 64 bits");
    return v;
}

void Unpickler::push(PyValue v) {
    if (int64_t(stack_.size()) >= lim_.max_stack)
        fail(ErrorCode::TooLarge,
             "stack grows past " + std::to_string(lim_.max_stack) + " values");
    stack_.push_back(v);
}

PyValue Unpickler::pop() {
    if (stack_.empty() || (!marks_.empty() && stack_.size() <= marks_.back()))
        fail(ErrorCode::BadFormat, "stack underflow");
    const PyValue v = stack_.back();
    stack_.pop_back();
    return v;
}

PyValue& Unpickler::top() {
    if (stack_.empty() || (!marks_.empty() && stack_.size() <= marks_.back()))
        fail(ErrorCode::BadFormat, "stack underflow");
    return stack_.back();
}

std::vector<PyValue> Unpickler::pop_mark() {
    if (marks_.empty()) fail(ErrorCode::BadFormat, "uses a MARK it never set");
    const size_t m = marks_.back();
    marks_.pop_back();
    std::vector<PyValue> items(stack_.begin() + ptrdiff_t(m), stack_.end());
    stack_.resize(m);
    return items;
}

PyValue Unpickler::memo_get(uint64_t key) {
    const auto it = memo_.find(key);
    if (it == memo_.end())
        fail(ErrorCode::BadFormat, "refers to memo entry " + std::to_string(key) +
                                       ", which was never stored");
    return it->second;
}

void Unpickler::memo_put(uint64_t key) {
    const PyValue v = top();
    if (!memo_.count(key) && int64_t(memo_.size()) >= lim_.max_memo)
        fail(ErrorCode::TooLarge,
             "memo grows past " + std::to_string(lim_.max_memo) + " entries");
    memo_[key] = v;
}

std::string Unpickler::decode_string_repr(std::string_view s) const {
    if (s.size() < 2 || (s.front() != '\'' && s.front() != '"') || s.back() != s.front())
        fail(ErrorCode::BadFormat, "STRING argument is not quoted");
    s = s.substr(1, s.size() - 2);
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '\\' || i + 1 == s.size()) {
            out += s[i];
            continue;
        }
        const char c = s[++i];
        uint32_t v = 0;
        if (c == 'n') out += '\n';
        else if (c == 't') out += '\t';
        else if (c == 'r') out += '\r';
        else if (c == '\\' || c == '\'' || c == '"') out += c;
        else if (c == 'x' && i + 2 < s.size() && hex_value(s.substr(i + 1, 2), v)) {
            out += char(v);
            i += 2;
        } else {
            fail(ErrorCode::BadFormat, "STRING argument has an unknown escape");
        }
    }
    return out;
}

std::string Unpickler::decode_raw_unicode(std::string_view s) const {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        // \uXXXX and \UXXXXXXXX are code points; every other byte is Latin-1.
        const char next = i + 1 < s.size() && s[i] == '\\' ? s[i + 1] : '\0';
        const size_t n = next == 'u' ? 4 : next == 'U' ? 8 : 0;
        uint32_t cp = static_cast<unsigned char>(s[i]);
        if (n && i + 2 + n <= s.size() && hex_value(s.substr(i + 2, n), cp)) {
            if (cp > 0x10FFFF) fail(ErrorCode::BadFormat, "UNICODE argument has an invalid code point");
            i += 1 + n;
        }
        utf8::append(out, char32_t(cp));
    }
    return out;
}

void Unpickler::run() {
    for (;;) {
        op_pos_ = pos_;
        if (pos_ >= p_.size()) fail(ErrorCode::Truncated, "ends without a STOP opcode");
        const uint8_t op = uint8_t(p_[pos_++]);
        switch (op) {
        case PROTO: {
            const uint64_t v = le(1, "PROTO");
            if (v > 5)
                fail(ErrorCode::BadFormat, "pickle protocol " + std::to_string(v) + " is newer than 5");
            break;
        }
        case FRAME: le(8, "FRAME"); break;
        case STOP:
            out_.root = pop();
            return;
        case MARK:
            if (int(marks_.size()) >= lim_.max_marks)
                fail(ErrorCode::TooLarge, "opens more than " + std::to_string(lim_.max_marks) + " MARKs");
            marks_.push_back(stack_.size());
            break;
        case POP:
            if (!stack_.empty() && (marks_.empty() || stack_.size() > marks_.back())) stack_.pop_back();
            else pop_mark();
            break;
        case POP_MARK: pop_mark(); break;
        case DUP: push(top()); break;
        case NONE: push(PyValue()); break;
        case NEWTRUE: push(PyValue::boolean(true)); break;
        case NEWFALSE: push(PyValue::boolean(false)); break;
        case INT: {
            const std::string_view s = line("INT");
            push(s == "01" ? PyValue::boolean(true) : s == "00" ? PyValue::boolean(false)
                                                              : PyValue::integer(text_int(s, "INT")));
            break;
        }
        case LONG: push(PyValue::integer(text_int(line("LONG"), "LONG"))); break;
        case BININT: push(PyValue::integer(int32_t(uint32_t(le(4, "BININT"))))); break;
        case BININT1: push(PyValue::integer(int64_t(le(1, "BININT1")))); break;
        case BININT2: push(PyValue::integer(int64_t(le(2, "BININT2")))); break;
        case LONG1:
        case LONG4: {
            const uint64_t n = op == LONG1 ? le(1, "LONG1") : le(4, "LONG4");
            if (n > 8)
                fail(ErrorCode::TooLarge,
                     "integer of " + std::to_string(n) + " bytes does not fit 64 bits");
            const auto b = take(n, "integer");
            uint64_t v = 0;
            for (size_t i = size_t(n); i-- > 0;) v = (v << 8) | uint64_t(b[i]);
            if (n > 0 && n < 8 && (uint8_t(b[size_t(n) - 1]) & 0x80)) v |= ~uint64_t(0) << (8 * n);
            push(PyValue::integer(int64_t(v)));
            break;
        }
        case FLOAT: {
            const std::string_view s = line("FLOAT");
            double d = 0;
            const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), d);
            if (ec != std::errc() || end != s.data() + s.size())
                fail(ErrorCode::BadFormat, "FLOAT '" + printable(s) + "' is not a number");
            push(PyValue::real(d));
            break;
        }
        case BINFLOAT: {
            const auto b = take(8, "BINFLOAT");
            uint64_t bits = 0;
            for (size_t i = 0; i < 8; ++i) bits = (bits << 8) | uint64_t(b[i]);  // big-endian
            push(PyValue::real(std::bit_cast<double>(bits)));
            break;
        }
        case STRING: push(obj_.make_text(PyType::Str, decode_string_repr(line("STRING")))); break;
        case UNICODE: push(obj_.make_text(PyType::Str, decode_raw_unicode(line("UNICODE")))); break;
        case BINSTRING: case SHORT_BINSTRING: case BINUNICODE: case SHORT_BINUNICODE:
        case BINUNICODE8: case BINBYTES: case SHORT_BINBYTES: case BINBYTES8: case BYTEARRAY8: {
            const int width = op == SHORT_BINSTRING || op == SHORT_BINUNICODE || op == SHORT_BINBYTES ? 1
                              : op == BINUNICODE8 || op == BINBYTES8 || op == BYTEARRAY8         ? 8
                                                                                                  : 4;
            const uint64_t n = le(width, "string length");
            if (op == BINSTRING && n > 0x7FFFFFFF)
                fail(ErrorCode::BadFormat, "BINSTRING has a negative length");
            const auto b = take(n, "string");
            const bool text = op == BINSTRING || op == SHORT_BINSTRING || op == BINUNICODE ||
                              op == SHORT_BINUNICODE || op == BINUNICODE8;
            push(obj_.make_text(text ? PyType::Str : PyType::Bytes,
                           std::string(reinterpret_cast<const char*>(b.data()), b.size())));
            break;
        }
        case EMPTY_LIST: push(obj_.make_container(PyType::List, {})); break;
        case EMPTY_TUPLE: push(obj_.make_container(PyType::Tuple, {})); break;
        case EMPTY_DICT: push(obj_.make_container(PyType::Dict, {})); break;
        case EMPTY_SET: push(obj_.make_container(PyType::Set, {})); break;
        case LIST: push(obj_.make_container(PyType::List, pop_mark())); break;
        case TUPLE: push(obj_.make_container(PyType::Tuple, pop_mark())); break;
        case FROZENSET: push(obj_.make_container(PyType::Set, pop_mark())); break;
        case TUPLE1: case TUPLE2: case TUPLE3: {
            std::vector<PyValue> items(size_t(op - TUPLE1 + 1));
            for (size_t i = items.size(); i-- > 0;) items[i] = pop();
            push(obj_.make_container(PyType::Tuple, std::move(items)));
            break;
        }
        case DICT: {
            std::vector<PyValue> kv = pop_mark();
            if (kv.size() % 2) fail(ErrorCode::BadFormat, "DICT has a key without a value");
            push(obj_.make_container(PyType::Dict, std::move(kv)));
            break;
        }
        case APPEND: case APPENDS: case SETITEM: case SETITEMS: case ADDITEMS: {
            std::vector<PyValue> items;
            if (op == APPEND) items.push_back(pop());
            else if (op == SETITEM) {
                items.resize(2);
                items[1] = pop();
                items[0] = pop();
            } else items = pop_mark();
            const PyType want = op == APPEND || op == APPENDS ? PyType::List
                                : op == ADDITEMS             ? PyType::Set
                                                             : PyType::Dict;
            PyValue& target = top();
            if (target.is(PyType::Inert)) {
                // A placeholder of a dict or list subclass (OrderedDict-like hyper-parameter
                // containers, defaultdict): it keeps what was added, as the type would.
                if (want == PyType::Dict && items.size() % 2)
                    fail(ErrorCode::BadFormat, "SETITEMS has a key without a value");
                obj_.add_items(target.obj(), std::move(items));
                break;
            }
            if (!target.is(want))
                fail(ErrorCode::BadFormat, std::string("adds items to a ") +
                                               py_type_name(target.type()) + ", expected a " +
                                               py_type_name(want));
            if (want == PyType::Dict && items.size() % 2)
                fail(ErrorCode::BadFormat, "SETITEMS has a key without a value");
            obj_.add_items(target.obj(), std::move(items));
            break;
        }
        case GET: {
            const int64_t k = text_int(line("GET"), "GET");
            if (k < 0) fail(ErrorCode::BadFormat, "GET has a negative memo key");
            push(memo_get(uint64_t(k)));
            break;
        }
        case BINGET: push(memo_get(le(1, "BINGET"))); break;
        case LONG_BINGET: push(memo_get(le(4, "LONG_BINGET"))); break;
        case PUT: {
            const int64_t k = text_int(line("PUT"), "PUT");
            if (k < 0) fail(ErrorCode::BadFormat, "PUT has a negative memo key");
            memo_put(uint64_t(k));
            break;
        }
        case BINPUT: memo_put(le(1, "BINPUT")); break;
        case LONG_BINPUT: memo_put(le(4, "LONG_BINPUT")); break;
        case MEMOIZE: memo_put(memo_.size()); break;
        case GLOBAL: {
            const std::string module(line("GLOBAL module"));
            const std::string name(line("GLOBAL name"));
            push(obj_.global(module, name));
            break;
        }
        case STACK_GLOBAL: {
            const PyValue name = pop(), module = pop();
            if (!name.str() || !module.str())
                fail(ErrorCode::BadFormat, "STACK_GLOBAL needs two strings");
            push(obj_.global(*module.str(), *name.str()));
            break;
        }
        case INST: {
            const std::string module(line("INST module"));
            const std::string name(line("INST name"));
            const PyValue cls = obj_.global(module, name);
            push(obj_.call(cls, obj_.make_container(PyType::Tuple, pop_mark()), "create"));
            break;
        }
        case OBJ: {
            std::vector<PyValue> items = pop_mark();
            if (items.empty()) fail(ErrorCode::BadFormat, "OBJ has no class");
            const PyValue cls = items.front();
            items.erase(items.begin());
            push(obj_.call(cls, obj_.make_container(PyType::Tuple, std::move(items)), "create"));
            break;
        }
        case REDUCE: {
            const PyValue args = pop(), fn = pop();
            push(obj_.call(fn, args, "call"));
            break;
        }
        case NEWOBJ: {
            const PyValue args = pop(), cls = pop();
            push(obj_.call(cls, args, "create"));
            break;
        }
        case NEWOBJ_EX: {
            const PyValue kwargs = pop(), args = pop(), cls = pop();
            const bool plain = kwargs.is(PyType::Dict) && kwargs.obj()->items.empty();
            push(plain ? obj_.call(cls, args, "create")
                       : obj_.inert(cls.is(PyType::Global) ? cls.obj()->text : "an object", args));
            break;
        }
        case BUILD: {
            const PyValue state = pop();
            obj_.build(top(), state);
            break;
        }
        case BINPERSID: push(obj_.storage(pop())); break;
        case PERSID: fail(ErrorCode::BadFormat, "text persistent ids are not PyTorch storages");
        case EXT1: case EXT2: case EXT4: {
            // A global from the copyreg extension registry: a name we cannot see.
            const uint64_t code = le(op == EXT1 ? 1 : op == EXT2 ? 2 : 4, "EXT");
            push(obj_.global("copyreg extension", std::to_string(code)));
            break;
        }
        case NEXT_BUFFER: case READONLY_BUFFER:
            fail(ErrorCode::BadFormat, "out-of-band pickle buffers are not supported");
        default: {
            static const char* digits = "0123456789abcdef";
            fail(ErrorCode::BadFormat, std::string("unknown pickle opcode 0x") + digits[op >> 4] +
                                           digits[op & 15]);
        }
        }
    }
}

}  // namespace

Pickle unpickle(std::span<const std::byte> bytes, const std::string& origin,
                const PickleLimits& limits) {
    Pickle out;
    Unpickler(bytes, origin, limits, out).run();
    return out;
}

}  // namespace attnscope
