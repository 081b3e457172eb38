#include "cli_output.h"

#include <fstream>
#include <ostream>

namespace af::cli {

bool write_output(const std::string& target, const std::string& text, std::ostream& out, std::ostream& err) {
  if (target == "-") {
    out << text << '\n';
    return true;
  }
  std::ofstream file(target);
  file << text << '\n';
  if (!file) {
    err << "accelforge: cannot write " << target << '\n';
    return false;
  }
  return true;
}

}  // namespace af::cli
