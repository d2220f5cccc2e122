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

    // Gives the whole pages inside [p, p + n) back to the kernel once they have
    // been read: they leave the process's resident memory and are read from
    // the file again if touched. Nothing happens for a file read into memory.
    void release(const std::byte* p, size_t n) const;

    // Copies the n bytes at data()[offset] into dst with read(2) rather than
    // through the mapping: no page of the file enters the process's memory and
    // no page fault is taken per 4 KB. False when the file is not mapped or
    // the read fails (the caller then copies from data()).
    bool read_at(size_t offset, size_t n, std::byte* dst) const;

private:
    const std::byte* data_ = nullptr;
    size_t size_ = 0;
    void* map_ = nullptr;
    int fd_ = -1;  // kept open while mapped, for read_at
    std::vector<std::byte> buffer_;
};

}  // namespace attnscope
