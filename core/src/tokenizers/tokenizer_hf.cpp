#include "tokenizers/tokenizer_hf.h"

#include <QChar>

#include <algorithm>

#include "tokenizers/tokenizer_pretokenize.h"
#include "common/utf8.h"

namespace attnscope {

namespace {

using Piece = std::pair<size_t, size_t>;  // [begin, end) bytes of the section

// Splits text[begin, end) by `regex`: the matches and the stretches between
// them (both kept, as behavior "Isolated"; matches dropped when `drop`).
void split_by_regex(const PretokenizerRegex& regex, std::string_view text, Piece piece, bool drop,
                    std::vector<Piece>& out) {
    std::u32string cps;
    std::vector<size_t> at;  // byte offset of each code point, and the end
    for (size_t pos = piece.first; pos < piece.second;) {
        const utf8::Decoded d = utf8::decode(text, pos);
        cps.push_back(d.valid ? d.code_point : char32_t(0xFFFD));
        at.push_back(pos);
        pos += size_t(d.length);
    }
    at.push_back(piece.second);
    size_t gap = 0;  // code point where the text between matches starts
    for (const auto& [b, e] : regex.find_all(cps)) {
        if (b > gap) out.emplace_back(at[gap], at[b]);
        if (!drop) out.emplace_back(at[b], at[e]);
        gap = e;
    }
    if (gap < cps.size()) out.emplace_back(at[gap], piece.second);
}

// Length of the whitespace that ends (or starts) text[begin, end).
size_t space_before(std::string_view text, size_t begin, size_t end) {
    size_t pos = end;
    while (pos > begin) {
        size_t start = pos - 1;
        while (start > begin && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80) --start;
        const utf8::Decoded d = utf8::decode(text, start);
        if (!d.valid || start + size_t(d.length) != pos || !QChar::isSpace(d.code_point)) break;
        pos = start;
    }
    return end - pos;
}

size_t space_after(std::string_view text, size_t begin, size_t end) {
    size_t pos = begin;
    while (pos < end) {
        const utf8::Decoded d = utf8::decode(text, pos);
        if (!d.valid || !QChar::isSpace(d.code_point)) break;
        pos += size_t(d.length);
    }
    return pos - begin;
}

}  // namespace

std::vector<std::pair<size_t, size_t>> regex_pretokenize(std::string_view pattern, std::string_view text) {
    utf8::require_valid(text);
    const PretokenizerRegex regex(pattern, "pattern");
    std::vector<Piece> pieces;
    if (!text.empty()) split_by_regex(regex, text, {0, text.size()}, false, pieces);
    return pieces;
}

HfTokenizer::HfTokenizer(std::string kind, std::unique_ptr<Gpt2BpeTokenizer> model, HfPipeline pipeline)
    : kind_(std::move(kind)), model_(std::move(model)), pipeline_(std::move(pipeline)) {
    trie_.emplace_back();
    trie_token_.push_back(-1);
    for (size_t i = 0; i < pipeline_.added.size(); ++i) {
        int node = 0;
        for (const char ch : pipeline_.added[i].content) {
            const auto b = static_cast<unsigned char>(ch);
            auto& edges = trie_[size_t(node)];
            const auto it = std::find_if(edges.begin(), edges.end(), [&](const auto& e) { return e.first == b; });
            if (it != edges.end()) {
                node = it->second;
                continue;
            }
            const int child = int(trie_.size());
            edges.emplace_back(b, child);
            trie_.emplace_back();
            trie_token_.push_back(-1);
            node = child;
        }
        // The first of two equal contents wins, as in a dictionary lookup.
        if (trie_token_[size_t(node)] < 0) trie_token_[size_t(node)] = int(i);
    }
}

int HfTokenizer::added_at(std::string_view text, size_t pos) const {
    int node = 0, found = -1;
    for (; pos < text.size(); ++pos) {
        const auto b = static_cast<unsigned char>(text[pos]);
        const auto& edges = trie_[size_t(node)];
        const auto it = std::find_if(edges.begin(), edges.end(), [&](const auto& e) { return e.first == b; });
        if (it == edges.end()) break;
        node = it->second;
        if (trie_token_[size_t(node)] >= 0) found = trie_token_[size_t(node)];
    }
    return found;
}

Encoding HfTokenizer::encode(std::string_view text) const {
    utf8::require_valid(text);
    return run(AlignedText::slice(text, 0, text.size()), text.size());
}

Encoding HfTokenizer::encode_lenient(std::string_view text, std::vector<Skipped>&) const {
    return run(AlignedText::sanitized(text), text.size());
}

Encoding HfTokenizer::run(const AlignedText& text, size_t original_size) const {
    Encoding out;
    for (const int id : pipeline_.prefix) {
        out.ids.push_back(id);
        out.spans.emplace_back(0, 0);
    }
    // Sections: stretches of plain text and added tokens, in order.
    struct Section {
        size_t begin, end;
        int added;  // index in pipeline_.added, or -1 for plain text
    };
    std::vector<Section> sections;
    const std::string_view s = text.text;
    size_t plain = 0;
    for (size_t pos = 0; pos < s.size();) {
        const int a = pipeline_.added.empty() ? -1 : added_at(s, pos);
        if (a < 0) {
            ++pos;
            continue;
        }
        if (pos > plain) sections.push_back({plain, pos, -1});
        pos += pipeline_.added[size_t(a)].content.size();
        sections.push_back({pos - pipeline_.added[size_t(a)].content.size(), pos, a});
        plain = pos;
    }
    if (plain < s.size()) sections.push_back({plain, s.size(), -1});

    // lstrip and rstrip: the whitespace beside such a token becomes part of it.
    for (size_t i = 0; i < sections.size(); ++i) {
        if (sections[i].added < 0) continue;
        const AddedToken& t = pipeline_.added[size_t(sections[i].added)];
        if (t.lstrip && i > 0 && sections[i - 1].added < 0) {
            const size_t n = space_before(s, sections[i - 1].begin, sections[i - 1].end);
            sections[i - 1].end -= n;
            sections[i].begin -= n;
        }
        if (t.rstrip && i + 1 < sections.size() && sections[i + 1].added < 0) {
            const size_t n = space_after(s, sections[i + 1].begin, sections[i + 1].end);
            sections[i + 1].begin += n;
            sections[i].end += n;
        }
    }
    for (const Section& sec : sections) {
        if (sec.added >= 0) {
            out.ids.push_back(pipeline_.added[size_t(sec.added)].id);
            out.spans.push_back(text.origin_of(sec.begin, sec.end));
        } else if (sec.end > sec.begin) {
            encode_section(text.sub(sec.begin, sec.end), sec.begin == 0, out);
        }
    }
    for (const int id : pipeline_.suffix) {
        out.ids.push_back(id);
        out.spans.emplace_back(original_size, original_size);
    }
    return out;
}

void HfTokenizer::encode_section(AlignedText section, bool first, Encoding& out) const {
    for (const NormalizerStep& step : pipeline_.normalizers) step.apply(section);
    if (const auto& m = pipeline_.metaspace) {
        NormalizerStep{NormalizerStep::Kind::Replace, " ", m->replacement}.apply(section);
        const bool prepend = m->prepend == Metaspace::Prepend::Always ||
                             (m->prepend == Metaspace::Prepend::First && first);
        if (prepend && (m->prepend_to_space || !section.text.starts_with(m->replacement)))
            NormalizerStep{NormalizerStep::Kind::Prepend, m->replacement, {}}.apply(section);
    }
    if (section.text.empty()) return;
    const std::string_view text = section.text;

    std::vector<Piece> pieces{{0, text.size()}}, next;
    for (const PreTokenizerStep& step : pipeline_.pre_tokenizers) {
        next.clear();
        for (const Piece& p : pieces) {
            if (step.kind == PreTokenizerStep::Kind::Gpt2) {
                std::vector<Piece> sub;
                split_gpt2_pieces(text.substr(p.first, p.second - p.first), sub);
                for (const auto& [b, e] : sub) next.emplace_back(p.first + b, p.first + e);
            } else {
                split_by_regex(*step.regex, text, p, step.kind == PreTokenizerStep::Kind::SplitDrop, next);
            }
        }
        pieces.swap(next);
    }

    std::vector<uint32_t> lengths;
    for (const auto& [begin, end] : pieces) {
        lengths.clear();
        model_->encode_piece(text.substr(begin, end - begin), out.ids, lengths);
        size_t offset = begin;
        for (const uint32_t len : lengths) {
            out.spans.push_back(section.origin_of(offset, offset + len));
            offset += len;
        }
    }
}

int HfTokenizer::eos_id() const {
    if (pipeline_.eos >= 0) return pipeline_.eos;
    for (const char* name : {"<|endoftext|>", "</s>", "<|end_of_text|>"})
        if (const int id = model_->id_of(name); id >= 0) return id;
    return -1;
}

}  // namespace attnscope
