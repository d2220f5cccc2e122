#pragma once
// The one exception type core throws. It carries a code the app can word in the
// user's language, the English message (for the CLI and logs), and the pieces
// (file, tensor name, shapes...) that the message names.
#include <stdexcept>
#include <string>
#include <vector>

namespace attnscope {

enum class ErrorCode {
    InvalidArgument,   // a caller passed something impossible (bad config, bad ids)
    Io,                // the file cannot be opened or read
    UnknownFormat,     // the bytes are not any format we read
    BadFormat,         // the format is recognised but the content is inconsistent
    Truncated,         // the file ends before the data it announces
    UnsupportedDType,  // a tensor dtype we do not read
    ShapeMismatch,     // a tensor has the wrong shape for the model
    MissingTensor,     // a tensor the model needs is absent
    UnexpectedTensor,  // a tensor no part of the model uses
    DuplicateTensor,   // the same name twice
    TooLarge,          // a size past the limits we accept (hostile or absurd file)
    Forbidden,         // a pickle asks for code we never run
    ContextOverflow,   // more tokens than the model's context length
    EmptyInput,        // nothing to run
    InvalidUtf8,       // text is not valid UTF-8
    TokenizerMissing,  // no tokenizer found for a model
    BadTokenizer,      // a tokenizer file that cannot be read or is broken
    Cancelled,         // a progress callback asked to stop
    TooMuchWork,       // a computation far too large for its input (say, an O(T³) view of a long text)
};

class Error : public std::runtime_error {
public:
    Error(ErrorCode code, const std::string& message, std::vector<std::string> args = {})
        : std::runtime_error(message), code_(code), args_(std::move(args)) {}

    ErrorCode code() const noexcept { return code_; }
    // The named pieces of the message, in order (e.g. tensor name, expected, actual).
    const std::vector<std::string>& args() const noexcept { return args_; }

private:
    ErrorCode code_;
    std::vector<std::string> args_;
};

// Throws Error(code, "<origin>: <what>"), with `origin` (usually a file path)
// as the first named piece, then `args`.
[[noreturn]] void fail_in(const std::string& origin, ErrorCode code, const std::string& what,
                          std::vector<std::string> args = {});

// Throws Error(BadFormat, "<origin>: <what>") naming `origin`, then `args`.
[[noreturn]] inline void bad_format(const std::string& origin, const std::string& what,
                                    std::vector<std::string> args = {}) {
    fail_in(origin, ErrorCode::BadFormat, what, std::move(args));
}
// Throws Error(BadFormat, "<where>: <what>") naming both.
[[noreturn]] inline void bad_format_at(const std::string& where, const std::string& what) {
    throw Error(ErrorCode::BadFormat, where + ": " + what, {where, what});
}

// A stable English identifier for a code ("shape_mismatch"), for logs and JSON.
const char* error_code_name(ErrorCode code) noexcept;

}  // namespace attnscope
