#include "core/excerpt.h"

#include <algorithm>

namespace af::core {
namespace {

// Moves `i` back to the start of a UTF-8 sequence so a cut never splits a character.
std::size_t char_start(std::string_view text, std::size_t i) {
  while (i > 0 && i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) --i;
  return i;
}

}  // namespace

std::string excerpt(std::string_view text, std::size_t at, std::size_t radius) {
  if (text.size() <= 2 * radius + 20) return std::string(text);
  at = std::min(at, text.size());
  const std::size_t begin = char_start(text, at > radius ? at - radius : 0);
  const std::size_t end = char_start(text, std::min(text.size(), at + radius));
  std::string out;
  if (begin > 0) out += "…";
  out += text.substr(begin, end - begin);
  if (end < text.size()) out += "…";
  return out;
}

}  // namespace af::core
