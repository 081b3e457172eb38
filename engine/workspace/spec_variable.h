#pragma once
// A Jinja variable the spec's files read, as the front door hands it out (the template
// engine's own types stay behind it): where it is read, its default, and when it matters.
#include <optional>
#include <string>
#include <vector>

namespace af {

struct SpecVariable {
  std::string name;
  std::optional<std::string> default_text;  // as written in the file: 128, "inf", True
  std::vector<std::string> files;           // files that read it, in spec order
  int line = 0;                             // first read, in files.front()
  int column = 0;
  // The conditions under which the files read it ("DECODE", "not DECODE and B > 1"): it is
  // needed only when one holds. Empty: it is always needed.
  std::vector<std::string> needed_when;
  bool numeric = false;  // some read does arithmetic or a comparison with it
  std::string use;       // the line of its first read, trimmed
  // Whether the load's values (and the files' defaults) make one of `needed_when` hold; nullopt
  // when a condition cannot be decided from them (a name in it has no value).
  std::optional<bool> needed_now;

  friend bool operator==(const SpecVariable&, const SpecVariable&) = default;
};

}  // namespace af
