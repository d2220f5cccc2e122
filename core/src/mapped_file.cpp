#include "mapped_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "attnscope/error.h"

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
            ::close(fd);
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

MappedFile::~MappedFile() {
    if (map_) ::munmap(map_, size_);
}

}  // namespace attnscope
