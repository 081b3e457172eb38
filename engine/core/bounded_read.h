#pragma once
// Reading a whole file with a cap that holds for pipes and devices too: /dev/zero and
// /dev/urandom report no size, so checking the size the file system reports is not enough.
// Every read of spec text (spec files, !include, Jinja include/include_text, cost tables)
// goes through here.
#include <cstddef>
#include <stdexcept>
#include <string>

namespace af::core {

// The most spec text one file may hold.
inline constexpr std::size_t kMaxSpecFileBytes = std::size_t{16} << 20;

// Why a file could not be read, as a sentence without the file name ("file not found",
// "is larger than the limit of 16 MiB", ...); the caller adds the file and where it was asked for.
class ReadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The whole content of `path`, reading at most `max_bytes` (+1 to notice more). A FIFO without
// a writer reads as empty rather than blocking in open(). Throws ReadError.
[[nodiscard]] std::string read_file_bounded(const std::string& path,
                                            std::size_t max_bytes = kMaxSpecFileBytes);

// "16 MiB (16777216 bytes)": a byte count people can read.
[[nodiscard]] std::string describe_bytes(std::size_t bytes);

}  // namespace af::core
