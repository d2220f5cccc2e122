#pragma once
// Helpers shared by the libFuzzer targets: the input as a file (some entry
// points read only files), and a stored-only zip built in memory.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fuzzutil {

// An anonymous in-memory file holding `bytes`, reachable as a path
// (/proc/self/fd/N) for as long as the object lives.
class MemFile {
public:
    explicit MemFile(std::string_view bytes) {
        fd_ = ::memfd_create("attnscope-fuzz", MFD_CLOEXEC);
        if (fd_ < 0) std::abort();
        size_t done = 0;
        while (done < bytes.size()) {
            const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
            if (n <= 0) std::abort();
            done += size_t(n);
        }
        path_ = "/proc/self/fd/" + std::to_string(fd_);
    }
    ~MemFile() { ::close(fd_); }
    MemFile(const MemFile&) = delete;
    MemFile& operator=(const MemFile&) = delete;
    const std::string& path() const { return path_; }

private:
    int fd_ = -1;
    std::string path_;
};

// A private folder for the run (under $TMPDIR or /tmp), for entry points that
// look for files by name.
inline const std::string& scratch_dir() {
    static const std::string dir = [] {
        const char* t = std::getenv("TMPDIR");
        std::string tmpl = std::string(t && *t ? t : "/tmp") + "/attnscope-fuzz-XXXXXX";
        if (!::mkdtemp(tmpl.data())) std::abort();
        return tmpl;
    }();
    return dir;
}

inline void write_file(const std::string& path, std::string_view bytes) {
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) std::abort();
    if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size()) std::abort();
    std::fclose(f);
}

inline void put16(std::string& s, uint32_t v) {
    s += char(v & 0xFF);
    s += char((v >> 8) & 0xFF);
}
inline void put32(std::string& s, uint32_t v) {
    put16(s, v & 0xFFFF);
    put16(s, v >> 16);
}

// CRC-32 (zip's), so that readers that check it accept the entries.
inline uint32_t crc32(std::string_view data) {
    uint32_t c = 0xFFFFFFFFu;
    for (const unsigned char b : data) {
        c ^= b;
        for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    }
    return ~c;
}

// A zip archive (method 0, stored) of `entries` (name, bytes), as torch.save writes.
inline std::string stored_zip(const std::vector<std::pair<std::string, std::string>>& entries) {
    std::string out, central;
    for (const auto& [name, data] : entries) {
        const uint32_t offset = uint32_t(out.size());
        const uint32_t crc = crc32(data);
        put32(out, 0x04034b50);
        put16(out, 20); put16(out, 0); put16(out, 0); put16(out, 0); put16(out, 0);
        put32(out, crc); put32(out, uint32_t(data.size())); put32(out, uint32_t(data.size()));
        put16(out, uint32_t(name.size())); put16(out, 0);
        out += name;
        out += data;
        put32(central, 0x02014b50);
        put16(central, 20); put16(central, 20); put16(central, 0); put16(central, 0); put16(central, 0); put16(central, 0);
        put32(central, crc); put32(central, uint32_t(data.size())); put32(central, uint32_t(data.size()));
        put16(central, uint32_t(name.size())); put16(central, 0); put16(central, 0); put16(central, 0); put16(central, 0);
        put32(central, 0); put32(central, offset);
        central += name;
    }
    const uint32_t cd_offset = uint32_t(out.size());
    out += central;
    put32(out, 0x06054b50);
    put16(out, 0); put16(out, 0);
    put16(out, uint32_t(entries.size())); put16(out, uint32_t(entries.size()));
    put32(out, uint32_t(central.size())); put32(out, cd_offset);
    put16(out, 0);
    return out;
}

}  // namespace fuzzutil
