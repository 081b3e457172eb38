// libFuzzer target: render arbitrary template text with a stub host that never touches the
// file system (a tiny in-memory tree instead).
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "text/expr/evaluator.h"
#include "text/jinja/renderer.h"

namespace {
using namespace af::core;
using namespace af::text::expr;
using namespace af::text::jinja;

class MemoryHost : public TemplateHost {
 public:
  void include(const IncludeRequest& r) override {
    for (const auto& p : r.paths) (void)render_file(p, r.child_data, this, r.child_options);
  }
  std::string read_file(const std::string& path) override {
    const auto it = files_.find(path);
    return it == files_.end() ? std::string() : it->second;
  }
  std::vector<std::string> glob(const std::string& pattern) override {
    std::vector<std::string> out;
    for (const auto& [k, v] : files_)
      if (k == pattern || (pattern.ends_with("*.yaml") && k.starts_with(pattern.substr(0, pattern.size() - 6))))
        out.push_back(k);
    return out;
  }
  bool exists(const std::string& path) override { return files_.count(path) > 0; }
  std::string real_path(const std::string& path) override {
    return path.starts_with("/") ? path : "/t/" + path;
  }

 private:
  std::map<std::string, std::string> files_ = {
      {"/t/a.yaml", "a: {{ N | default(1) }}"},
      {"/t/b.yaml", "{{ include_text('a.yaml', N=2) }}"},
      {"/t/self.yaml", "{{ include_text('self.yaml') }}"},
  };
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  MemoryHost host;
  EvalBudget budget(200'000);
  RenderOptions options;
  options.budget = &budget;
  options.max_output = 1u << 20;
  Dict d;
  d.set("N", Int{3});
  d.set("DECODE", false);
  try {
    (void)render_template(text, "/t/main.yaml", Value(d), &host, options);
  } catch (const SpecError&) {
  }
  return 0;
}
