#pragma once
// Reading and writing whole files without losing data or hanging.
//
// Reading: only regular files are read (a FIFO would block forever, a device
// such as /dev/zero never ends), and never more than a cap chosen per kind of
// input. Writing: into a temporary file beside the target, every write checked
// (a full disk is an error, not a truncated file), flushed to disk, then
// renamed over the target; on failure the temporary file is removed and the
// target is untouched. A target that exists and is not a regular file (a
// device, a FIFO) is never replaced.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace attnscope {

// Size caps per kind of input. Model files are mapped, not read, and are not
// capped here; their headers have their own limits.
inline constexpr int64_t kMaxTextFileBytes = int64_t(16) << 20;    // text to run
inline constexpr int64_t kMaxRecipeFileBytes = int64_t(1) << 20;   // figure recipes
inline constexpr int64_t kMaxConfigFileBytes = int64_t(1) << 20;   // config.json

// Throws Error(Io) naming `path` unless it is a regular file (after following
// symlinks). `what` words the file for the message ("text file", "recipe").
void require_regular_file(const std::string& path, std::string_view what = "file");

// The whole of the regular file `path`, at most `max_bytes` long. Throws
// Error(Io) for a missing, unreadable or non-regular file and Error(TooLarge)
// past the cap; every message starts with `what` and the path.
std::string read_regular_file(const std::string& path, int64_t max_bytes, std::string_view what = "file");

// Writes `bytes` to `path` atomically (see above). Throws Error(Io) whose
// message names the path and the system's reason (e.g. "No space left on
// device").
void write_file_atomically(const std::string& path, std::string_view bytes);

// The same, for a file written a piece at a time (an export of gigabytes
// never held whole): `produce` hands every piece to the sink it is given, in
// order. If it throws, the temporary file is removed, the target is left as
// it was and the exception goes on.
using ByteSink = std::function<void(std::string_view)>;
void write_file_atomically(const std::string& path, const std::function<void(const ByteSink&)>& produce);

}  // namespace attnscope
