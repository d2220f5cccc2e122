#pragma once
// Where AttnScope's own files are at run time: the demo model, the bundled
// tokenizer, translations, the benchmark's PyTorch script. Found relative to
// the running executable, never through a path compiled into it, so an
// installed (or moved) AttnScope finds its files:
//   installed:   <prefix>/bin/attnscope       -> <prefix>/share/attnscope/<relative>
//   build tree:  build/ci/app/attnscope       -> build/ci/share/attnscope/<relative>
// (the build tree's share/attnscope holds links into the source tree, made
// when CMake configures; see the top-level CMakeLists.txt).
#include <QString>

namespace session {

// The folder of the running executable (from /proc/self/exe; works before
// and without a QCoreApplication).
QString executableDir();

// <executableDir>/../share/attnscope/<relative> when it exists, else the
// same beside the executable's parent's parent (tests/bench build folders one
// level deeper). Empty when none exists.
QString resourcePath(const QString& relative);

}  // namespace session
