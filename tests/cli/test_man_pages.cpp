// The man pages say what --help says: every long option that the programs' help prints (each
// command's too) is in the page, the page names no option the programs lack, and the version in
// the page's title is the program's. So a new option without a man entry fails here.
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

#include "cli_runner.h"

namespace {

// "--name" tokens of a text (not "---" rules, not the "--" of a longer word).
QSet<QString> longOptions(const QString& text) {
  static const QRegularExpression option(QStringLiteral(R"((?<![\w-])--[a-z][a-z0-9-]*[a-z0-9])"));
  QSet<QString> out;
  for (auto it = option.globalMatch(text); it.hasNext();) out.insert(it.next().captured());
  return out;
}

// The page's text with roff's escaped minus ("\-") as a plain one; its comment lines dropped.
QString manText(const QString& name) {
  QFile f(QStringLiteral(AF_SOURCE_DIR "/packaging/man/") + name);
  if (!f.open(QIODevice::ReadOnly)) return {};
  QStringList lines;
  for (const QString& line : QString::fromUtf8(f.readAll()).split('\n'))
    if (!line.startsWith(QStringLiteral(".\\\""))) lines << line;
  return lines.join('\n').replace(QStringLiteral("\\-"), QStringLiteral("-"));
}

QString sorted(const QSet<QString>& s) {
  QStringList l(s.begin(), s.end());
  l.sort();
  return l.join(' ');
}

QString helpOf(const QString& exe, const QStringList& args) {
  const auto r = runProcess(exe, args, 60000, 0, {"DISPLAY", "WAYLAND_DISPLAY"});
  return r.exitCode == 0 ? r.out : QString();
}

}  // namespace

class TestManPages : public QObject {
  Q_OBJECT
 private slots:
  void accelforge_page_matches_its_help() {
    const QString page = manText("accelforge.1");
    QVERIFY(!page.isEmpty());
    QSet<QString> help = longOptions(helpOf(AF_CLI_EXE, {"--help"}));
    for (const char* command : {"validate", "evaluate", "components", "map", "sweep", "history"}) {
      const QString text = helpOf(AF_CLI_EXE, {command, "--help"});
      QVERIFY2(!text.isEmpty(), command);
      help |= longOptions(text);
      QVERIFY2(page.contains(QStringLiteral(".B accelforge ") + QLatin1String(command)), command);
    }
    for (const char* sub : {"list", "show", "export"}) {  // history's own commands
      const QString text = helpOf(AF_CLI_EXE, {"history", sub, "--help"});
      QVERIFY2(!text.isEmpty(), sub);
      help |= longOptions(text);
      QVERIFY2(page.contains(QStringLiteral(".B accelforge history ") + QLatin1String(sub)), sub);
    }
    QVERIFY(help.contains("--metric"));  // the extraction works
    QCOMPARE(sorted(longOptions(page)), sorted(help));
    const QString version = runProcess(AF_CLI_EXE, {"--version"}).out.trimmed();
    QVERIFY2(page.contains(QStringLiteral("\"accelforge ") + version + '"'), qPrintable(version));
  }

#ifdef AF_EXPLORER_EXE
  void explorer_page_matches_its_help() {
    const QString page = manText("accelforge-explorer.1");
    QVERIFY(!page.isEmpty());
    const QString text = helpOf(AF_EXPLORER_EXE, {"--help"});
    QVERIFY(!text.isEmpty());
    // Qt's own options (--help-all lists them) are Qt's to document.
    QSet<QString> help = longOptions(text);
    QVERIFY(help.contains("--screenshot"));
    QCOMPARE(sorted(longOptions(page)), sorted(help));
    const QString version = runProcess(AF_EXPLORER_EXE, {"--version"}, 60000, 0, {"DISPLAY"}).out.trimmed();
    QVERIFY2(page.contains(QStringLiteral("\"") + version + '"'), qPrintable(version));
  }

  // The views --help lists come from the window's page table; the man page's VIEWS section and
  // the README's list of views name the same ones, in the same order.
  void explorer_views_match_the_page_table() {
    const QString help = helpOf(AF_EXPLORER_EXE, {"--help"});
    const qsizetype at = help.indexOf(QStringLiteral("Views (--view NAME):\n"));
    QVERIFY(at >= 0);
    QStringList views;
    for (const QString& line : help.mid(at).split('\n').mid(1))
      if (!line.trimmed().isEmpty()) views << line.trimmed().section(' ', 0, 0);
    QVERIFY(views.contains("playback") && views.contains("history") && views.contains("editors"));

    const QString page = manText("accelforge-explorer.1");
    const QString section =
        page.section(QStringLiteral(".SH VIEWS"), 1).section(QStringLiteral(".SH "), 0, 0);
    QStringList manViews;
    static const QRegularExpression entry(QStringLiteral(R"(\.TP\n\.B (\S+)\n)"));
    for (auto it = entry.globalMatch(section); it.hasNext();) manViews << it.next().captured(1);
    QCOMPARE(manViews, views);

    QFile readme(QStringLiteral(AF_SOURCE_DIR "/README.md"));
    QVERIFY(readme.open(QIODevice::ReadOnly));
    static const QRegularExpression list(QStringLiteral(R"(\(views: ([a-z, -]+)\))"));
    const auto match = list.match(QString::fromUtf8(readme.readAll()));
    QVERIFY2(match.hasMatch(), "the README lists the views as (views: a, b, ...)");
    QCOMPARE(match.captured(1).split(QStringLiteral(", ")), views);
  }
#endif
};

QTEST_GUILESS_MAIN(TestManPages)
#include "test_man_pages.moc"
