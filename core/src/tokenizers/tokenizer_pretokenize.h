#pragma once
// GPT-2's pre-tokenization as a hand-written scanner over code points. It
// follows the regular expression alternative by alternative (see
// gpt2_pretokenize() in attnscope/tokenizer.h), including the backtracking of
// \s+(?!\S), which leaves the last space of a run for the word after it.
#include <cstddef>
#include <string_view>
#include <utility>
#include <vector>

namespace attnscope {

// Appends the pieces of `text`, which must be valid UTF-8 (an invalid byte is
// treated as a one-byte punctuation character, so it never crashes), to `pieces`.
void split_gpt2_pieces(std::string_view text, std::vector<std::pair<size_t, size_t>>& pieces);

}  // namespace attnscope
