// libFuzzer target for the explorer's project file (.afproj): any text is read or refused with
// the project's own error type; what is read writes back to a file that reads as the same
// project when it reads back (checked for printable ASCII input, where the quoting is exact).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/diagnostic.h"
#include "workspace/project_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::string path = "/p/fuzz.afproj";
  af::ProjectFile project;
  try {
    project = af::parse_project_file(text, path);
  } catch (const af::core::SpecError&) {
    return 0;  // refused, with a located error
  }
  bool ascii = true;
  for (const unsigned char c : text) ascii = ascii && (c == '\n' || c == '\t' || (c >= 0x20 && c < 0x7f));
  const std::string written = af::write_project_file(project, path);
  try {
    if (!(af::parse_project_file(written, path) == project) && ascii) std::abort();
  } catch (const af::core::SpecError&) {
    if (ascii) std::abort();  // the writer wrote what the reader refuses (see escapes_decode_to_utf8)
  }
  return 0;
}
