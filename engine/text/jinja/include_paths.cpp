#include "text/jinja/include_paths.h"

#include <algorithm>
#include <filesystem>

#include "text/expr/expression_error.h"

namespace af::text::jinja {

namespace {
namespace fs = std::filesystem;

std::vector<std::string> search_locations(const std::string& path, const std::string& current_file,
                                          const std::vector<std::string>& include_dirs) {
  if (fs::path(path).is_absolute()) return {""};
  std::vector<std::string> out{fs::path(current_file).parent_path().string()};
  out.insert(out.end(), include_dirs.begin(), include_dirs.end());
  return out;
}

std::string join(const std::string& dir, const std::string& p) { return dir.empty() ? p : (fs::path(dir) / p).string(); }

[[noreturn]] void not_found(const std::string& p, const std::vector<std::string>& searched) {
  std::string msg = "could not find file " + p + " in any of the following paths:";
  for (const auto& s : searched) msg += "\n  " + s;
  throw text::expr::ExpressionError(msg);
}
}  // namespace

std::vector<std::string> find_paths(TemplateHost& host, const std::string& pattern, const std::string& current_file,
                                    const std::vector<std::string>& include_dirs) {
  std::vector<std::string> searched;
  std::vector<std::string> found;
  for (const auto& dir : search_locations(pattern, current_file, include_dirs)) {
    const std::string s = host.real_path(join(dir, pattern));
    for (auto& m : host.glob(s)) found.push_back(std::move(m));
    searched.push_back(s);
  }
  if (found.empty()) not_found(pattern, searched);
  std::vector<std::string> unique;
  for (const auto& f : found) {
    std::string r = host.real_path(f);
    if (std::find(unique.begin(), unique.end(), r) == unique.end()) unique.push_back(std::move(r));
  }
  return unique;
}

std::string find_path(TemplateHost& host, const std::string& path, const std::string& current_file,
                      const std::vector<std::string>& include_dirs) {
  std::vector<std::string> searched;
  for (const auto& dir : search_locations(path, current_file, include_dirs)) {
    const std::string s = host.real_path(join(dir, path));
    if (host.exists(s)) return s;
    searched.push_back(s);
  }
  not_found(path, searched);
}

}  // namespace af::text::jinja
