// The mapper's time-left estimate over all stages, replayed on recorded runs
// (tests/data/progress/): from the first 10% of a run on, elapsed + estimated remaining time is
// within a factor of 2 of when the run really ended.
#include <QtTest>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "controller/run_estimate.h"

using af::ui::RunEstimate;

namespace {

struct Event {
  double seconds = 0;
  std::string kind;  // templates, done, join, end
  std::size_t count = 0;
};

std::vector<Event> recorded(const std::string& name) {
  std::ifstream in(std::string(AF_TEST_DATA_DIR) + "/progress/" + name);
  std::vector<Event> out;
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    Event e;
    std::string einsum;
    fields >> e.seconds >> e.kind;
    if (e.kind == "templates") fields >> einsum >> e.count;
    out.push_back(e);
  }
  return out;
}

}  // namespace

class TestRunEstimate : public QObject {
  Q_OBJECT
 private slots:
  void within_a_factor_of_two_after_the_first_tenth_data() {
    QTest::addColumn<QString>("run");
    for (const char* r :
         {"tpu_v4i-gpt3_6.7B-fused1.txt", "tpu_v4i-gpt3_6.7B-fused.txt", "simba-gpt3_6.7B-fused1.txt"})
      QTest::newRow(r) << QString(r);
  }
  void within_a_factor_of_two_after_the_first_tenth() {
    QFETCH(QString, run);
    const std::vector<Event> events = recorded(run.toStdString());
    QVERIFY(events.size() > 10);
    QCOMPARE(events.back().kind, std::string("end"));
    const double total = events.back().seconds;
    RunEstimate estimate;
    std::size_t checked = 0;
    double worst = 1;
    for (const Event& e : events) {
      if (e.kind == "templates") estimate.templatesMade(e.count, e.seconds);
      if (e.kind == "done") estimate.templateDone(e.seconds);
      if (e.kind == "join") estimate.joinStep();
      if (e.kind == "end" || e.seconds < 0.1 * total) continue;
      const double left = estimate.remaining(e.seconds);
      QVERIFY2(left >= 0, qPrintable(QString("no estimate at %1 s of %2 s").arg(e.seconds).arg(total)));
      const double ratio = (e.seconds + left) / total;
      QVERIFY2(ratio >= 0.5 && ratio <= 2,
               qPrintable(
                   QString("at %1 s: %2 s left, the run ended at %3 s").arg(e.seconds).arg(left).arg(total)));
      worst = std::max(worst, std::max(ratio, 1 / ratio));
      ++checked;
    }
    QVERIFY(checked > 5);
    qInfo("%s: %zu estimates, the worst off by a factor of %.2f", qPrintable(run), checked, worst);
  }

  // Nothing to say before the search has a sample; a run with one Einsum has no join.
  void unknown_until_the_search_has_a_sample() {
    RunEstimate e;
    QCOMPARE(e.remaining(1), -1.0);
    e.templatesMade(100, 0.5);
    QCOMPARE(e.remaining(1), -1.0);
    e.templateDone(1);
    QCOMPARE(e.remaining(1), -1.0);  // 1% searched: too early
    for (int i = 1; i < 10; ++i) e.templateDone(1 + i * 0.5);
    // 10% in 5 s: 45 s of search left, no join for one Einsum.
    QCOMPARE(e.remaining(5.5), 45.0);
  }

  // A join that starts again (rounded, over its memory limit) is unknown until its first
  // step, then paced from its own start, not the first join's.
  void a_restarted_join_is_paced_afresh() {
    RunEstimate e;
    e.templatesMade(10, 0);
    e.templatesMade(10, 0);
    e.templatesMade(10, 0);  // three Einsums: two join steps
    for (int i = 1; i <= 30; ++i) e.templateDone(i * 0.1);
    e.joinStep();
    QCOMPARE(e.remaining(5), 2.0);  // one of two steps in 2 s
    e.joinRestarted(10);
    QCOMPARE(e.remaining(11), -1.0);
    e.joinStep();
    QCOMPARE(e.remaining(12), 2.0);  // one of two steps in 2 s since the restart
  }
};

QTEST_GUILESS_MAIN(TestRunEstimate)
#include "test_run_estimate.moc"
