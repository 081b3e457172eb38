#pragma once
// The mapper's controls (a dock): the editor of the controller's MapperSettings (metric, fused
// or unfused with the fused-loop limits, imperfect loops, tiling coarseness, threads,
// tolerances); Run and Stop; a progress bar with the stage, each Einsum's progress and an
// estimate of the time left. The settings live in MapperSettings, not here: a control changed
// here is the user's choice there, and a choice made elsewhere (a launch flag, a project file, a
// stored run) shows here.
#include <QWidget>
#include <bitset>

#include "controller/mapper_run.h"
#include "controller/mapper_settings.h"

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
  RunPanel(MapperSettings* settings, QWidget* parent = nullptr);

  [[nodiscard]] MapperSettings* settings() const { return settings_; }
  // Shorthands of the settings' own calls, as a control edited would make them.
  [[nodiscard]] mapper::MapperOptions options() const { return settings_->options(); }
  [[nodiscard]] const ProjectMapperSettings& userSettings() const { return settings_->userSettings(); }
  void setUserSettings(const ProjectMapperSettings& settings) { settings_->setUserSettings(settings); }
  void setMetric(unsigned metrics);
  void setUnfused(bool unfused);
  void setThreads(int threads);
  // No valid spec: Run is disabled, with the reason.
  void setSpecReady(bool ready, const QString& why = {});

  void setRunning(bool running);
  void setProgress(const MapperProgressPtr& progress);
  void setFinished(const MapRunPtr& run);
  // The project's run is gone (closed or replaced): idle, no progress. The settings stay.
  void resetProgress();
  // "Map as you edit": every edit that changes what the mapper reads re-maps in the background.
  [[nodiscard]] bool mapAsYouEdit() const;
  void setMapAsYouEdit(bool on);
  [[nodiscard]] QPushButton* runButton() const { return run_; }
  [[nodiscard]] QPushButton* stopButton() const { return stop_; }
  [[nodiscard]] QProgressBar* progressBar() const { return progress_; }
  [[nodiscard]] QString stageText() const;

 signals:
  void runRequested();
  void stopRequested();
  void mapAsYouEditChanged(bool on);

 private:
  // The controls show the settings (a change there, from anywhere, lands here).
  void showSettings();
  void updateEnabled();
  void choose(const ProjectMapperSettings& change);

  MapperSettings* settings_;
  bool showing_ = false;  // showSettings() is setting the controls: not the user's edit
  bool running_ = false;
  bool ready_ = false;
  QComboBox* metric_ = nullptr;
  QCheckBox* resourceUsage_ = nullptr;
  QCheckBox* fused_ = nullptr;
  QSpinBox* maxFused_ = nullptr;
  QCheckBox* imperfectSpatial_ = nullptr;
  QCheckBox* imperfectTemporal_ = nullptr;
  QDoubleSpinBox* coarseness_ = nullptr;
  QSpinBox* threads_ = nullptr;
  QDoubleSpinBox* objectiveTolerance_ = nullptr;
  QCheckBox* live_ = nullptr;
  QPushButton* run_ = nullptr;
  QPushButton* stop_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QLabel* stage_ = nullptr;
  QLabel* note_ = nullptr;
  QTreeWidget* einsums_ = nullptr;
};

}  // namespace af::ui
