#include "attnscope/formats/json.h"

#include <charconv>
#include <clocale>
#include <cmath>
#include <cstdio>
#include <limits>

#include "attnscope/common/error.h"
#include "common/utf8.h"

namespace attnscope {

class JsonParser {
public:
    JsonParser(std::string_view text, const JsonLimits& limits) : s_(text), limits_(limits) {}

    Json parse_document() {
        if (s_.size() > limits_.max_bytes)
            throw Error(ErrorCode::TooLarge,
                        "JSON text of " + std::to_string(s_.size()) + " bytes is longer than the " +
                            std::to_string(limits_.max_bytes) + " bytes accepted",
                        {std::to_string(s_.size()), std::to_string(limits_.max_bytes)});
        Json v = parse_value(0);
        skip_ws();
        if (pos_ != s_.size()) fail("unexpected characters after the JSON value");
        return v;
    }

private:
    [[noreturn]] void fail(const std::string& what) const {
        throw Error(ErrorCode::BadFormat,
                    "invalid JSON at byte " + std::to_string(pos_) + ": " + what,
                    {std::to_string(pos_), what});
    }

    void skip_ws() {
        while (pos_ < s_.size() &&
               (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r'))
            ++pos_;
    }

    bool consume(std::string_view lit) {
        if (s_.substr(pos_, lit.size()) == lit) {
            pos_ += lit.size();
            return true;
        }
        return false;
    }

    Json parse_value(int depth) {
        if (depth > limits_.max_depth) fail("nesting deeper than " + std::to_string(limits_.max_depth));
        if (++values_ > limits_.max_values)
            throw Error(ErrorCode::TooLarge,
                        "JSON has more than " + std::to_string(limits_.max_values) + " values (at byte " +
                            std::to_string(pos_) + ")",
                        {std::to_string(limits_.max_values), std::to_string(pos_)});
        skip_ws();
        if (pos_ >= s_.size()) fail("unexpected end of input");
        Json v;
        const char c = s_[pos_];
        if (c == '{') {
            v.type_ = Json::Type::Object;
            v.members_ = new std::vector<Json::Member>;
            ++pos_;
            skip_ws();
            if (consume("}")) return v;
            for (;;) {
                skip_ws();
                if (pos_ >= s_.size() || s_[pos_] != '"') fail("expected a string key");
                std::string key = parse_string();
                skip_ws();
                if (!consume(":")) fail("expected ':'");
                v.members_->emplace_back(std::move(key), parse_value(depth + 1));
                skip_ws();
                if (consume("}")) {
                    v.members_->shrink_to_fit();
                    return v;
                }
                if (!consume(",")) fail("expected ',' or '}'");
            }
        }
        if (c == '[') {
            v.type_ = Json::Type::Array;
            v.items_ = new std::vector<Json>;
            ++pos_;
            skip_ws();
            if (consume("]")) return v;
            for (;;) {
                v.items_->push_back(parse_value(depth + 1));
                skip_ws();
                if (consume("]")) {
                    v.items_->shrink_to_fit();
                    return v;
                }
                if (!consume(",")) fail("expected ',' or ']'");
            }
        }
        if (c == '"') {
            v.str_ = new std::string(parse_string());
            v.type_ = Json::Type::String;
            return v;
        }
        if (consume("true")) {
            v.type_ = Json::Type::Bool;
            v.bool_ = true;
            return v;
        }
        if (consume("false")) {
            v.type_ = Json::Type::Bool;
            return v;
        }
        if (consume("null")) return v;
        if (c == '-' || (c >= '0' && c <= '9')) return parse_number();
        fail(std::string("unexpected character '") + c + "'");
    }

    Json parse_number() {
        const size_t start = pos_;
        bool integral = true;
        if (s_[pos_] == '-') ++pos_;
        auto digits = [&] {
            const size_t d0 = pos_;
            while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
            if (pos_ == d0) fail("malformed number");
        };
        digits();
        if (pos_ < s_.size() && s_[pos_] == '.') {
            integral = false;
            ++pos_;
            digits();
        }
        if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
            integral = false;
            ++pos_;
            if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
            digits();
        }
        const std::string_view lexeme = s_.substr(start, pos_ - start);
        Json v;
        v.type_ = Json::Type::Number;
        // from_chars, not strtod: strtod reads the C locale, which a Qt
        // application sets from the user's (0.5 read as 0 under de_DE).
        {
            const auto [p, ec] = std::from_chars(lexeme.data(), lexeme.data() + lexeme.size(), v.num_);
            if (ec == std::errc::result_out_of_range) {
                // JSON allows 1e999 (infinity) and 1e-999 (zero): strtod
                // gives those, once the point is the locale's.
                std::string c(lexeme);
                if (const size_t dot = c.find('.'); dot != std::string::npos) c.replace(dot, 1, std::localeconv()->decimal_point);
                v.num_ = std::strtod(c.c_str(), nullptr);
            }
            else if (ec != std::errc() || p != lexeme.data() + lexeme.size())
                fail("malformed number");
        }
        if (integral) {
            int64_t i = 0;
            auto [p, ec] = std::from_chars(lexeme.data(), lexeme.data() + lexeme.size(), i);
            if (ec == std::errc() && p == lexeme.data() + lexeme.size()) {
                v.is_int_ = true;
                v.int_ = i;
            }
        }
        return v;
    }

    unsigned parse_hex4() {
        if (pos_ + 4 > s_.size()) fail("truncated \\u escape");
        unsigned cp = 0;
        for (int i = 0; i < 4; ++i) {
            const char h = s_[pos_++];
            cp <<= 4;
            if (h >= '0' && h <= '9') cp |= unsigned(h - '0');
            else if (h >= 'a' && h <= 'f') cp |= unsigned(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F') cp |= unsigned(h - 'A' + 10);
            else fail("bad \\u escape");
        }
        return cp;
    }

    std::string parse_string() {
        ++pos_;  // opening quote
        std::string out;
        for (;;) {
            if (pos_ >= s_.size()) fail("unterminated string");
            const char c = s_[pos_++];
            if (c == '"') return out;
            if (static_cast<unsigned char>(c) < 0x20) fail("control character in string");
            if (c != '\\') {
                out += c;
                continue;
            }
            if (pos_ >= s_.size()) fail("unterminated escape");
            const char e = s_[pos_++];
            switch (e) {
            case '"': out += '"'; break;
            case '\\': out += '\\'; break;
            case '/': out += '/'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'u': {
                unsigned cp = parse_hex4();
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    if (!consume("\\u")) fail("unpaired surrogate");
                    const unsigned lo = parse_hex4();
                    if (lo < 0xDC00 || lo > 0xDFFF) fail("unpaired surrogate");
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    fail("unpaired surrogate");
                }
                utf8::append(out, char32_t(cp));
                break;
            }
            default: fail("unknown escape");
            }
        }
    }

    std::string_view s_;
    size_t pos_ = 0;
    size_t values_ = 0;
    JsonLimits limits_;
};

Json Json::parse(std::string_view text, int max_depth) {
    JsonLimits limits;
    limits.max_depth = max_depth;
    return JsonParser(text, limits).parse_document();
}

Json Json::parse(std::string_view text, const JsonLimits& limits) { return JsonParser(text, limits).parse_document(); }

void Json::release() noexcept {
    switch (type_) {
    case Type::String: delete str_; break;
    case Type::Array: delete items_; break;
    case Type::Object: delete members_; break;
    default: break;
    }
    ptr_ = nullptr;
}

void Json::copy_from(const Json& o) {
    switch (o.type_) {
    case Type::String: str_ = new std::string(*o.str_); break;
    case Type::Array: items_ = new std::vector<Json>(*o.items_); break;
    case Type::Object: members_ = new std::vector<Member>(*o.members_); break;
    default: ptr_ = nullptr; break;
    }
    type_ = o.type_;
    bool_ = o.bool_;
    is_int_ = o.is_int_;
    num_ = o.num_;
    int_ = o.int_;
}

Json::Json(const Json& o) { copy_from(o); }

Json::Json(Json&& o) noexcept
    : type_(o.type_), bool_(o.bool_), is_int_(o.is_int_), num_(o.num_), int_(o.int_), ptr_(o.ptr_) {
    o.type_ = Type::Null;
    o.ptr_ = nullptr;
}

Json& Json::operator=(const Json& o) {
    if (this != &o) {
        Json copy(o);
        *this = std::move(copy);
    }
    return *this;
}

Json& Json::operator=(Json&& o) noexcept {
    if (this != &o) {
        release();
        type_ = o.type_;
        bool_ = o.bool_;
        is_int_ = o.is_int_;
        num_ = o.num_;
        int_ = o.int_;
        ptr_ = o.ptr_;
        o.type_ = Type::Null;
        o.ptr_ = nullptr;
    }
    return *this;
}

Json::~Json() { release(); }

const std::string& Json::as_string() const {
    static const std::string empty;
    return type_ == Type::String ? *str_ : empty;
}

const std::vector<Json>& Json::items() const {
    static const std::vector<Json> empty;
    return type_ == Type::Array ? *items_ : empty;
}

const std::vector<Json::Member>& Json::members() const {
    static const std::vector<Member> empty;
    return type_ == Type::Object ? *members_ : empty;
}

const Json* Json::find(std::string_view key) const {
    for (const auto& [k, v] : members())
        if (k == key) return &v;
    return nullptr;
}

std::string json_quote(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 2);
    out += '"';
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += ch;
            }
        }
    }
    out += '"';
    return out;
}

void JsonWriter::separate() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (!first_.back()) out_ << ',';
    first_.back() = false;
}

JsonWriter& JsonWriter::begin_object() {
    separate();
    out_ << '{';
    first_.push_back(true);
    return *this;
}

JsonWriter& JsonWriter::end_object() {
    first_.pop_back();
    out_ << '}';
    return *this;
}

JsonWriter& JsonWriter::begin_array() {
    separate();
    out_ << '[';
    first_.push_back(true);
    return *this;
}

JsonWriter& JsonWriter::end_array() {
    first_.pop_back();
    out_ << ']';
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view k) {
    separate();
    out_ << json_quote(k) << ':';
    after_key_ = true;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
    separate();
    out_ << json_quote(s);
    return *this;
}

static void write_float(std::ostream& out, float f) {
    if (!std::isfinite(f)) {
        out << "null";
        return;
    }
    char buf[32];
    auto [p, ec] = std::to_chars(buf, buf + sizeof buf, f);  // shortest round-trip form
    out.write(buf, p - buf);
}

JsonWriter& JsonWriter::value(double d) {
    separate();
    if (!std::isfinite(d)) {
        out_ << "null";
    } else {
        char buf[40];
        auto [p, ec] = std::to_chars(buf, buf + sizeof buf, d);
        out_.write(buf, p - buf);
    }
    return *this;
}

JsonWriter& JsonWriter::value(float f) {
    separate();
    write_float(out_, f);
    return *this;
}

JsonWriter& JsonWriter::value(int64_t i) {
    separate();
    out_ << i;
    return *this;
}

JsonWriter& JsonWriter::value(bool b) {
    separate();
    out_ << (b ? "true" : "false");
    return *this;
}

JsonWriter& JsonWriter::null() {
    separate();
    out_ << "null";
    return *this;
}

JsonWriter& JsonWriter::raw(std::string_view json) {
    separate();
    out_ << json;
    return *this;
}

JsonWriter& JsonWriter::array(const float* data, int64_t n) {
    separate();
    out_ << '[';
    for (int64_t i = 0; i < n; ++i) {
        if (i) out_ << ',';
        write_float(out_, data[i]);
    }
    out_ << ']';
    return *this;
}

JsonWriter& JsonWriter::array(const std::vector<int64_t>& values) {
    separate();
    out_ << '[';
    for (size_t i = 0; i < values.size(); ++i) {
        if (i) out_ << ',';
        out_ << values[i];
    }
    out_ << ']';
    return *this;
}

}  // namespace attnscope
