// Smoke test of the engine core: version, diagnostics formatting, did-you-mean.
#include <QtTest>

#include "core/diagnostic.h"
#include "core/bounded_read.h"
#include "core/closest_name.h"
#include "core/divisors.h"
#include "core/excerpt.h"
#include "core/version.h"

class TestCore : public QObject {
  Q_OBJECT
 private slots:
  void version_is_set() { QVERIFY(!af::core::version().empty()); }

  void diagnostic_names_place_and_field() {
    const af::core::Diagnostic d{{"arch.yaml", 12, 5}, "arch.nodes[1].size", "expected a number"};
    QCOMPARE(QString::fromStdString(d.to_string()),
             QStringLiteral("arch.yaml:12:5: error: arch.nodes[1].size: expected a number"));
    const af::core::SpecError e({d, d});
    QCOMPARE(e.diagnostics().size(), std::size_t{2});
  }

  void did_you_mean_finds_close_names() {
    const std::vector<std::string> names{"MainMemory", "GlobalBuffer", "MAC"};
    QCOMPARE(af::core::closest_name("GlobalBufer", names).value_or(""), std::string("GlobalBuffer"));
    QCOMPARE(af::core::closest_name("globalbuffer", names).value_or(""), std::string("GlobalBuffer"));
    QVERIFY(!af::core::closest_name("Register", names).has_value());
    QCOMPARE(af::core::did_you_mean("MAc", names), std::string(" (did you mean MAC?)"));
  }

  void include_chain_is_printed() {
    af::core::Diagnostic d{{"sub.yaml", 3, 9}, "arch.size", "expected a number"};
    d.where = af::core::with_outer_include(d.where, {"arch.yaml", 12, 7});
    d.where = af::core::with_outer_include(d.where, {"top.yaml", 1, 1});
    QCOMPARE(
        QString::fromStdString(d.to_string()),
        QStringLiteral("sub.yaml:3:9: error: arch.size: expected a number (included from arch.yaml:12:7, "
                       "included from top.yaml:1:1)"));
  }

  // Pipes and devices report no size: the cap must hold while reading.
  void bounded_read_stops_at_the_cap() {
    QVERIFY_THROWS_EXCEPTION(af::core::ReadError, (void)af::core::read_file_bounded("/dev/zero", 1 << 20));
    QVERIFY_THROWS_EXCEPTION(af::core::ReadError, (void)af::core::read_file_bounded("/dev/urandom", 1 << 20));
    QVERIFY_THROWS_EXCEPTION(af::core::ReadError, (void)af::core::read_file_bounded("/", 1 << 20));
    QVERIFY_THROWS_EXCEPTION(af::core::ReadError,
                             (void)af::core::read_file_bounded("/no/such/file", 1 << 20));
    QCOMPARE(af::core::read_file_bounded("/dev/null", 1 << 20), std::string());
  }

  // Factoring, not trial division: a prime near 2^63 takes microseconds.
  void divisors_of_large_numbers() {
    for (std::int64_t n = 1; n < 2000; ++n) {
      std::vector<std::int64_t> slow;
      for (std::int64_t d = 1; d <= n; ++d)
        if (n % d == 0) slow.push_back(d);
      QCOMPARE(af::core::divisors(n), slow);
    }
    QCOMPARE(af::core::divisors(9223372036854775783).size(), std::size_t{2});  // the largest int64 prime
    QCOMPARE(af::core::divisors(std::int64_t{1} << 62).size(), std::size_t{63});
    QCOMPARE(af::core::divisors(9223372036854775807).size(),
             std::size_t{96});  // 7^2 · 73 · 127 · 337 · 92737 · 649657
    QCOMPARE(af::core::divisors(4611686014132420609).size(), std::size_t{3});  // (2^31 - 1)^2
  }

  void excerpt_keeps_the_failing_spot() {
    QCOMPARE(af::core::excerpt("short text", 3), std::string("short text"));
    const std::string text = std::string(1000, 'a') + "HERE" + std::string(1000, 'b');
    const std::string cut = af::core::excerpt(text, 1000, 20);
    QVERIFY(cut.find("HERE") != std::string::npos);
    QVERIFY(cut.size() < 60);
    QVERIFY(cut.starts_with("…") && cut.ends_with("…"));
  }
};

QTEST_GUILESS_MAIN(TestCore)
#include "test_core.moc"
