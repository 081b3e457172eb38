#pragma once
// One hue family per memory level (ui/README: Conventions): a pale fill, a mid border and a dark title in
// the same hue, so levels stay apart without competing with the tensor colours.
#include <QColor>
#include <array>

namespace af::ui {

struct LevelColors {
  QColor fill, border, title;
};

// Level 0 is the outermost memory (e.g. DRAM); hues cycle after six levels.
[[nodiscard]] inline LevelColors memoryLevelColors(int level) {
  constexpr std::array<int, 6> kHues{215, 170, 130, 40, 280, 340};  // blue, teal, green, amber, violet, rose
  const int hue = kHues[static_cast<std::size_t>(level < 0 ? 0 : level) % kHues.size()];
  return {QColor::fromHsl(hue, 150, 242), QColor::fromHsl(hue, 90, 120), QColor::fromHsl(hue, 110, 60)};
}

[[nodiscard]] inline LevelColors computeColors() {
  return {QColor(0xF2, 0xF2, 0xF2), QColor(0x80, 0x80, 0x80), QColor(0x33, 0x33, 0x33)};
}

[[nodiscard]] inline LevelColors tollColors() {
  return {QColor(0xFA, 0xFA, 0xF5), QColor(0x99, 0x99, 0x88), QColor(0x44, 0x44, 0x3A)};
}

}  // namespace af::ui
