#pragma once
// The engine's text is UTF-8 std::string; views show QString. One short name for the
// conversion, which the text builders use on nearly every line.
#include <QString>
#include <string_view>

namespace af::ui {

[[nodiscard]] inline QString q(std::string_view s) {
  return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

}  // namespace af::ui
