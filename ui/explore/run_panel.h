#pragma once
// The mapper's controls (a dock): metric, fused or unfused with the fused-loop limits,
// imperfect loops, tiling coarseness, threads, tolerances; Run and Stop; a progress bar with
// the stage, each Einsum's progress and an estimate of the time left. The settings are the
// user's: a control changed here or by a launch flag keeps its value when the spec reloads;
// the others follow the spec's `mapper:` section.
#include <QWidget>
#include <bitset>

#include "controller/mapper_run.h"
#include "mapper/options.h"
#include "workspace/project_file.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTreeWidget;

namespace af::ui {

class RunPanel : public QWidget {
  Q_OBJECT
 public:
  explicit RunPanel(QWidget* parent = nullptr);

  // The spec's `mapper:` section: the values of the controls the user has not changed.
  void setSpecOptions(const mapper::MapperOptions& options);
  // The spec's options with this panel's choices applied.
  [[nodiscard]] mapper::MapperOptions options() const;
  // Command-line choices (`--metric`, `--unfused`, `--threads`): the user's, as an edit is.
  void setMetric(unsigned metrics);
  void setUnfused(bool unfused);
  void setThreads(int threads);
  // The settings the user chose (changed here, by a launch flag or from a project file), for the
  // project file; the others follow the spec and are left out.
  [[nodiscard]] ProjectMapperSettings userSettings() const;
  // A project's settings become the user's; the others follow the spec again.
  void setUserSettings(const ProjectMapperSettings& settings);
  // Whether fused joins are available (the mapper says so); otherwise the choice explains it.
  void setFusionAvailable(bool available);
  // No valid spec: Run is disabled, with the reason.
  void setSpecReady(bool ready, const QString& why = {});

  void setRunning(bool running);
  void setProgress(const MapperProgressPtr& progress);
  void setFinished(const MapRunPtr& run);
  // The project's run is gone (closed or replaced): idle, no progress. The settings stay.
  void resetProgress();
  [[nodiscard]] QPushButton* runButton() const { return run_; }
  [[nodiscard]] QPushButton* stopButton() const { return stop_; }
  [[nodiscard]] QProgressBar* progressBar() const { return progress_; }
  [[nodiscard]] QString stageText() const;

 signals:
  void runRequested();
  void stopRequested();

 private:
  // The controls whose value is the user's (changed here or by a launch flag).
  enum Setting {
    Metric,
    Fused,
    MaxFused,
    ImperfectSpatial,
    ImperfectTemporal,
    Coarseness,
    Threads,
    ObjectiveTolerance,
    SettingCount
  };
  void updateEnabled();
  void touch(Setting setting);
  [[nodiscard]] bool followsSpec(Setting setting) const { return !userSet_.test(setting); }

  mapper::MapperOptions spec_;
  std::bitset<SettingCount> userSet_;
  bool applyingSpec_ = false;
  bool running_ = false;
  bool ready_ = false;
  bool fusionAvailable_ = true;
  QComboBox* metric_ = nullptr;
  QCheckBox* fused_ = nullptr;
  QSpinBox* maxFused_ = nullptr;
  QCheckBox* imperfectSpatial_ = nullptr;
  QCheckBox* imperfectTemporal_ = nullptr;
  QDoubleSpinBox* coarseness_ = nullptr;
  QSpinBox* threads_ = nullptr;
  QDoubleSpinBox* objectiveTolerance_ = nullptr;
  QDoubleSpinBox* resourceTolerance_ = nullptr;
  QPushButton* run_ = nullptr;
  QPushButton* stop_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QLabel* stage_ = nullptr;
  QLabel* note_ = nullptr;
  QTreeWidget* einsums_ = nullptr;
};

}  // namespace af::ui
