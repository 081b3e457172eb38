#include "core/bounded_read.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace af::core {
namespace {

// Closes the descriptor however the read ends.
class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  [[nodiscard]] int get() const { return fd_; }

 private:
  int fd_;
};

[[noreturn]] void fail_errno(int err, const char* doing) {
  if (err == ENOENT || err == ENOTDIR) throw ReadError("file not found");
  if (err == EACCES || err == EPERM) throw ReadError("permission denied");
  if (err == EISDIR) throw ReadError("is a directory, not a file");
  throw ReadError(fmt::format("cannot {} the file: {}", doing, std::strerror(err)));
}

[[noreturn]] void too_large(std::size_t max_bytes) {
  throw ReadError(
      fmt::format("is larger than the limit of {}; is this really a spec file?", describe_bytes(max_bytes)));
}

}  // namespace

std::string describe_bytes(std::size_t bytes) {
  if (bytes >= (std::size_t{1} << 20) && bytes % (std::size_t{1} << 20) == 0)
    return fmt::format("{} MiB ({} bytes)", bytes >> 20, bytes);
  return fmt::format("{} bytes", bytes);
}

std::string read_file_bounded(const std::string& path, std::size_t max_bytes) {
  // O_NONBLOCK only so that open() of a FIFO without a writer returns; reads block again below.
  const Descriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
  if (fd.get() < 0) fail_errno(errno, "open");
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) fail_errno(errno, "inspect");
  if (S_ISDIR(st.st_mode)) throw ReadError("is a directory, not a file");
  if (S_ISREG(st.st_mode) && st.st_size > 0 && static_cast<std::size_t>(st.st_size) > max_bytes)
    throw ReadError(
        fmt::format("is {} bytes, larger than the limit of {}", st.st_size, describe_bytes(max_bytes)));
  if (const int flags = ::fcntl(fd.get(), F_GETFL); flags >= 0)
    ::fcntl(fd.get(), F_SETFL, flags & ~O_NONBLOCK);

  std::string text;
  if (S_ISREG(st.st_mode)) text.reserve(static_cast<std::size_t>(st.st_size));
  std::vector<char> chunk(64 * 1024);
  while (true) {
    const ssize_t n = ::read(fd.get(), chunk.data(), chunk.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail_errno(errno, "read");
    if (n == 0) return text;
    // Never hold more than the cap plus one chunk, whatever the source.
    if (text.size() + static_cast<std::size_t>(n) > max_bytes) too_large(max_bytes);
    text.append(chunk.data(), static_cast<std::size_t>(n));
  }
}

}  // namespace af::core
