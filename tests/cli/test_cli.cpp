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

  // Each input is read once, so a spec file may come from a pipe: standard input as "-", or
  // bash's process substitution (a /dev/fd path that can be read only once).
  void spec_files_from_pipes() {
    const QString ex = QStringLiteral(AF_SOURCE_DIR "/resources/examples/two_level_matmul/");
    const auto file =
        runProcess(AF_CLI_EXE, {"evaluate", ex + "arch.yaml", ex + "workload.yaml", ex + "mapping.yaml"});
    QVERIFY2(file.exitCode == 0, qPrintable(file.err));

    QProcess fromStdin;
    fromStdin.setStandardInputFile(ex + "arch.yaml");
    fromStdin.start(AF_CLI_EXE, {"evaluate", "-", ex + "workload.yaml", ex + "mapping.yaml"});
    QVERIFY(fromStdin.waitForFinished(60000));
    QVERIFY2(fromStdin.exitCode() == 0, fromStdin.readAllStandardError().constData());
    QCOMPARE(QString::fromUtf8(fromStdin.readAllStandardOutput()), file.out);

    const auto validate = runProcess(
        "bash",
        {"-c", QStringLiteral("cat '%1arch.yaml' | '%2' validate - '%1workload.yaml'").arg(ex, AF_CLI_EXE)});
    QVERIFY2(validate.exitCode == 0, qPrintable(validate.err));

    const auto substituted = runProcess(
        "bash",
        {"-c", QStringLiteral("'%2' evaluate <(cat '%1arch.yaml') '%1workload.yaml' <(cat '%1mapping.yaml')")
                   .arg(ex, AF_CLI_EXE)});
    QVERIFY2(substituted.exitCode == 0, qPrintable(substituted.err));
    QCOMPARE(substituted.out, file.out);
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

  // Over SSH or in CI there is no display: --help, --version and --screenshot still work (the
  // explorer picks the offscreen platform itself) and a plain launch says why it cannot open.
  void explorer_without_a_display() {
    const QStringList noDisplay{"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"};
    const auto v = runProcess(AF_EXPLORER_EXE, {"--version"}, 60000, 0, noDisplay);
    QVERIFY2(v.exitCode == 0 && v.out.contains("accelforge-explorer"), qPrintable(v.err));
    const auto h = runProcess(AF_EXPLORER_EXE, {"--help"}, 60000, 0, noDisplay);
    QVERIFY2(h.exitCode == 0 && h.out.contains("--screenshot"), qPrintable(h.err));
    const auto bad = runProcess(AF_EXPLORER_EXE, {"--metric", "speed"}, 60000, 0, noDisplay);
    QCOMPARE(bad.exitCode, 2);
    const auto plain = runProcess(AF_EXPLORER_EXE, {}, 60000, 0, noDisplay);
    QCOMPARE(plain.exitCode, 1);
    QVERIFY2(plain.err.contains("no display") && plain.err.contains("--screenshot"), qPrintable(plain.err));
    QTemporaryDir dir;
    const QString out = dir.filePath("shot.png");
    const auto shot =
        runProcess(AF_EXPLORER_EXE, {"--screenshot", out, "--size", "800x600"}, 60000, 0, noDisplay);
    QVERIFY2(shot.exitCode == 0, qPrintable(shot.err));
    QCOMPARE(QImage(out).size(), QSize(800, 600));
  }

  // The README's first command ends with this: a headless screenshot of a bundled example, with
  // no runtime folder set (a fresh login over SSH). It prints the path and nothing else — none of
  // Qt's notes about XDG_RUNTIME_DIR or what the offscreen platform cannot do.
  void explorer_headless_prints_only_the_path() {
    const QString ex = QStringLiteral(AF_SOURCE_DIR "/resources/examples/spatial_array_conv/");
    QTemporaryDir dir;
    const QString out = dir.filePath("shot.png");
    const auto shot = runProcess(
        AF_EXPLORER_EXE, {ex + "arch.yaml", ex + "workload.yaml", ex + "mapping.yaml", "--screenshot", out},
        60000, 0, {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XDG_RUNTIME_DIR"});
    QCOMPARE(shot.exitCode, 0);
    QCOMPARE(shot.err, QString());
    QCOMPARE(shot.out, out + '\n');
    QVERIFY(!QImage(out).isNull());
  }

  // `--map --view skislope --screenshot` shows the run's slope in the fused colour, where a run
  // without resource_usage leaves the page empty. (The page evaluates the front after the run and
  // the screenshot waits for it, Page::settling; on this small front the evaluation is over
  // before the shot either way: test_ski_slope_window checks that the window reports it.)
  void explorer_screenshot_shows_the_ski_slope() {
    const QString ex = QStringLiteral(AF_SOURCE_DIR "/resources/examples/three_level_matmul_chain/");
    QTemporaryDir dir;
    const auto slopePixels = [&](const QString& metric) {
      const QString out = dir.filePath(QStringLiteral("slope-%1.png").arg(metric.size()));
      const auto r = runProcess(AF_EXPLORER_EXE,
                                {ex + "arch.yaml", ex + "workload.yaml", "--map", "--metric", metric,
                                 "--view", "skislope", "--screenshot", out},
                                120000);
      const QImage image(out);
      if (r.exitCode != 0 || image.isNull()) return -1;
      int n = 0;  // pixels of the fused slope's blue (Okabe-Ito, ski_slope_view.cpp)
      for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) n += image.pixel(x, y) == qRgb(0x00, 0x72, 0xB2) ? 1 : 0;
      return n;
    };
    const int without = slopePixels("energy");
    const int with = slopePixels("energy|resource_usage");
    QVERIFY(without >= 0 && with >= 0);
    QVERIFY2(with > without + 100, qPrintable(QStringLiteral("%1 vs %2").arg(with).arg(without)));
  }

  void explorer_bad_flag_is_a_usage_error() {
    const auto r = runProcess(AF_EXPLORER_EXE, {"--no-such-flag"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("no-such-flag"), qPrintable(r.err));
  }

  // `--sweep-plot` picks what the Sweep results' plot compares; a value it does not know is a
  // usage error naming the three it does.
  void explorer_sweep_plot_is_chosen_on_the_command_line() {
    const auto bad = runProcess(AF_EXPLORER_EXE, {"--sweep-plot", "energy-latency"});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains("fronts, energy-area or latency-area, not 'energy-latency'"),
             qPrintable(bad.err));
    const QString ex = QStringLiteral(AF_SOURCE_DIR "/resources/examples/cim_analog_array/");
    QTemporaryDir dir;
    const QString out = dir.filePath("sweep.png");
    const auto r = runProcess(AF_EXPLORER_EXE,
                              {ex + "arch.yaml", ex + "workload.yaml", "--vary", "ArrayRows=8..256*2",
                               "--sweep-plot", "energy-area", "--view", "sweep", "--screenshot", out},
                              120000);
    QCOMPARE(r.exitCode, 0);
    QVERIFY(!QImage(out).isNull());
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
