#pragma once
// Text from a file (tensor names, keys, paths) made safe to print on a
// terminal: control characters, including ESC, DEL and the C1 controls, are
// written as \xNN, so a name cannot move the cursor, recolour the terminal or
// fake a line of output. Valid UTF-8 otherwise passes unchanged.
#include <cstddef>
#include <string>
#include <string_view>

namespace attnscope {

// `s` escaped; when longer than `max_bytes` (0: no limit), cut there and "..."
// appended.
std::string printable_text(std::string_view s, size_t max_bytes = 0);

}  // namespace attnscope
