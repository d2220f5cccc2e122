// PretokenizerRegex's patterns: parsed, refused outside the supported subset,
// and compiled to the program the matcher runs (tokenizer_regex_match.cpp).
#include "tokenizers/tokenizer_regex.h"

#include <QChar>

#include <array>

#include "attnscope/common/error.h"
#include "common/utf8.h"

namespace attnscope {

namespace {

using CharSet = PretokenizerRegex::CharSet;
using Inst = PretokenizerRegex::Inst;
using Op = Inst::Op;

// Limits that keep a hostile pattern's program small.
constexpr size_t kMaxPatternChars = 4096;
constexpr size_t kMaxProgram = 1 << 16;
constexpr int kMaxDepth = 32;
constexpr int kMaxCount = 64;  // n and m in {n,m}

// The parsed pattern: a node is a character set, a sequence, an alternation
// or a lookahead, repeated min..max times (max -1: unbounded).
struct Node {
    enum class Kind { Set, Seq, Alt, Look } kind = Kind::Seq;
    int set = -1;
    bool negate = false;  // Look
    int min = 1, max = 1;
    std::vector<Node> kids;
};

uint32_t category_bits(std::string_view name) {
    struct Named {
        const char* name;
        QChar::Category category;
    };
    static constexpr Named kTwo[] = {
        {"Mn", QChar::Mark_NonSpacing}, {"Mc", QChar::Mark_SpacingCombining},
        {"Me", QChar::Mark_Enclosing}, {"Nd", QChar::Number_DecimalDigit},
        {"Nl", QChar::Number_Letter}, {"No", QChar::Number_Other},
        {"Zs", QChar::Separator_Space}, {"Zl", QChar::Separator_Line},
        {"Zp", QChar::Separator_Paragraph}, {"Cc", QChar::Other_Control},
        {"Cf", QChar::Other_Format}, {"Cs", QChar::Other_Surrogate},
        {"Co", QChar::Other_PrivateUse}, {"Cn", QChar::Other_NotAssigned},
        {"Lu", QChar::Letter_Uppercase}, {"Ll", QChar::Letter_Lowercase},
        {"Lt", QChar::Letter_Titlecase}, {"Lm", QChar::Letter_Modifier},
        {"Lo", QChar::Letter_Other}, {"Pc", QChar::Punctuation_Connector},
        {"Pd", QChar::Punctuation_Dash}, {"Ps", QChar::Punctuation_Open},
        {"Pe", QChar::Punctuation_Close}, {"Pi", QChar::Punctuation_InitialQuote},
        {"Pf", QChar::Punctuation_FinalQuote}, {"Po", QChar::Punctuation_Other},
        {"Sm", QChar::Symbol_Math}, {"Sc", QChar::Symbol_Currency},
        {"Sk", QChar::Symbol_Modifier}, {"So", QChar::Symbol_Other}};
    uint32_t bits = 0;
    for (const Named& n : kTwo) {
        const std::string_view full(n.name);
        // "L" names every category starting with L; "Lu" only itself.
        if (full == name || (name.size() == 1 && full[0] == name[0]))
            bits |= uint32_t(1) << unsigned(n.category);
    }
    return bits;
}

class Parser {
public:
    Parser(std::string_view pattern, const std::string& where) : where_(where), pattern_(pattern) {
        for (size_t pos = 0; pos < pattern.size();) {
            const utf8::Decoded d = utf8::decode(pattern, pos);
            if (!d.valid) fail("it is not valid UTF-8");
            cps_.push_back(d.code_point);
            pos += size_t(d.length);
        }
        if (cps_.size() > kMaxPatternChars)
            fail("longer than " + std::to_string(kMaxPatternChars) + " characters");
    }

    Node parse() {
        Node root = alternation(0);
        if (at_ < cps_.size()) fail("unbalanced ')'");
        return root;
    }

    std::vector<CharSet> sets;

    [[noreturn]] void fail(const std::string& problem) const {
        const std::string shown = pattern_.size() > 200 ? pattern_.substr(0, 200) + "..." : pattern_;
        const std::string what = "pre-tokenizer pattern '" + shown + "': " + problem +
                                 (at_ > 0 ? " (at character " + std::to_string(at_) + ")" : "");
        throw Error(ErrorCode::BadFormat, where_ + ": " + what, {where_, what});
    }

private:
    bool more() const { return at_ < cps_.size(); }
    char32_t peek() const { return cps_[at_]; }
    bool eat(char32_t c) {
        if (!more() || peek() != c) return false;
        ++at_;
        return true;
    }

    Node alternation(int depth) {
        if (depth > kMaxDepth) fail("groups nested deeper than " + std::to_string(kMaxDepth));
        Node alt;
        alt.kind = Node::Kind::Alt;
        alt.kids.push_back(sequence(depth));
        while (eat('|')) alt.kids.push_back(sequence(depth));
        if (alt.kids.size() == 1) return std::move(alt.kids.front());
        return alt;
    }

    Node sequence(int depth) {
        Node seq;
        while (more() && peek() != '|' && peek() != ')') {
            Node atom = this->atom(depth);
            quantifier(atom);
            seq.kids.push_back(std::move(atom));
        }
        return seq;
    }

    Node atom(int depth) {
        const char32_t c = peek();
        ++at_;
        if (c == '(') return group(depth);
        if (c == '[') return bracket();
        if (c == '\\') {
            CharSet s;
            escape(s, false);
            return set(std::move(s));
        }
        if (c == '.') {
            CharSet s;
            s.negated = true;
            s.items.push_back({CharSet::Item::Kind::Range, false, '\n', '\n', 0});
            return set(std::move(s));
        }
        if (c == '^' || c == '$') fail("anchors (^ and $) are not supported");
        if (c == '*' || c == '+' || c == '?' || c == '{') fail("a quantifier with nothing to repeat");
        CharSet s;
        s.items.push_back({CharSet::Item::Kind::Range, false, c, c, 0});
        return set(std::move(s));
    }

    Node set(CharSet s) {
        s.ignore_case = ignore_case_;
        s.finish();
        sets.push_back(std::move(s));
        Node n;
        n.kind = Node::Kind::Set;
        n.set = int(sets.size() - 1);
        return n;
    }

    Node group(int depth) {
        const bool saved = ignore_case_;
        Node n;
        if (eat('?')) {
            if (eat(':')) {
            } else if (eat('i')) {
                if (!eat(':')) fail("only the group form (?i:...) of flags is supported");
                ignore_case_ = true;
            } else if (more() && (peek() == '!' || peek() == '=')) {
                n.kind = Node::Kind::Look;
                n.negate = peek() == '!';
                ++at_;
            } else {
                fail("unsupported group syntax '(?'; supported: (?:...), (?i:...), (?=...), (?!...)");
            }
        }
        Node body = alternation(depth + 1);
        ignore_case_ = saved;
        if (!eat(')')) fail("missing ')'");
        if (n.kind != Node::Kind::Look) return body;
        n.kids.push_back(std::move(body));
        return n;
    }

    int number() {
        if (!more() || peek() < '0' || peek() > '9') fail("expected a number in {n,m}");
        int v = 0;
        while (more() && peek() >= '0' && peek() <= '9') {
            v = v * 10 + int(peek() - '0');
            if (v > kMaxCount) fail("a repeat count above " + std::to_string(kMaxCount));
            ++at_;
        }
        return v;
    }

    void quantifier(Node& atom) {
        if (!more()) return;
        const char32_t c = peek();
        int min = 1, max = 1;
        if (c == '?') min = 0;
        else if (c == '*') min = 0, max = -1;
        else if (c == '+') max = -1;
        else if (c == '{') {
            ++at_;
            min = max = number();
            if (eat(',')) max = more() && peek() == '}' ? -1 : number();
            if (!more() || peek() != '}') fail("expected '}'");
            if (max >= 0 && max < min) fail("{n,m} with m < n");
        } else {
            return;
        }
        ++at_;
        if (more() && (peek() == '?' || peek() == '+'))
            fail("lazy and possessive quantifiers are not supported");
        if (atom.kind == Node::Kind::Look) fail("a quantifier on a lookahead");
        if (max < 0 && atom.kind != Node::Kind::Set)
            fail("*, + and {n,} are supported on single characters and classes only, not on groups");
        atom.min = min;
        atom.max = max;
    }

    uint32_t hex(size_t digits_min, size_t digits_max, char32_t close) {
        uint32_t v = 0;
        size_t n = 0;
        while (more() && n < digits_max && peek() != close) {
            const char32_t h = peek();
            int d = -1;
            if (h >= '0' && h <= '9') d = int(h - '0');
            else if (h >= 'a' && h <= 'f') d = int(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F') d = int(h - 'A' + 10);
            if (d < 0) break;
            v = v * 16 + uint32_t(d);
            ++n;
            ++at_;
        }
        if (n < digits_min || v > 0x10FFFF) fail("a bad hexadecimal escape");
        return v;
    }

    // After a backslash: adds what the escape stands for to `s`.
    void escape(CharSet& s, bool in_bracket) {
        using Kind = CharSet::Item::Kind;
        if (!more()) fail("a pattern ending in '\\'");
        const char32_t c = peek();
        ++at_;
        const auto literal = [&](char32_t v) { s.items.push_back({Kind::Range, false, v, v, 0}); };
        switch (c) {
        case 'r': return literal('\r');
        case 'n': return literal('\n');
        case 't': return literal('\t');
        case 'f': return literal('\f');
        case 'v': return literal('\v');
        case 's': case 'S':
            s.items.push_back({Kind::Space, c == 'S', 0, 0, 0});
            return;
        case 'w': case 'W':
            s.items.push_back({Kind::Word, c == 'W', 0, 0, 0});
            return;
        case 'd': case 'D':
            s.items.push_back({Kind::Categories, c == 'D', 0, 0, category_bits("Nd")});
            return;
        case 'p': case 'P': {
            std::string name;
            if (eat('{')) {
                while (more() && peek() != '}' && name.size() < 32) name += char(peek() < 128 ? peek() : '?'), ++at_;
                if (!eat('}')) fail("expected '}' after \\p{");
            } else if (more()) {
                name = char(peek() < 128 ? peek() : '?');
                ++at_;
            }
            const uint32_t bits = name.size() <= 2 ? category_bits(name) : 0;
            if (bits == 0) fail("unknown Unicode property '" + name + "' (general categories such as L, Lu, N, P only)");
            s.items.push_back({Kind::Categories, c == 'P', 0, 0, bits});
            return;
        }
        case 'x': {
            if (!eat('{')) return literal(hex(2, 2, 0));
            const uint32_t v = hex(1, 6, '}');
            if (!eat('}')) fail("expected '}' after \\x{");
            return literal(v);
        }
        case 'u': return literal(hex(4, 4, 0));
        default: break;
        }
        if (c < 128 && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
            fail(std::string("unsupported escape '\\") + char(c) + "'" +
                 (in_bracket ? " in a character class" : "") +
                 " (anchors, backreferences and named classes are not supported)");
        literal(c);  // escaped punctuation stands for itself
    }

    Node bracket() {
        using Kind = CharSet::Item::Kind;
        CharSet s;
        s.negated = eat('^');
        bool first = true;
        while (more() && (peek() != ']' || first)) {
            first = false;
            if (peek() == '[') fail("nested or POSIX classes inside [...] are not supported");
            const size_t before = s.items.size();
            if (eat('\\')) {
                escape(s, true);
            } else {
                s.items.push_back({Kind::Range, false, peek(), peek(), 0});
                ++at_;
            }
            // A range a-z: both ends single characters.
            if (more() && peek() == '-' && at_ + 1 < cps_.size() && cps_[at_ + 1] != ']') {
                ++at_;
                CharSet end;
                if (eat('\\')) escape(end, true);
                else end.items.push_back({Kind::Range, false, peek(), peek(), 0}), ++at_;
                const bool single = s.items.size() == before + 1 && s.items.back().kind == Kind::Range &&
                                    s.items.back().lo == s.items.back().hi && end.items.size() == 1 &&
                                    end.items[0].kind == Kind::Range;
                if (!single || end.items[0].lo < s.items.back().lo) fail("a bad range in [...]");
                s.items.back().hi = end.items[0].lo;
            }
        }
        if (!eat(']')) fail("missing ']'");
        return set(std::move(s));
    }

    std::string where_;
    std::string pattern_;
    std::vector<char32_t> cps_;
    size_t at_ = 0;
    bool ignore_case_ = false;
};

class Compiler {
public:
    Compiler(std::vector<Inst>& program, const Parser& parser) : p_(program), parser_(parser) {}

    void node(const Node& n) {
        for (int i = 0; i < n.min; ++i) once(n);
        if (n.max < 0) {
            // L: Split(L+1, L+3); L+1: set; L+2: Jmp L
            const uint32_t loop = push({Op::Split, false, 0, 0});
            p_[loop].x = pc();
            once(n);
            push({Op::Jmp, false, loop, 0});
            p_[loop].y = pc();
            return;
        }
        // Optional copies, each tried before skipping to the end: X{1,3} is X(X(X)?)?.
        std::vector<uint32_t> splits;
        for (int i = n.min; i < n.max; ++i) {
            splits.push_back(push({Op::Split, false, 0, 0}));
            p_[splits.back()].x = pc();
            once(n);
        }
        for (const uint32_t s : splits) p_[s].y = pc();
    }

private:
    uint32_t pc() const { return uint32_t(p_.size()); }
    uint32_t push(Inst i) {
        if (p_.size() >= kMaxProgram) parser_.fail("the compiled pattern is too large");
        p_.push_back(i);
        return uint32_t(p_.size() - 1);
    }

    void once(const Node& n) {
        switch (n.kind) {
        case Node::Kind::Set: push({Op::Set, false, uint32_t(n.set), 0}); return;
        case Node::Kind::Seq:
            for (const Node& k : n.kids) node(k);
            return;
        case Node::Kind::Alt: {
            std::vector<uint32_t> jumps;
            for (size_t i = 0; i < n.kids.size(); ++i) {
                const bool last = i + 1 == n.kids.size();
                const uint32_t split = last ? 0 : push({Op::Split, false, 0, 0});
                if (!last) p_[split].x = pc();
                node(n.kids[i]);
                if (!last) {
                    jumps.push_back(push({Op::Jmp, false, 0, 0}));
                    p_[split].y = pc();
                }
            }
            for (const uint32_t j : jumps) p_[j].x = pc();
            return;
        }
        case Node::Kind::Look: {
            // Look(body); Jmp after; body...; Match; after:
            const uint32_t look = push({Op::Look, n.negate, 0, 0});
            const uint32_t jump = push({Op::Jmp, false, 0, 0});
            p_[look].x = pc();
            node(n.kids.front());
            push({Op::Match, false, 0, 0});
            p_[jump].x = pc();
            return;
        }
        }
    }

    std::vector<Inst>& p_;
    const Parser& parser_;
};

}  // namespace

PretokenizerRegex::PretokenizerRegex(std::string_view pattern, std::string where)
    : pattern_(pattern), where_(std::move(where)) {
    Parser parser(pattern, where_);
    const Node root = parser.parse();
    sets_ = std::move(parser.sets);
    Compiler(program_, parser).node(root);
    program_.push_back({Op::Match, false, 0, 0});

    // Probe texts on which a pattern with nested or stacked quantifiers takes
    // far more steps than real ones: refuse it now rather than on a user's text.
    static const std::u32string kProbes[] = {
        std::u32string(300, U'a'), std::u32string(300, U' '), std::u32string(300, U'1'),
        std::u32string(300, U'\n'), std::u32string(300, U'!'),
        [] {
            std::u32string s;
            for (int i = 0; i < 100; ++i) s += U"a1 ";
            return s + U"\u00e9\u4e2d!";
        }()};
    for (const std::u32string& probe : kProbes) {
        try {
            find_all(probe);
        } catch (const Error& e) {
            if (e.code() != ErrorCode::TooLarge) throw;
            parser.fail("it backtracks too much (nested or repeated quantifiers)");
        }
    }
}

}  // namespace attnscope
