// Playback (issue 25): what one step costs. The engine's arithmetic (a step, the tiles of every
// buffer and the counters) on a nest of 10^9 innermost iterations, at its innermost and its
// outermost loop; and the Playback page's GUI-thread work per frame (the page brought to the
// step and repainted, offscreen) on the bundled spatial convolution. Medians and 95th
// percentiles in microseconds; a frame at 60 per second has 16,667.
#include <QApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <cstdio>
#include <vector>

#include "controller/project_controller.h"
#include "playback/playback.h"
#include "playback/playback_view.h"
#include "workspace/workspace.h"

namespace {

std::string example(const std::string& name, const std::string& file) {
  return std::string(AF_SOURCE_DIR) + "/resources/examples/" + name + "/" + file;
}

void report(const char* what, std::vector<double> us) {
  std::sort(us.begin(), us.end());
  const double median = us[us.size() / 2], p95 = us[us.size() * 95 / 100];
  std::printf("| %s | %zu | %.1f | %.1f |\n", what, us.size(), median, p95);
}

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  std::printf("| step | samples | median (µs) | p95 (µs) |\n|---|---|---|---|\n");

  af::SpecInputs in;
  in.files = {example("two_level_matmul", "arch.yaml"), example("two_level_matmul", "workload.yaml"),
              example("two_level_matmul", "mapping.yaml")};
  in.assignments = {"M=1000", "K=1000", "N=1000"};
  const af::Workspace ws = af::Workspace::load(in);
  if (!ws.ok()) return 1;
  const auto play = af::playback::Playback::build(ws.spec().workload.workload, *ws.spec().mapping);
  for (const auto& [loop, name] : {std::pair{std::size_t{2}, "engine, 10^9 nest, innermost loop (k)"},
                                   std::pair{std::size_t{0}, "engine, 10^9 nest, outermost loop (m)"}}) {
    auto c = play.start();
    std::vector<double> us;
    for (int i = 0; i < 999; ++i) {
      QElapsedTimer t;
      t.start();
      play.step(c, loop);
      double sink = 0;
      for (std::size_t h = 0; h < play.nests()[0].holders.size(); ++h)
        for (const auto& tensor : play.nests()[0].holders[h].tensors) sink += play.tile(c, h, tensor).size();
      for (const auto& k : play.counters(c)) sink += k.reads;
      us.push_back(static_cast<double>(t.nsecsElapsed()) / 1e3 + sink * 0);
    }
    report(name, us);
  }

  af::ui::ProjectController controller;
  controller.openProject({QString::fromStdString(example("spatial_array_conv", "arch.yaml")),
                          QString::fromStdString(example("spatial_array_conv", "workload.yaml")),
                          QString::fromStdString(example("spatial_array_conv", "mapping.yaml"))});
  af::ui::PlaybackView view(&controller);
  view.resize(1200, 700);
  view.show();
  QElapsedTimer wait;
  wait.start();
  while (!view.playback() && wait.elapsed() < 30000)
    QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
  if (!view.playback()) return 1;
  std::vector<double> us, update, paint;
  for (int i = 0; i < 300; ++i) {
    view.step();
    QElapsedTimer t;
    t.start();
    view.showFrameNow();
    const double u = static_cast<double>(t.nsecsElapsed()) / 1e3;
    view.repaint();
    const double all = static_cast<double>(t.nsecsElapsed()) / 1e3;
    us.push_back(all);
    update.push_back(u);
    paint.push_back(all - u);
  }
  report("Playback page, spatial conv: the page brought to the step", update);
  report("Playback page, spatial conv: its repaint", paint);
  report("Playback page, spatial conv: one frame (GUI thread)", us);
  return 0;
}
