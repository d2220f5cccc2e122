#pragma once
// A read-only view of a whole file: memory-mapped when possible, read into
// memory otherwise (pipes, special files).
#include <cstddef>
#include <string>
#include <vector>

namespace attnscope {

class MappedFile {
public:
    explicit MappedFile(const std::string& path);  // throws Error(Io)
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
