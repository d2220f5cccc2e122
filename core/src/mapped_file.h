#pragma once
// A read-only view of a whole regular file: memory-mapped when possible, read
// into memory otherwise. FIFOs and devices are refused (they block or never end).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace attnscope {

class MappedFile {
public:
    // Throws Error(Io) for a file that is not regular, Error(TooLarge) for one
    // longer than max_bytes (when max_bytes >= 0).
    explicit MappedFile(const std::string& path, int64_t max_bytes = -1);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    const std::byte* data() const { return data_; }
    size_t size() const { return size_; }

private:
    const std::byte* data_ = nullptr;
    size_t size_ = 0;
    void* map_ = nullptr;
    std::vector<std::byte> buffer_;
};

}  // namespace attnscope
