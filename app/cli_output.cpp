#include "cli_output.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <optional>
#include <ostream>
#include <set>
#include <utility>

#include "spec/spec.h"
#include "workspace/workspace.h"

namespace af::cli {
namespace {

// JSON text ends without a line break, CSV rows each with one: every output ends with exactly one.
std::string with_final_newline(const std::string& text) {
  return !text.empty() && text.back() == '\n' ? text : text + '\n';
}

// A temp file beside `target` (same file system, so rename is atomic); removed unless kept.
class TempFile {
 public:
  explicit TempFile(const std::string& target) : path_(target + ".XXXXXX.tmp") {
    fd_ = ::mkstemps(path_.data(), 4);
    if (fd_ < 0) {
      path_.clear();
      return;
    }
    const mode_t mask = ::umask(0);  // mkstemps makes 0600; outputs get the usual 0666 & ~umask
    ::umask(mask);
    ::fchmod(fd_, 0666 & ~mask);
  }
  ~TempFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!path_.empty()) ::unlink(path_.c_str());
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  [[nodiscard]] bool ok() const { return fd_ >= 0; }
  bool write(const std::string& text) {
    std::size_t done = 0;
    while (done < text.size()) {
      const ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      done += static_cast<std::size_t>(n);
    }
    return ::fsync(fd_) == 0 && ::close(std::exchange(fd_, -1)) == 0;
  }
  bool rename_to(const std::string& target) {
    if (std::rename(path_.c_str(), target.c_str()) != 0) return false;
    path_.clear();
    return true;
  }

 private:
  std::string path_;
  int fd_ = -1;
};

}  // namespace

void print_diagnostics(const std::vector<core::Diagnostic>& diagnostics, std::ostream& err) {
  std::size_t errors = 0;
  for (const auto& d : diagnostics) {
    err << d.to_string() << '\n';
    if (d.severity == core::Severity::Error) ++errors;
  }
  err << errors << (errors == 1 ? " error\n" : " errors\n");
}

void print_load_failure(const Workspace& ws, std::ostream& err) {
  print_diagnostics(ws.diagnostics(), err);
  std::set<std::string> given;
  for (const auto& a : ws.inputs().assignments) given.insert(a.substr(0, a.find('=')));
  std::string names;
  for (const auto& v : ws.template_variables())
    if (!v.default_text && v.needed_now == true && !given.contains(v.name))
      names += (names.empty() ? "" : ", ") + v.name;
  if (!names.empty()) err << "hint: no value for " << names << "; give each with --set NAME=VALUE\n";
}

void print_warnings(const spec::Spec& spec, std::ostream& err) {
  for (const auto& w : spec.warnings) err << w.to_string() << '\n';
}

bool write_outputs(const std::vector<Output>& outputs, std::ostream& out, std::ostream& err,
                   std::mutex* commit_lock) {
  std::unique_lock<std::mutex> lock;
  if (commit_lock != nullptr) lock = std::unique_lock(*commit_lock);
  std::vector<std::optional<TempFile>> temps(outputs.size());
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const auto& o = outputs[i];
    if (o.target == "-") continue;
    if (struct stat st{}; ::stat(o.target.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
      // /dev/stdout, a FIFO: nothing to replace atomically, and no directory to put a temp in.
      std::ofstream direct(o.target, std::ios::binary);
      direct << with_final_newline(o.text);
      if (!direct.flush()) {
        err << "accelforge: cannot write " << o.target << '\n';
        return false;
      }
      continue;
    }
    auto& temp = temps[i].emplace(o.target);
    if (!temp.ok() || !temp.write(with_final_newline(o.text))) {
      err << "accelforge: cannot write " << o.target << ": " << std::strerror(errno) << '\n';
      return false;  // every temp file so far is removed
    }
  }
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    if (!temps[i]) continue;
    if (!temps[i]->rename_to(outputs[i].target)) {
      err << "accelforge: cannot write " << outputs[i].target << ": " << std::strerror(errno) << '\n';
      return false;
    }
  }
  for (const auto& o : outputs)
    if (o.target == "-") out << with_final_newline(o.text);
  return true;
}

}  // namespace af::cli
