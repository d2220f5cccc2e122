#include "tokenizers/tokenizer_normalize.h"

#include <QString>

#include "common/utf8.h"

namespace attnscope {

namespace {

constexpr std::string_view kReplacementChar = "\xEF\xBF\xBD";  // U+FFFD

// Unicode normalization cannot join a character to anything before these: no
// canonical or compatibility composition has one as its second part, and they
// are starters, so reordering never crosses them. Normalizing the stretches
// between them one by one gives the same text as normalizing it whole, and
// lets each stretch keep its own origin.
bool starts_chunk(char32_t c) {
    return c < 0x80 || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7A3) ||
           (c >= 0x3041 && c <= 0x3096) || (c >= 0x30A1 && c <= 0x30FA);
}

QString::NormalizationForm form_of(NormalizerStep::Kind kind) {
    switch (kind) {
    case NormalizerStep::Kind::Nfd: return QString::NormalizationForm_D;
    case NormalizerStep::Kind::Nfkc: return QString::NormalizationForm_KC;
    case NormalizerStep::Kind::Nfkd: return QString::NormalizationForm_KD;
    default: return QString::NormalizationForm_C;
    }
}

void unicode_normalize(AlignedText& t, QString::NormalizationForm form) {
    bool ascii = true;
    for (const char c : t.text) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
    if (ascii) return;  // every form leaves ASCII as it is

    AlignedText out;
    out.text.reserve(t.text.size());
    out.origin.reserve(t.origin.size());
    size_t pos = 0;
    while (pos < t.text.size()) {
        // One chunk: a character, then everything up to the next chunk start.
        size_t end = pos + size_t(utf8::decode(t.text, pos).length);
        bool plain = static_cast<unsigned char>(t.text[pos]) < 0x80;
        while (end < t.text.size()) {
            const utf8::Decoded d = utf8::decode(t.text, end);
            if (d.valid && starts_chunk(d.code_point)) break;
            plain = false;
            end += size_t(d.length);
        }
        const std::string_view chunk = std::string_view(t.text).substr(pos, end - pos);
        const std::string normalized =
            plain ? std::string(chunk)
                  : QString::fromUtf8(chunk.data(), qsizetype(chunk.size())).normalized(form).toStdString();
        if (normalized == chunk) {
            out.text += chunk;
            out.origin.insert(out.origin.end(), t.origin.begin() + std::ptrdiff_t(pos),
                              t.origin.begin() + std::ptrdiff_t(end));
        } else {
            // Changed: each byte of the result stands for the whole chunk.
            out.text += normalized;
            out.origin.insert(out.origin.end(), normalized.size(), t.origin_of(pos, end));
        }
        pos = end;
    }
    t = std::move(out);
}

}  // namespace

AlignedText AlignedText::slice(std::string_view text, size_t begin, size_t end) {
    AlignedText t;
    t.text = std::string(text.substr(begin, end - begin));
    t.origin.reserve(end - begin);
    for (size_t i = begin; i < end; ++i) t.origin.emplace_back(uint32_t(i), uint32_t(i + 1));
    return t;
}

AlignedText AlignedText::sanitized(std::string_view text) {
    AlignedText t;
    t.text.reserve(text.size());
    t.origin.reserve(text.size());
    for (size_t pos = 0; pos < text.size();) {
        const utf8::Decoded d = utf8::decode(text, pos);
        const auto len = size_t(d.length);
        if (d.valid) {
            t.text.append(text, pos, len);
            for (size_t i = pos; i < pos + len; ++i) t.origin.emplace_back(uint32_t(i), uint32_t(i + 1));
        } else {
            t.text += kReplacementChar;
            t.origin.insert(t.origin.end(), kReplacementChar.size(),
                            {uint32_t(pos), uint32_t(pos + len)});
        }
        pos += len;
    }
    return t;
}

AlignedText AlignedText::sub(size_t begin, size_t end) const {
    AlignedText t;
    t.text = text.substr(begin, end - begin);
    t.origin.assign(origin.begin() + std::ptrdiff_t(begin), origin.begin() + std::ptrdiff_t(end));
    return t;
}

void NormalizerStep::apply(AlignedText& t) const {
    switch (kind) {
    case Kind::Prepend: {
        // As in Hugging Face's tokenizers: nothing is prepended to empty text.
        if (t.text.empty()) return;
        const uint32_t at = t.origin.front().first;
        t.text.insert(0, text);
        t.origin.insert(t.origin.begin(), text.size(), {at, at});
        return;
    }
    case Kind::Replace: {
        if (text.empty() || t.text.find(text) == std::string::npos) return;
        AlignedText out;
        size_t pos = 0;
        for (size_t hit; (hit = t.text.find(text, pos)) != std::string::npos; pos = hit + text.size()) {
            out.text.append(t.text, pos, hit - pos);
            out.origin.insert(out.origin.end(), t.origin.begin() + std::ptrdiff_t(pos),
                              t.origin.begin() + std::ptrdiff_t(hit));
            out.text += content;
            out.origin.insert(out.origin.end(), content.size(), t.origin_of(hit, hit + text.size()));
        }
        out.text.append(t.text, pos);
        out.origin.insert(out.origin.end(), t.origin.begin() + std::ptrdiff_t(pos), t.origin.end());
        t = std::move(out);
        return;
    }
    case Kind::Nfc: case Kind::Nfd: case Kind::Nfkc: case Kind::Nfkd:
        unicode_normalize(t, form_of(kind));
        return;
    }
}

}  // namespace attnscope
