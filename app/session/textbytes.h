#pragma once
// A text file's bytes as text. UTF-8 unless a byte-order mark says UTF-16 or
// UTF-32 (what Windows calls "Unicode"): read as UTF-8, such a file became
// NUL characters between its letters, or was refused at its first byte.
#include <QByteArray>
#include <QString>
#include <optional>

namespace session {

struct MarkedText {
    QString text;      // without the byte-order mark
    QString encoding;  // as the mark names it: "UTF-16LE", "UTF-32BE", …
    bool invalid = false;  // something was not that encoding; replaced by U+FFFD
};

// Nothing when `bytes` do not start with a UTF-16 or UTF-32 byte-order mark
// (then they are UTF-8, with or without its own mark).
std::optional<MarkedText> decodeByByteOrderMark(const QByteArray& bytes);

}  // namespace session
