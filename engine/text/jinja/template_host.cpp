#include "text/jinja/template_host.h"

#include <glob.h>

#include <filesystem>
#include <memory>

#include "text/expr/expression_error.h"
#include "core/bounded_read.h"

namespace af::text::jinja {

namespace fs = std::filesystem;

std::string TemplateHost::read_file(const std::string& path) {
  try {
    return core::read_file_bounded(path);
  } catch (const core::ReadError& e) {
    throw text::expr::ExpressionError("could not read file " + path + ": " + e.what());
  }
}

std::vector<std::string> TemplateHost::glob(const std::string& pattern) {
  glob_t g{};
  // RAII: globfree runs however we leave.
  const auto release = [](glob_t* p) { globfree(p); };
  const std::unique_ptr<glob_t, decltype(release)> guard(&g, release);
  std::vector<std::string> out;
  if (::glob(pattern.c_str(), GLOB_NOESCAPE, nullptr, &g) != 0) return out;
  for (std::size_t i = 0; i < g.gl_pathc; ++i) out.emplace_back(g.gl_pathv[i]);
  return out;
}

bool TemplateHost::exists(const std::string& path) {
  std::error_code ec;
  return fs::exists(path, ec);
}

std::string TemplateHost::real_path(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::absolute(path, ec);
  if (ec) return path;
  fs::path r = fs::weakly_canonical(p, ec);
  if (ec) return p.lexically_normal().string();
  std::string s = r.string();
  if (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}

void FileSystemHost::include(const IncludeRequest&) {
  throw text::expr::ExpressionError("include() needs the YAML loader, which is not available here");
}

}  // namespace af::text::jinja
