#pragma once
// A small, strict JSON reader and a streaming writer. The reader keeps object
// members in file order and keeps duplicates, so callers can reject a file that
// names the same tensor twice; it bounds nesting depth so hostile input cannot
// exhaust the stack.
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace attnscope {

// Limits that keep a hostile document from exhausting memory or the stack.
// A parsed value costs 32 bytes plus its string or array storage, so the
// defaults bound a parse near 200 MB whatever the input.
struct JsonLimits {
    int max_depth = 64;                       // nesting of arrays and objects
    size_t max_values = size_t(4) << 20;      // values of any kind, containers included
    size_t max_bytes = size_t(128) << 20;     // length of the text
};

class Json {
public:
    enum class Type : uint8_t { Null, Bool, Number, String, Array, Object };
    using Member = std::pair<std::string, Json>;

    Json() = default;
    Json(const Json& other);
    Json(Json&& other) noexcept;
    Json& operator=(const Json& other);
    Json& operator=(Json&& other) noexcept;
    ~Json();

    // Throws Error(BadFormat) for malformed JSON, Error(TooLarge) past a limit.
    static Json parse(std::string_view text, int max_depth = 64);
    static Json parse(std::string_view text, const JsonLimits& limits);

    Type type() const { return type_; }
    bool is_null() const { return type_ == Type::Null; }
    bool is_bool() const { return type_ == Type::Bool; }
    bool is_number() const { return type_ == Type::Number; }
    bool is_string() const { return type_ == Type::String; }
    bool is_array() const { return type_ == Type::Array; }
    bool is_object() const { return type_ == Type::Object; }
    // True for a number written without fraction or exponent that fits int64.
    bool is_integer() const { return type_ == Type::Number && is_int_; }

    bool as_bool() const { return bool_; }
    double as_double() const { return num_; }
    int64_t as_int() const { return int_; }
    // Empty for a value of another type.
    const std::string& as_string() const;
    const std::vector<Json>& items() const;
    const std::vector<Member>& members() const;

    // First member called `key`, or nullptr.
    const Json* find(std::string_view key) const;

private:
    friend class JsonParser;
    void release() noexcept;
    void copy_from(const Json& other);

    Type type_ = Type::Null;
    bool bool_ = false;
    bool is_int_ = false;
    double num_ = 0;
    int64_t int_ = 0;
    // The storage of a string, array or object (by type_); null otherwise.
    // Kept out of line so that a number or a null costs 32 bytes, not 100.
    union {
        std::string* str_;
        std::vector<Json>* items_;
        std::vector<Member>* members_;
        void* ptr_ = nullptr;
    };
};

// Streaming writer: commas and nesting are handled; floats are written with
// enough digits to read back the same float32, and non-finite values as null.
class JsonWriter {
public:
    explicit JsonWriter(std::ostream& out) : out_(out) {}

    JsonWriter& begin_object();
    JsonWriter& end_object();
    JsonWriter& begin_array();
    JsonWriter& end_array();
    JsonWriter& key(std::string_view k);
    JsonWriter& value(std::string_view s);
    JsonWriter& value(const char* s) { return value(std::string_view(s)); }
    JsonWriter& value(double d);
    JsonWriter& value(float f);
    JsonWriter& value(int64_t i);
    JsonWriter& value(int i) { return value(static_cast<int64_t>(i)); }
    JsonWriter& value(bool b);
    JsonWriter& null();
    // A value that is already JSON text (written as it is).
    JsonWriter& raw(std::string_view json);
    // A whole float array on one line: [a,b,c].
    JsonWriter& array(const float* data, int64_t n);
    JsonWriter& array(const std::vector<int64_t>& values);

private:
    void separate();
    std::ostream& out_;
    std::vector<bool> first_{true};  // per nesting level: nothing written yet
    bool after_key_ = false;
};

// JSON string literal with escapes, quotes included.
std::string json_quote(std::string_view s);

}  // namespace attnscope
