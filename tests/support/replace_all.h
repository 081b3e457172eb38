#pragma once
// Tests write spec files from templates with {PLACEHOLDER}s: every occurrence replaced.
#include <string>

namespace af::test {

inline std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (auto p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size()))
    s.replace(p, from.size(), to);
  return s;
}

}  // namespace af::test
