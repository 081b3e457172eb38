#pragma once
// Every GUI test fails on any Qt warning: each test class calls failOnQtWarnings() from init()
// (Qt clears the list after every test function). A warning a test expects is declared with
// QTest::ignoreMessage before it happens.
#include <QRegularExpression>
#include <QTest>

namespace af::ui::test {

inline void failOnQtWarnings() {
  // The only exceptions are messages the platform prints whatever the code does:
  // - the offscreen QPA plugin cannot honour size hints of top-level windows, nor raise one,
  //   and says so;
  // - QStandardPaths warns when the test environment has no XDG_RUNTIME_DIR.
  static const QRegularExpression anythingButPlatformNoise(
      QStringLiteral("^(?!This plugin does not support (propagateSizeHints|raise)\\(\\)|"
                     "QStandardPaths: XDG_RUNTIME_DIR not set)"));
  QTest::failOnWarning(anythingButPlatformNoise);
}

}  // namespace af::ui::test
