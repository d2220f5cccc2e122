#pragma once
// A reader for the zip archives torch.save writes: the central directory is
// found from the end-of-central-directory record (ZIP64 included), and each
// entry's bytes are located through its local header. Only stored
// (uncompressed) entries can be read; every offset and size is checked against
// the archive's size before it is used. Nothing is copied: entries are views
// into the caller's bytes, which must outlive the reader.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "attnscope/common/error.h"

namespace attnscope {

class ZipReader {
public:
    struct Entry {
        std::string name;
        uint64_t size = 0;          // uncompressed size, as the central directory says
        uint64_t stored_size = 0;   // bytes in the archive
        uint16_t method = 0;        // 0 = stored, 8 = deflate, ...
        uint16_t flags = 0;
        uint64_t header_offset = 0; // local header
        uint64_t data_offset = 0;   // first byte of the entry's data
    };

    // Reads the central directory. Throws Error(Truncated) when the archive ends
    // before the records it announces, Error(BadFormat) for inconsistent records
    // and Error(TooLarge) for absurd entry counts. `origin` names the file in
    // every message.
    ZipReader(const std::byte* data, size_t size, std::string origin);

    // True when the bytes begin like a zip archive ("PK\3\4" or an empty
    // archive's "PK\5\6").
    static bool looks_like_zip(const std::byte* data, size_t size);

    const std::vector<Entry>& entries() const { return entries_; }
    // The entry called `name`, or nullptr.
    const Entry* find(const std::string& name) const;
    // The bytes of a stored entry. Throws Error(BadFormat) for compressed or
    // encrypted entries and Error(Truncated) when they run past the archive.
    std::span<const std::byte> read(const Entry& entry) const;

    const std::string& origin() const { return origin_; }

private:
    [[noreturn]] void fail(ErrorCode code, const std::string& what) const;
    void read_central_directory(uint64_t offset, uint64_t size, uint64_t count);
    void locate_data(Entry& entry) const;

    const std::byte* data_;
    size_t size_;
    std::string origin_;
    std::vector<Entry> entries_;
};

}  // namespace attnscope
