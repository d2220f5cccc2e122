#include "formats/zip_reader.h"

#include <algorithm>
#include <unordered_set>

namespace attnscope {

namespace {

// Record signatures and fixed sizes (APPNOTE.TXT sections 4.3.7, 4.3.12, 4.3.14-16).
constexpr uint32_t kLocalSig = 0x04034b50, kCentralSig = 0x02014b50;
constexpr uint32_t kEndSig = 0x06054b50, kEnd64Sig = 0x06064b50, kLocator64Sig = 0x07064b50;
constexpr uint64_t kLocalSize = 30, kCentralSize = 46, kEndSize = 22;
constexpr uint64_t kEnd64Size = 56, kLocator64Size = 20;
constexpr uint64_t kMaxEntries = uint64_t(1) << 20;
constexpr uint16_t kZip64ExtraId = 0x0001;

uint16_t u16(const std::byte* p) { return uint16_t(uint16_t(p[0]) | uint16_t(p[1]) << 8); }
uint32_t u32(const std::byte* p) { return uint32_t(u16(p)) | uint32_t(u16(p + 2)) << 16; }
uint64_t u64(const std::byte* p) { return uint64_t(u32(p)) | uint64_t(u32(p + 4)) << 32; }

// a + b <= limit without overflow.
bool fits(uint64_t a, uint64_t b, uint64_t limit) { return a <= limit && b <= limit - a; }

}  // namespace

bool ZipReader::looks_like_zip(const std::byte* data, size_t size) {
    return size >= 4 && (u32(data) == kLocalSig || u32(data) == kEndSig);
}

void ZipReader::fail(ErrorCode code, const std::string& what) const {
    throw Error(code, origin_ + ": " + what, {origin_});
}

ZipReader::ZipReader(const std::byte* data, size_t size, std::string origin)
    : data_(data), size_(size), origin_(std::move(origin)) {
    if (size_ < kEndSize)
        fail(ErrorCode::Truncated, "zip archive is truncated: " + std::to_string(size_) +
                                       " bytes cannot hold an end-of-central-directory record");
    // The end record sits in the last 22 + 65535 bytes (its comment is at most 64 KiB).
    const uint64_t last = size_ - kEndSize;
    const uint64_t first = last > 0xFFFF ? last - 0xFFFF : 0;
    uint64_t end = UINT64_MAX;
    for (uint64_t pos = last + 1; pos-- > first;) {
        if (u32(data_ + pos) == kEndSig && pos + kEndSize + u16(data_ + pos + 20) <= size_) {
            end = pos;
            break;
        }
    }
    if (end == UINT64_MAX)
        fail(ErrorCode::Truncated,
             "zip archive is truncated: its end-of-central-directory record is missing");

    const std::byte* e = data_ + end;
    uint64_t count = u16(e + 10), cd_size = u32(e + 12), cd_offset = u32(e + 16);
    if (u16(e + 4) != 0 || u16(e + 6) != 0)
        fail(ErrorCode::BadFormat, "multi-part zip archives are not supported");

    // ZIP64: a locator just before the end record points at the 64-bit end record.
    if (end >= kLocator64Size && u32(e - kLocator64Size) == kLocator64Sig) {
        const uint64_t off64 = u64(e - kLocator64Size + 8);
        if (!fits(off64, kEnd64Size, end - kLocator64Size))
            fail(ErrorCode::Truncated, "ZIP64 end record offset " + std::to_string(off64) +
                                           " lies outside the archive");
        const std::byte* r = data_ + off64;
        if (u32(r) != kEnd64Sig) fail(ErrorCode::BadFormat, "ZIP64 end record has a bad signature");
        count = u64(r + 32);
        cd_size = u64(r + 40);
        cd_offset = u64(r + 48);
    } else if (count == 0xFFFF || cd_size == 0xFFFFFFFF || cd_offset == 0xFFFFFFFF) {
        fail(ErrorCode::Truncated, "zip archive announces ZIP64 records that are missing");
    }
    read_central_directory(cd_offset, cd_size, count);
}

void ZipReader::read_central_directory(uint64_t offset, uint64_t size, uint64_t count) {
    if (!fits(offset, size, size_))
        fail(ErrorCode::Truncated, "zip central directory (" + std::to_string(size) +
                                       " bytes at offset " + std::to_string(offset) +
                                       ") lies outside the " + std::to_string(size_) +
                                       "-byte file");
    if (count > kMaxEntries)
        fail(ErrorCode::TooLarge, "zip archive claims " + std::to_string(count) +
                                      " entries, more than " + std::to_string(kMaxEntries));
    if (count > size / kCentralSize)
        fail(ErrorCode::BadFormat, "zip archive claims " + std::to_string(count) +
                                       " entries but its central directory holds at most " +
                                       std::to_string(size / kCentralSize));
    entries_.reserve(size_t(count));
    std::unordered_set<std::string> names;
    uint64_t pos = offset;
    const uint64_t stop = offset + size;
    for (uint64_t i = 0; i < count; ++i) {
        if (!fits(pos, kCentralSize, stop) || u32(data_ + pos) != kCentralSig)
            fail(ErrorCode::BadFormat, "zip central directory entry " + std::to_string(i) +
                                           " is damaged");
        const std::byte* h = data_ + pos;
        const uint64_t name_len = u16(h + 28), extra_len = u16(h + 30), comment_len = u16(h + 32);
        if (!fits(pos + kCentralSize, name_len + extra_len + comment_len, stop))
            fail(ErrorCode::Truncated, "zip central directory entry " + std::to_string(i) +
                                           " runs past the directory");
        Entry en;
        en.flags = u16(h + 8);
        en.method = u16(h + 10);
        en.stored_size = u32(h + 20);
        en.size = u32(h + 24);
        en.header_offset = u32(h + 42);
        en.name.assign(reinterpret_cast<const char*>(h + kCentralSize), size_t(name_len));

        // ZIP64 extra field: 64-bit values for exactly the fields saturated above, in order.
        const std::byte* x = h + kCentralSize + name_len;
        const std::byte* x_end = x + extra_len;
        while (x_end - x >= 4) {
            const uint16_t id = u16(x), len = u16(x + 2);
            if (len > x_end - x - 4)
                fail(ErrorCode::BadFormat, "zip entry '" + en.name + "' has a damaged extra field");
            if (id == kZip64ExtraId) {
                const std::byte* v = x + 4;
                const std::byte* v_end = v + len;
                for (uint64_t* field : {&en.size, &en.stored_size, &en.header_offset}) {
                    const bool saturated = *field == 0xFFFFFFFF;
                    if (!saturated) continue;
                    if (v_end - v < 8)
                        fail(ErrorCode::BadFormat,
                             "zip entry '" + en.name + "' has a short ZIP64 extra field");
                    *field = u64(v);
                    v += 8;
                }
            }
            x += 4 + len;
        }
        if (!names.insert(en.name).second)
            fail(ErrorCode::BadFormat, "zip entry '" + en.name + "' appears twice");
        locate_data(en);
        entries_.push_back(std::move(en));
        pos += kCentralSize + name_len + extra_len + comment_len;
    }
}

void ZipReader::locate_data(Entry& en) const {
    if (!fits(en.header_offset, kLocalSize, size_))
        fail(ErrorCode::Truncated, "zip entry '" + en.name + "' has its header at offset " +
                                       std::to_string(en.header_offset) + ", outside the " +
                                       std::to_string(size_) + "-byte file");
    const std::byte* h = data_ + en.header_offset;
    if (u32(h) != kLocalSig)
        fail(ErrorCode::BadFormat, "zip entry '" + en.name + "' has a damaged local header");
    // The local extra field may differ from the central one: torch pads it so
    // that tensor data starts on a 64-byte boundary.
    const uint64_t skip = kLocalSize + u16(h + 26) + u16(h + 28);
    if (!fits(en.header_offset, skip, size_) ||
        !fits(en.header_offset + skip, en.stored_size, size_))
        fail(ErrorCode::Truncated,
             "zip entry '" + en.name + "' (" + std::to_string(en.stored_size) +
                 " bytes at offset " + std::to_string(en.header_offset) +
                 ") runs past the end of the " + std::to_string(size_) + "-byte file");
    en.data_offset = en.header_offset + skip;
}

const ZipReader::Entry* ZipReader::find(const std::string& name) const {
    const auto it = std::find_if(entries_.begin(), entries_.end(),
                                 [&](const Entry& e) { return e.name == name; });
    return it == entries_.end() ? nullptr : &*it;
}

std::span<const std::byte> ZipReader::read(const Entry& en) const {
    if (en.flags & 1)
        fail(ErrorCode::BadFormat, "zip entry '" + en.name + "' is encrypted");
    if (en.method != 0)
        fail(ErrorCode::BadFormat,
             "zip entry '" + en.name + "' is compressed (method " + std::to_string(en.method) +
                 (en.method == 8 ? ", deflate" : "") +
                 "); PyTorch checkpoints store entries uncompressed, so re-save it with torch.save");
    if (en.size != en.stored_size)
        fail(ErrorCode::BadFormat, "stored zip entry '" + en.name + "' has size " +
                                       std::to_string(en.size) + " but occupies " +
                                       std::to_string(en.stored_size) + " bytes");
    return {data_ + en.data_offset, size_t(en.stored_size)};
}

}  // namespace attnscope
