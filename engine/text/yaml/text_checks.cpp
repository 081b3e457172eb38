#include "text/yaml/text_checks.h"

#include <fmt/format.h>

#include "core/diagnostic.h"

namespace af::text::yaml {
namespace {

// Length of the UTF-8 sequence starting at text[i], or 0 if it is malformed.
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t len = 0;
  std::uint32_t min = 0;
  if (lead < 0x80) return 1;
  if ((lead & 0xE0) == 0xC0) len = 2, min = 0x80;
  else if ((lead & 0xF0) == 0xE0) len = 3, min = 0x800;
  else if ((lead & 0xF8) == 0xF0) len = 4, min = 0x10000;
  else return 0;
  if (i + len > text.size()) return 0;
  std::uint32_t cp = lead & (0x7F >> len);
  for (std::size_t k = 1; k < len; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

}  // namespace

void check_yaml_text(std::string_view text, const std::string& file_name, const ParseLimits& limits) {
  if (text.size() > limits.max_bytes)
    throw_yaml_error({file_name, 0, 0}, fmt::format("file is too large ({} bytes; the limit is {} bytes)",
                                                    text.size(), limits.max_bytes));
  int line = 1;
  int column = 1;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      ++line, column = 1, ++i;
      continue;
    }
    if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7F)
      throw_yaml_error({file_name, line, column},
                       fmt::format("file contains binary data (control character 0x{:02x}); "
                                   "is this really a YAML text file?",
                                   c));
    const std::size_t len = utf8_length(text, i);
    if (len == 0)
      throw_yaml_error({file_name, line, column}, "file is not valid UTF-8 text");
    i += len;
    ++column;
  }
}

std::string utf8_scalar(std::string value) {
  std::size_t i = 0;
  while (i < value.size() && utf8_length(value, i) != 0) i += utf8_length(value, i);
  if (i == value.size()) return value;  // the usual case: nothing to do
  std::string out = value.substr(0, i);
  while (i < value.size()) {
    if (const std::size_t len = utf8_length(value, i); len != 0) {
      out.append(value, i, len);
      i += len;
      continue;
    }
    const auto byte = static_cast<unsigned char>(value[i++]);
    out += static_cast<char>(0xC0 | (byte >> 6));
    out += static_cast<char>(0x80 | (byte & 0x3F));
  }
  return out;
}

}  // namespace af::text::yaml
