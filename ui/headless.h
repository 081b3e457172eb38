#pragma once
// Running the explorer without a display (over SSH, in CI, the README's first command): Qt is
// given what it needs before the application starts, and the two lines its offscreen platform
// prints about itself, which concern no user, are left out. Every other message passes.
namespace af::ui {

// True when Qt would find no display to connect to: no X or Wayland server named, and no
// platform chosen by the user (QT_QPA_PLATFORM, `-platform`).
[[nodiscard]] bool noDisplay(int argc, char** argv);

// Before QApplication: the offscreen platform, and a private runtime folder when
// XDG_RUNTIME_DIR is not set (Qt would otherwise make one itself and warn about it).
void prepareHeadless();

// After prepareHeadless: drops the offscreen platform's notes about itself
// ("This plugin does not support ..."), passing every other message to Qt's handler.
void filterPlatformNotes();

}  // namespace af::ui
