#pragma once
// Reading a text file for the editor: bounded in size, and never silently
// wrong about its encoding.
#include <QString>

struct TextFile {
    QString text;
    QString problem;  // translated; non-empty when the file was not read
    QString notice;   // translated; e.g. invalid UTF-8 that was replaced
};

// Files over 16 MB are refused; invalid UTF-8 becomes U+FFFD and `notice`
// names the first bad byte's offset.
TextFile readTextFile(const QString& path);
