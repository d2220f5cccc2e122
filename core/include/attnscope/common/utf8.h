#pragma once
// Checking and repairing UTF-8 text (every tokenizer reads UTF-8 bytes).
#include <string>
#include <string_view>

namespace attnscope {

// The first invalid byte offset of `text`, or npos when it is valid UTF-8.
// Strict: overlong forms, surrogates (U+D800..U+DFFF), values past U+10FFFF and
// truncated sequences are invalid; the offset is where the bad sequence starts.
size_t find_invalid_utf8(std::string_view text);
// `text` with every invalid sequence replaced by U+FFFD; `replaced` tells whether any was.
// Each maximal subpart of an ill-formed sequence becomes one U+FFFD, as in the
// Unicode standard's recommendation and WHATWG's decoder.
std::string sanitize_utf8(std::string_view text, bool* replaced = nullptr);

}  // namespace attnscope
