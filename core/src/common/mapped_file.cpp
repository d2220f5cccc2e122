#include "common/mapped_file.h"

#include <cerrno>
#include <cstdint>
#include <algorithm>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "attnscope/common/error.h"

namespace attnscope {

MappedFile::MappedFile(const std::string& path, int64_t max_bytes) {
    // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below).
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        throw Error(ErrorCode::Io, "cannot open '" + path + "': " + std::strerror(errno),
                    {path, std::strerror(errno)});
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        throw Error(ErrorCode::Io, "cannot read '" + path + "': not a regular file (a FIFO, device or folder)", {path});
    }
    if (max_bytes >= 0 && st.st_size > max_bytes) {
        ::close(fd);
        throw Error(ErrorCode::TooLarge,
                    "'" + path + "' is " + std::to_string(st.st_size) + " bytes, more than the " +
                        std::to_string(max_bytes) + " AttnScope reads from such a file",
                    {path, std::to_string(st.st_size), std::to_string(max_bytes)});
    }
    if (st.st_size > 0) {
        void* p = ::mmap(nullptr, size_t(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
        if (p != MAP_FAILED) {
            map_ = p;
            data_ = static_cast<const std::byte*>(p);
            size_ = size_t(st.st_size);
            fd_ = fd;
            return;
        }
    }
    std::byte chunk[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const std::string why = std::strerror(errno);
            ::close(fd);
            throw Error(ErrorCode::Io, "cannot read '" + path + "': " + why, {path, why});
        }
        if (n == 0) break;
        if (max_bytes >= 0 && int64_t(buffer_.size()) + n > max_bytes) {
            ::close(fd);
            throw Error(ErrorCode::TooLarge, "'" + path + "' grew past " + std::to_string(max_bytes) + " bytes", {path});
        }
        buffer_.insert(buffer_.end(), chunk, chunk + n);
    }
    ::close(fd);
    data_ = buffer_.data();
    size_ = buffer_.size();
}

void MappedFile::release(const std::byte* p, size_t n) const {
    if (!map_ || p < data_ || p + n > data_ + size_) return;
    const uintptr_t page = uintptr_t(::sysconf(_SC_PAGESIZE));
    const uintptr_t lo = (uintptr_t(p) + page - 1) & ~(page - 1);
    const uintptr_t hi = (uintptr_t(p) + n) & ~(page - 1);
    if (hi > lo) ::madvise(reinterpret_cast<void*>(lo), hi - lo, MADV_DONTNEED);
}

bool MappedFile::read_at(size_t offset, size_t n, std::byte* dst) const {
    if (fd_ < 0 || offset > size_ || n > size_ - offset) return false;
    while (n > 0) {
        const ssize_t got = ::pread(fd_, dst, std::min<size_t>(n, size_t(1) << 30), off_t(offset));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return false;
        dst += got;
        offset += size_t(got);
        n -= size_t(got);
    }
    return true;
}

MappedFile::~MappedFile() {
    if (fd_ >= 0) ::close(fd_);
    if (map_) ::munmap(map_, size_);
}

}  // namespace attnscope
