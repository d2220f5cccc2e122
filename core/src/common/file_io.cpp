#include "attnscope/common/file_io.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "attnscope/common/error.h"

namespace attnscope {

namespace {

std::string quoted(std::string_view what, const std::string& path) {
    return std::string(what) + " '" + path + "'";
}

// "a FIFO", "a character device", ... for a file that is not regular.
const char* kind_of(mode_t mode) {
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

std::string mb(int64_t bytes) {
    return bytes % (int64_t(1) << 20) == 0 ? std::to_string(bytes >> 20) + " MB" : std::to_string(bytes) + " bytes";
}

[[noreturn]] void io_error(const std::string& path, const std::string& message) {
    throw Error(ErrorCode::Io, message, {path});
}

// Closes a descriptor on every path out of a scope.
struct Fd {
    int fd = -1;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

}  // namespace

void require_regular_file(const std::string& path, std::string_view what) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) io_error(path, "cannot read " + quoted(what, path) + ": " + std::strerror(errno));
    if (!S_ISREG(st.st_mode))
        io_error(path, "cannot read " + quoted(what, path) + ": it is " + kind_of(st.st_mode) +
                           ", and only regular files are read");
}

std::string read_regular_file(const std::string& path, int64_t max_bytes, std::string_view what) {
    require_regular_file(path, what);
    // O_NONBLOCK: should the file have been swapped for a FIFO since the check,
    // opening it must not wait for a writer; fstat below then refuses it.
    Fd f;
    f.fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (f.fd < 0) io_error(path, "cannot read " + quoted(what, path) + ": " + std::strerror(errno));
    struct stat st {};
    if (::fstat(f.fd, &st) != 0 || !S_ISREG(st.st_mode))
        io_error(path, "cannot read " + quoted(what, path) + ": it is " + kind_of(st.st_mode) +
                           ", and only regular files are read");
    auto too_large = [&](int64_t size) {
        throw Error(ErrorCode::TooLarge,
                    std::string(what) + " '" + path + "' is " + std::to_string(size) + " bytes, larger than the " +
                        mb(max_bytes) + " AttnScope reads",
                    {path, std::to_string(size), std::to_string(max_bytes)});
    };
    if (st.st_size > max_bytes) too_large(st.st_size);
    std::string out;
    out.resize(size_t(st.st_size));
    size_t got = 0;
    for (;;) {
        if (got == out.size()) {
            // The file may have grown since fstat: read on, up to the cap.
            if (int64_t(out.size()) > max_bytes) too_large(int64_t(out.size()));
            out.resize(std::min<size_t>(size_t(max_bytes) + 1, out.size() + 65536));
            if (got == out.size()) too_large(int64_t(got));
        }
        const ssize_t n = ::read(f.fd, out.data() + got, out.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) io_error(path, "cannot read " + quoted(what, path) + ": " + std::strerror(errno));
        if (n == 0) break;
        got += size_t(n);
    }
    if (int64_t(got) > max_bytes) too_large(int64_t(got));
    out.resize(got);
    return out;
}

void write_file_atomically(const std::string& path, std::string_view bytes) {
    write_file_atomically(path, [bytes](const ByteSink& write) { write(bytes); });
}

void write_file_atomically(const std::string& path, const std::function<void(const ByteSink&)>& produce) {
    auto fail = [&](const std::string& why) { io_error(path, "cannot write '" + path + "': " + why); };
    if (path.empty()) fail("no file name");
    // Where the bytes go: the path itself, or the file a symlink names (the
    // link stays a link). Anything that is not a regular file is left alone:
    // replacing /dev/null or a FIFO with a regular file breaks the system.
    std::string target = path;
    struct stat st {};
    bool exists = false;
    if (::stat(path.c_str(), &st) == 0) {
        exists = true;
        if (!S_ISREG(st.st_mode))
            fail(std::string("it is ") + kind_of(st.st_mode) + "; AttnScope only replaces regular files");
        struct stat lst {};
        if (::lstat(path.c_str(), &lst) == 0 && S_ISLNK(lst.st_mode)) {
            char resolved[PATH_MAX];
            if (!::realpath(path.c_str(), resolved)) fail(std::strerror(errno));
            target = resolved;
        }
    } else if (errno != ENOENT) {
        fail(std::strerror(errno));
    } else if (struct stat lst {}; ::lstat(path.c_str(), &lst) == 0 && S_ISLNK(lst.st_mode)) {
        // A link to a file not there yet: the file is made where it points,
        // as a shell's '>' does, and the link stays a link.
        char link[PATH_MAX];
        const ssize_t n = ::readlink(path.c_str(), link, sizeof link - 1);
        if (n <= 0) fail(std::strerror(errno));
        const std::string to(link, size_t(n));
        const size_t slash = path.rfind('/');
        target = to.front() == '/' || slash == std::string::npos ? to : path.substr(0, slash + 1) + to;
    }

    // A new, uniquely named file beside the target (same file system, so the
    // rename is atomic), created with the usual permissions minus the umask.
    // Its name is the target's cut to 120 bytes: a name near the file
    // system's 255-byte limit plus the suffix would be too long.
    static std::atomic<unsigned> counter{0};
    const size_t slash = target.rfind('/');
    const std::string dir = slash == std::string::npos ? std::string() : target.substr(0, slash + 1);
    const std::string stem = target.substr(dir.size(), 120);
    std::string tmp;
    Fd f;
    for (int attempt = 0; attempt < 100 && f.fd < 0; ++attempt) {
        tmp = dir + stem + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
        f.fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (f.fd < 0 && errno != EEXIST) fail(std::strerror(errno));
    }
    if (f.fd < 0) fail("cannot create a temporary file beside it");
    auto fail_removing = [&](int err) {
        ::close(f.fd);
        f.fd = -1;
        ::unlink(tmp.c_str());
        fail(std::strerror(err));
    };
    if (exists) (void)::fchmod(f.fd, st.st_mode & 07777);  // keep the old file's permissions
    const ByteSink write = [&](std::string_view bytes) {
        size_t done = 0;
        while (done < bytes.size()) {
            const ssize_t n = ::write(f.fd, bytes.data() + done, bytes.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) fail_removing(errno);
            if (n == 0) fail_removing(ENOSPC);
            done += size_t(n);
        }
    };
    try {
        produce(write);
    } catch (...) {
        // The producer failed (or a write did, and already cleaned up): no
        // temporary file is left behind, and the target stays as it was.
        if (f.fd >= 0) {
            ::close(f.fd);
            f.fd = -1;
            ::unlink(tmp.c_str());
        }
        throw;
    }
    // Some file systems report a full disk only here.
    if (::fsync(f.fd) != 0 && errno != EINVAL && errno != EROFS) fail_removing(errno);
    const int fd = f.fd;
    f.fd = -1;
    if (::close(fd) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        fail(std::strerror(err));
    }
    if (::rename(tmp.c_str(), target.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        fail(std::strerror(err));
    }
}

}  // namespace attnscope
