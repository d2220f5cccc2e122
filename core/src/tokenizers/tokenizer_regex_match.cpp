// PretokenizerRegex at work: character set membership and the backtracking
// matcher that runs a compiled program over a text.
#include "tokenizers/tokenizer_regex.h"

#include <QChar>

#include "attnscope/common/error.h"

namespace attnscope {

namespace {

using CharSet = PretokenizerRegex::CharSet;
using Inst = PretokenizerRegex::Inst;
using Op = Inst::Op;

// Steps allowed for a text of n code points: far above what real patterns need
// (a few dozen per code point), far below what catastrophic backtracking takes.
uint64_t step_budget(size_t n) { return 4096 + 256 * uint64_t(n); }

bool item_contains(const CharSet::Item& item, char32_t c) {
    using Kind = CharSet::Item::Kind;
    bool in = false;
    switch (item.kind) {
    case Kind::Range: in = c >= item.lo && c <= item.hi; break;
    case Kind::Categories: in = (item.categories >> unsigned(QChar::category(c))) & 1; break;
    case Kind::Space: in = QChar::isSpace(c); break;
    case Kind::Word:
        in = QChar::isLetterOrNumber(c) || QChar::isMark(c) ||
             QChar::category(c) == QChar::Punctuation_Connector || c == 0x200C || c == 0x200D;
        break;
    }
    return in != item.negated;
}

}  // namespace

bool CharSet::slow_contains(char32_t c) const {
    const auto any = [&](char32_t v) {
        for (const Item& item : items)
            if (item_contains(item, v)) return true;
        return false;
    };
    bool in = any(c);
    if (!in && ignore_case) {
        for (const char32_t v : {QChar::toCaseFolded(c), QChar::toLower(c), QChar::toUpper(c)})
            if (v != c && any(v)) in = true;
        // A literal that folds like c ('s' for 'ſ').
        for (const Item& item : items)
            if (!in && item.kind == Item::Kind::Range && !item.negated && item.lo == item.hi &&
                QChar::toCaseFolded(item.lo) == QChar::toCaseFolded(c))
                in = true;
    }
    return in != negated;
}

void CharSet::finish() {
    ascii[0] = ascii[1] = 0;
    for (char32_t c = 0; c < 128; ++c)
        if (slow_contains(c)) ascii[c >> 6] |= uint64_t(1) << (c & 63);
}

void PretokenizerRegex::too_slow(size_t length) const {
    const std::string what = "the pre-tokenizer pattern '" + pattern_.substr(0, 200) +
                             "' takes too many steps on a text of " + std::to_string(length) +
                             " characters";
    throw Error(ErrorCode::TooLarge, where_ + ": " + what, {where_, what});
}

long PretokenizerRegex::run(uint32_t pc, std::u32string_view text, uint32_t pos,
                            std::vector<Frame>& stack, uint64_t& steps, uint64_t budget) const {
    const size_t base = stack.size();
    for (;;) {
        if (++steps > budget) too_slow(text.size());
        const Inst& in = program_[pc];
        bool ok = true;
        switch (in.op) {
        case Op::Set:
            ok = pos < text.size() && sets_[in.x].contains(text[pos]);
            ++pos;
            ++pc;
            break;
        case Op::Split:
            stack.push_back({in.y, pos});
            pc = in.x;
            break;
        case Op::Jmp: pc = in.x; break;
        case Op::Match:
            stack.resize(base);
            return long(pos);
        case Op::Look:
            ok = (run(in.x, text, pos, stack, steps, budget) >= 0) != in.negate;
            ++pc;
            break;
        }
        if (ok) continue;
        if (stack.size() == base) return -1;
        pc = stack.back().pc;
        pos = stack.back().pos;
        stack.pop_back();
    }
}

std::vector<std::pair<size_t, size_t>> PretokenizerRegex::find_all(std::u32string_view text) const {
    std::vector<std::pair<size_t, size_t>> out;
    if (text.size() >= UINT32_MAX) too_slow(text.size());
    std::vector<Frame> stack;
    uint64_t steps = 0;
    const uint64_t budget = step_budget(text.size());
    size_t pos = 0;
    while (pos < text.size()) {
        const long end = run(0, text, uint32_t(pos), stack, steps, budget);
        if (end > long(pos)) {
            out.emplace_back(pos, size_t(end));
            pos = size_t(end);
        } else {
            ++pos;  // no match here, or an empty one
        }
    }
    return out;
}

}  // namespace attnscope
