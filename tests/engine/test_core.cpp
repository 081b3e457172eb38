// Smoke test of the engine core: version, diagnostics formatting, did-you-mean.
#include <QtTest>

#include "core/diagnostic.h"
#include "core/closest_name.h"
#include "core/version.h"

class TestCore : public QObject {
  Q_OBJECT
 private slots:
  void version_is_set() { QVERIFY(!af::version().empty()); }

  void diagnostic_names_place_and_field() {
    const af::spec::Diagnostic d{{"arch.yaml", 12, 5}, "arch.nodes[1].size", "expected a number"};
    QCOMPARE(QString::fromStdString(d.to_string()),
             QStringLiteral("arch.yaml:12:5: error: arch.nodes[1].size: expected a number"));
    const af::spec::SpecError e({d, d});
    QCOMPARE(e.diagnostics().size(), std::size_t{2});
  }

  void did_you_mean_finds_close_names() {
    const std::vector<std::string> names{"MainMemory", "GlobalBuffer", "MAC"};
    QCOMPARE(af::util::closest_name("GlobalBufer", names).value_or(""), std::string("GlobalBuffer"));
    QCOMPARE(af::util::closest_name("globalbuffer", names).value_or(""), std::string("GlobalBuffer"));
    QVERIFY(!af::util::closest_name("Register", names).has_value());
    QCOMPARE(af::util::did_you_mean("MAc", names), std::string(" (did you mean MAC?)"));
  }
};

QTEST_GUILESS_MAIN(TestCore)
#include "test_core.moc"
