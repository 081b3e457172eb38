// The command-line contract: --version, --help, usage errors exit 2 with a usage message.
#include <QImage>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"

class TestCli : public QObject {
  Q_OBJECT
 private slots:
  void version() {
    const auto r = runProcess(AF_CLI_EXE, {"--version"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(QRegularExpression(R"(^\d+\.\d+\.\d+\s*$)").match(r.out).hasMatch());
  }

  void help() {
    const auto r = runProcess(AF_CLI_EXE, {"--help"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("Usage"), qPrintable(r.out));
    QVERIFY(r.out.contains("Exit status"));
  }

  void bad_flag_is_a_usage_error() {
    const auto r = runProcess(AF_CLI_EXE, {"--no-such-flag"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("no-such-flag"), qPrintable(r.err));
    QVERIFY2(r.err.contains("Usage"), qPrintable(r.err));
  }

#ifdef AF_EXPLORER_EXE
  void explorer_version_and_help() {
    const auto v = runProcess(AF_EXPLORER_EXE, {"--version"});
    QCOMPARE(v.exitCode, 0);
    QVERIFY(v.out.contains("accelforge-explorer"));
    const auto h = runProcess(AF_EXPLORER_EXE, {"--help"});
    QCOMPARE(h.exitCode, 0);
    QVERIFY(h.out.contains("--screenshot"));
  }

  void explorer_bad_flag_is_a_usage_error() {
    const auto r = runProcess(AF_EXPLORER_EXE, {"--no-such-flag"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("no-such-flag"), qPrintable(r.err));
  }

  void explorer_screenshot_writes_png() {
    QTemporaryDir dir;
    const QString out = dir.filePath("shot.png");
    const auto r = runProcess(AF_EXPLORER_EXE, {"--screenshot", out});
    QCOMPARE(r.exitCode, 0);
    QImage image(out);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), QSize(1400, 900));
    // Not a blank image: more than one colour appears.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 37)
      for (int x = 0; x < image.width(); x += 41) colours.insert(image.pixel(x, y));
    QVERIFY(colours.size() > 3);
  }
#endif
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
