// The Playback page (issue 25): the counters at the end of each Einsum equal the model's
// action counts for every bundled example, two imperfectly tiled mappings and a fused chain;
// the tile each buffer outlines at chosen steps is the loop nest's arithmetic; play, step,
// slider, start and end move the cursor; frames export as PNG and SVG, a whole play as
// numbered PNGs.
#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QLabel>
#include <QListWidget>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "controller/project_controller.h"
#include "controller/project_result.h"
#include "main_window.h"
#include "playback/playback.h"
#include "playback/playback_view.h"
#include "playback/tensor_grid.h"
#include "qt_warnings.h"
#include "window_fixture.h"
#include "workspace/workspace.h"

using namespace af::ui;
using af::playback::Range;

namespace {

QString example(const QString& name) { return QStringLiteral(AF_SOURCE_DIR "/resources/examples/") + name; }

// An example, with its own mapping or one of tests/data/playback.
af::Workspace load(const QString& name, const std::vector<std::string>& sets = {},
                   const QString& mapping = {}) {
  af::SpecInputs in;
  for (const QString f : {"arch.yaml", "workload.yaml"})
    in.files.push_back((example(name) + '/' + f).toStdString());
  in.files.push_back(mapping.isEmpty()
                         ? (example(name) + "/mapping.yaml").toStdString()
                         : (QStringLiteral(AF_TEST_DATA_DIR "/playback/") + mapping).toStdString());
  in.assignments = sets;
  return af::Workspace::load(in);
}

// The playback's counters at the last step of each Einsum against the model's, in values.
void compareWithModel(const af::Workspace& ws) {
  QVERIFY(ws.ok());
  const auto outcome = ws.evaluate();
  QVERIFY(outcome.evaluation);
  const AccessesData model = accessesFrom(*outcome.evaluation, ws.spec());
  QVERIFY(ws.resolved());
  const auto play = af::playback::Playback::build(*ws.resolved(), *ws.spec().mapping);
  double end = -1;
  for (std::size_t n = 0; n < play.nests().size(); ++n) {
    // The nest's last step: its steps end where the next nest's begin.
    af::playback::Cursor c = play.start();
    double last = 0;
    for (double p = 0; p < play.total_steps(); ++p) {
      c = play.at_position(p);
      if (c.nest == n) last = p;
    }
    c = play.at_position(last);
    QCOMPARE(c.nest, n);
    end = last;
    const auto& nest = play.nests()[n];
    for (const auto& k : play.counters(c)) {
      const auto* access = nest.workload->find_access(k.tensor);
      QVERIFY(access);
      for (const auto& [action, ours] :
           {std::pair{QStringLiteral("read"), k.reads}, std::pair{QStringLiteral("write"), k.writes}}) {
        // The model counts actions × actions_scale (a CiM array's ADC converts once per input
        // bit and weight slice); the playback counts values.
        const auto* comp = ws.resolved()->arch_for(nest.einsum).find(k.component);
        QVERIFY(comp);
        double theirs = 0;
        for (const auto& r : model.actions)
          if (r.einsum == QString::fromStdString(nest.einsum) &&
              r.component == QString::fromStdString(k.component) &&
              r.tensor == QString::fromStdString(k.tensor) && r.action == action)
            theirs += r.count * r.bitsPerAction / access->bits_per_value / comp->actions_scale;
        QVERIFY2(std::abs(ours - theirs) <= 1e-9 * std::max(1.0, theirs),
                 qPrintable(QStringLiteral("%1 %2 %3 %4: playback %5, model %6")
                                .arg(QString::fromStdString(nest.einsum), QString::fromStdString(k.component),
                                     QString::fromStdString(k.tensor), action)
                                .arg(ours)
                                .arg(theirs)));
      }
    }
  }
  QCOMPARE(end, play.total_steps() - 1);
}

}  // namespace

class TestPlaybackView : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { test::useTestSettings(); }
  void init() { test::failOnQtWarnings(); }

  void counters_end_at_the_models_counts_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QStringList>("sets");
    for (const QString& name : QDir(QStringLiteral(AF_SOURCE_DIR "/resources/examples"))
                                   .entryList(QDir::Dirs | QDir::NoDotAndDotDot))
      if (QFile::exists(example(name) + "/mapping.yaml"))
        QTest::newRow(qPrintable(name)) << name << QStringList{"M=4", "K=4", "N=4", "KN=4", "TOKENS=4"};
    // At its own sizes the array takes several passes: partial sums pass the ADC and column
    // drivers (Tolls, which store nothing) once per pass over k, and the buffer reads them back.
    QTest::newRow("cim_analog_array, 8 x 2 passes") << "cim_analog_array" << QStringList{};
    QTest::newRow("cim_analog_array, 16 rows") << "cim_analog_array" << QStringList{"ArrayRows=16"};
  }
  void counters_end_at_the_models_counts() {
    QFETCH(QString, name);
    QFETCH(QStringList, sets);
    std::vector<std::string> s;
    for (const auto& x : sets) s.push_back(x.toStdString());
    compareWithModel(load(name, s));
  }

  // Tiles and fanouts that do not divide their ranks: the last tile along a rank is smaller
  // (3 = 2 + 1), and the counters sum each tile at its true size.
  void imperfect_tiles_end_at_the_models_counts_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("mapping");
    QTest::addColumn<QStringList>("sets");
    QTest::newRow("temporal") << "two_level_matmul"
                              << "imperfect_matmul_mapping.yaml" << QStringList{"M=3", "K=4", "N=5"};
    QTest::newRow("spatial") << "spatial_array_conv"
                             << "imperfect_conv_mapping.yaml" << QStringList{"P=5"};
    // Not imperfect: a holder below a loop its tensor does not index is refilled at each of
    // its iterations, as the model counts.
    QTest::newRow("refetched below a loop")
        << "two_level_matmul"
        << "refetch_below_loop_mapping.yaml" << QStringList{"M=4", "K=4", "N=4"};
  }
  void imperfect_tiles_end_at_the_models_counts() {
    QFETCH(QString, name);
    QFETCH(QString, mapping);
    QFETCH(QStringList, sets);
    std::vector<std::string> s;
    for (const auto& x : sets) s.push_back(x.toStdString());
    compareWithModel(load(name, s, mapping));
  }

  // A fused chain: m shared above the Sequential; T1 made and used in the global buffer.
  void a_fused_chain_ends_at_the_models_counts() {
    af::SpecInputs in;
    in.files = {(example("three_level_matmul_chain") + "/arch.yaml").toStdString(),
                (example("three_level_matmul_chain") + "/workload.yaml").toStdString(),
                AF_TEST_DATA_DIR "/playback/fused_chain_mapping.yaml"};
    in.assignments = {"M=4", "KN=4"};
    const af::Workspace ws = af::Workspace::load(in);
    const auto play = af::playback::Playback::build(ws.spec().workload.workload, *ws.spec().mapping);
    QCOMPARE(play.nests().size(), std::size_t{2});
    QCOMPARE(play.nests()[0].shared, std::size_t{1});
    // The branches alternate under m: Matmul0's 2 x 4 x 4 steps, then Matmul1's.
    QCOMPARE(play.at_position(31).nest, std::size_t{0});
    QCOMPARE(play.at_position(32).nest, std::size_t{1});
    QCOMPARE(play.at_position(64).nest, std::size_t{0});
    compareWithModel(ws);
  }

  // At chosen steps, each buffer's outline is the loop nest's arithmetic: for m, for n, for k
  // under weight stationary B, the lower scratchpad holds row m of A and Z.
  void outlines_follow_the_loops() {
    test::WindowFixture t;
    t.w.setAssignments({"M=3", "K=4", "N=5"});
    QVERIFY(t.openExample("two_level_matmul"));
    PlaybackView* v = t.w.playbackView();
    QVERIFY(v->playback());
    QVERIFY(v->emptyText().isEmpty());
    for (const double pos : {0.0, 7.0, 21.0, 39.0, 59.0}) {
      v->setCursor(v->playback()->at_position(pos));
      QTRY_VERIFY(v->grid("A") && !v->grid("A")->outlines().isEmpty());
      QTest::qWait(40);  // the frame after the step (at most 60 a second)
      const std::int64_t m = static_cast<std::int64_t>(pos) / 20;
      const auto outline = [&](const QString& tensor, const QString& component) {
        std::vector<Range> tile;
        if (!v->grid(tensor)) return tile;
        for (const auto& o : v->grid(tensor)->outlines())
          if (o.component == component) tile = o.tile;  // the innermost such buffer
        return tile;
      };
      QCOMPARE(outline("A", "DRAM"), (std::vector<Range>{{0, 3}, {0, 4}}));
      QCOMPARE(outline("A", "Scratchpad"), (std::vector<Range>{{m, m + 1}, {0, 4}}));
      QCOMPARE(outline("Z", "Scratchpad"), (std::vector<Range>{{m, m + 1}, {0, 5}}));
      QCOMPARE(outline("B", "Scratchpad"), (std::vector<Range>{{0, 4}, {0, 5}}));
    }
  }

  // The nest names what each level does: a Toll (the array's ADC and drivers) passes values
  // through, as the Inspector's loop nest says; a buffer holds them.
  void tolls_pass_buffers_hold() {
    test::WindowFixture t;
    QVERIFY(t.openExample("cim_analog_array"));
    PlaybackView* v = t.w.playbackView();
    QVERIFY(v->playback());
    auto* nest = v->findChild<QListWidget*>("playbackNest");
    QVERIFY(nest);
    QStringList lines;
    for (int i = 0; i < nest->count(); ++i) lines << nest->item(i)->text().trimmed();
    for (const char* toll : {"ADC passes output", "ColumnDrivers passes output", "RowDrivers passes input"})
      QVERIFY2(lines.contains(toll), qPrintable(lines.join('\n')));
    QVERIFY2(lines.filter(QRegularExpression("^(ADC|ColumnDrivers|RowDrivers) holds")).isEmpty(),
             qPrintable(lines.join('\n')));
    QVERIFY2(lines.filter(QRegularExpression(" holds ")).size() >= 2, qPrintable(lines.join('\n')));
  }

  // Step, step an outer loop, start, end, slider, play and pause move the cursor.
  void controls_move_the_cursor() {
    test::WindowFixture t;
    QVERIFY(t.openExample("lesson_output_stationary"));
    PlaybackView* v = t.w.playbackView();
    const auto* p = v->playback();
    QVERIFY(p);
    QCOMPARE(p->total_steps(), 64.0);
    QVERIFY(v->step());
    QCOMPARE(p->position(v->cursor()), 1.0);
    QVERIFY(v->step(0));  // for m: the next row
    QCOMPARE(p->position(v->cursor()), 16.0);
    v->toEnd();
    QCOMPARE(p->position(v->cursor()), 63.0);
    QVERIFY(!v->step());
    v->toStart();
    QCOMPARE(p->position(v->cursor()), 0.0);
    v->setFraction(0.5);
    QCOMPARE(p->position(v->cursor()), 31.0);
    v->toStart();
    v->setSpeed(500);
    QSignalSpy stepped(v, &PlaybackView::stepped);
    v->play();
    QVERIFY(v->playing());
    QTRY_VERIFY(stepped.count() >= 10);
    v->pause();
    QVERIFY(!v->playing());
    QVERIFY(p->position(v->cursor()) >= 10);
    // It plays to the end and stops there.
    v->play();
    QTRY_VERIFY_WITH_TIMEOUT(!v->playing(), 5000);
    QCOMPARE(p->position(v->cursor()), 63.0);
    // The lesson's note: its mapping's comment.
    QVERIFY2(v->note().contains("output stationary"), qPrintable(v->note()));
    // Its counters at the end: 16 tiles of Z in the register, each written 4 times.
    QTest::qWait(40);
    const auto* table = v->counters();
    bool seen = false;
    for (int r = 0; r < table->rowCount(); ++r)
      if (table->item(r, 0)->text() == "Register" && table->item(r, 1)->text() == "Z") {
        QCOMPARE(table->item(r, 3)->text(), QStringLiteral("16"));
        QCOMPARE(table->item(r, 4)->text(), QStringLiteral("64"));
        seen = true;
      }
    QVERIFY(seen);
  }

  // Under a fanout each PE's tile is outlined.
  void each_pe_has_its_tile() {
    test::WindowFixture t;
    QVERIFY(t.openExample("spatial_array_conv"));
    PlaybackView* v = t.w.playbackView();
    QTRY_VERIFY(v->grid("O"));
    QTest::qWait(40);
    int pes = 0;
    for (const auto& o : v->grid("O")->outlines()) pes += o.pe && o.component == "Register";
    QCOMPARE(pes, 16);  // 4 along X (m) by 4 along Y (p)
    // GUI-thread work per step, reported (not asserted: a busy machine would fail it).
    QElapsedTimer clock;
    clock.start();
    for (int i = 0; i < 100; ++i) {
      v->step();
      QCoreApplication::processEvents();
      QTest::qWait(17);
    }
    qInfo("100 steps with their frames on the spatial example: %lld ms (100 x 17 ms waits included)",
          static_cast<long long>(clock.elapsed()));
  }

  // At 1400x900 and at 1000x700, a third of the way through the spatial convolution, every
  // label, button and chooser of the page shows its whole text, inside the page (or inside its
  // scroll area's view): "step 426 of 1,152 · Conv", "innermost loop", "Wt  (M=1, C=3)".
  void every_label_is_whole_data() {
    QTest::addColumn<QSize>("size");
    QTest::newRow("1400x900") << QSize(1400, 900);
    QTest::newRow("1000x700") << QSize(1000, 700);
  }
  void every_label_is_whole() {
    QFETCH(QSize, size);
    test::WindowFixture t;
    t.w.resize(size);
    t.w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&t.w));
    QVERIFY(t.openExample("spatial_array_conv"));
    QVERIFY(t.w.showView("playback"));
    PlaybackView* v = t.w.playbackView();
    v->setFraction(0.37);
    v->showFrameNow();
    QTest::qWait(100);  // the layout settles at this size
    int checked = 0;
    for (QWidget* w : v->findChildren<QWidget*>()) {
      if (!w->isVisible()) continue;
      QString text;
      int need = 0;  // px the text needs beside it (frames, arrows)
      const QFontMetrics fm = w->fontMetrics();
      if (auto* label = qobject_cast<QLabel*>(w)) {
        if (label->text().isEmpty() || label->textFormat() == Qt::RichText) continue;
        if (label->wordWrap()) {
          QVERIFY2(label->heightForWidth(label->width()) <= label->height() + 1, qPrintable(label->text()));
          ++checked;
          continue;
        }
        text = label->text();
        need = label->contentsMargins().left() + label->contentsMargins().right();
      } else if (auto* combo = qobject_cast<QComboBox*>(w)) {
        text = combo->currentText();
        need = 28;  // the frame and the arrow
      } else if (auto* button = qobject_cast<QAbstractButton*>(w)) {
        text = button->text().remove('&');
        need = 12;
      } else if (auto* spin = qobject_cast<QSpinBox*>(w)) {
        text = spin->text();
        need = 24;
      } else {
        continue;
      }
      if (text.isEmpty()) continue;
      ++checked;
      QVERIFY2(fm.horizontalAdvance(text) + need <= w->width(),
               qPrintable(QStringLiteral("'%1' is cut: %2 px for %3")
                              .arg(text)
                              .arg(w->width())
                              .arg(fm.horizontalAdvance(text))));
      // Inside what shows of the page: the page itself, or the view of the scroll area it is in.
      QWidget* clip = v;
      for (QWidget* p = w->parentWidget(); p && p != v; p = p->parentWidget())
        if (auto* area = qobject_cast<QAbstractScrollArea*>(p)) {
          clip = area->viewport();
          break;
        }
      const QRect r(w->mapTo(clip, QPoint(0, 0)), w->size());
      QVERIFY2(r.left() >= 0 && r.right() <= clip->width(),
               qPrintable(QStringLiteral("'%1' runs out of view (%2..%3 of %4 px)")
                              .arg(text)
                              .arg(r.left())
                              .arg(r.right())
                              .arg(clip->width())));
    }
    QVERIFY(checked >= 10);
    const auto* position = v->findChild<QLabel*>("playbackPosition");
    QVERIFY(position->text().startsWith("step ") && position->text().contains(" of "));
  }

  void frames_export() {
    test::WindowFixture t;
    QVERIFY(t.openExample("lesson_weight_stationary"));
    QVERIFY(t.show());
    PlaybackView* v = t.w.playbackView();
    QVERIFY(t.w.showView("playback"));
    QTemporaryDir dir;
    QCOMPARE(v->exportFrame(dir.filePath("frame.png")), QString());
    QCOMPARE(v->exportFrame(dir.filePath("frame.svg")), QString());
    QVERIFY(QFileInfo(dir.filePath("frame.png")).size() > 1000);
    QVERIFY(QFile(dir.filePath("frame.svg")).size() > 1000);
    QCOMPARE(v->exportFrames(dir.filePath("frames")), QString());
    QCOMPARE(QDir(dir.filePath("frames")).entryList({"frame-*.png"}).size(), 64);
    QCOMPARE(v->playback()->position(v->cursor()), 0.0);  // the place is kept
  }

  // The lessons open from Help; a spec without a mapping says what to do.
  void lessons_open_from_help_and_empty_states_explain() {
    test::WindowFixture t;
    auto* lesson = t.w.findChild<QAction*>("lesson_input_stationary");
    QVERIFY(lesson);
    const auto loaded = t.result([&] { lesson->trigger(); });
    QVERIFY(loaded && loaded->valid());
    QTRY_VERIFY(t.w.playbackView()->note().contains("input stationary"));
    QTemporaryDir dir;
    QStringList files;
    for (const QString f : {"arch.yaml", "workload.yaml"}) {
      QVERIFY(QFile::copy(example("two_level_matmul") + '/' + f, dir.filePath(f)));
      files << dir.filePath(f);
    }
    QVERIFY(t.openFiles(files));
    QVERIFY2(t.w.playbackView()->emptyText().contains("no mapping"),
             qPrintable(t.w.playbackView()->emptyText()));
  }
};

QTEST_MAIN(TestPlaybackView)
#include "test_playback_view.moc"
