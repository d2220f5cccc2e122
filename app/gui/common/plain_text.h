#pragma once
// The text of a plain-text editor exactly as typed or opened.
#include <QPlainTextEdit>
#include <QTextDocument>

// Not toPlainText(): it turns no-break spaces into spaces and U+2028 into
// line feeds, so the model would run on (and the settings keep) other text
// than was typed. Blocks are U+2029 in the raw text, line feeds here.
inline QString textAsTyped(const QPlainTextEdit* editor) {
    QString t = editor->document()->toRawText();
    t.replace(QChar::ParagraphSeparator, QLatin1Char('\n'));
    return t;
}
