#pragma once
// The character vocabulary a tutorial builds from its training text,
// sorted(set(text)), saved as AttnScope's char tokenizer JSON so that a
// character-level checkpoint without one can be read.
#include <QString>

namespace session {

// Reads the UTF-8 text file `textPath` (at most 64 MB), builds its sorted set
// of characters and, when it has exactly `vocabRows` characters, writes
// {"type":"char","vocab":[...]} into `outDir` and returns that file's path.
// Throws attnscope::Error naming the text file: Io when it cannot be read or
// written, InvalidUtf8, or InvalidArgument when the character count differs
// from the model's vocabulary (both counts named).
QString buildCharTokenizer(const QString& textPath, int vocabRows, const QString& outDir);

}  // namespace session
