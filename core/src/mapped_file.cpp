#include "mapped_file.h"

#include <cerrno>
#include <cstdint>
#include <algorithm>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "attnscope/error.h"

namespace attnscope {

MappedFile::MappedFile(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw Error(ErrorCode::Io, "cannot open '" + path + "': " + std::strerror(errno),
                    {path, std::strerror(errno)});
    struct stat st {};
    if (::fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
        ::close(fd);
        throw Error(ErrorCode::Io, "cannot read '" + path + "': not a regular file", {path});
    }
    if (S_ISREG(st.st_mode) && st.st_size > 0) {
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
