#pragma once
// The Playback page (issue 25): the mapping on screen played step by step — the loop nest with
// a cursor on the current iteration; play, pause, step (one iteration of any chosen loop, so a
// nest of a million iterations steps at the level that matters), speed, start, end and a
// slider; each tensor as a grid with the tile each buffer holds outlined in the buffer's colour
// (each PE's own tile under a fanout); counters per buffer and tensor that advance with the
// steps; the mapping's own comment as the lesson's note. It follows the controller's
// published spec; drawing is throttled to 60 frames a second.
#include <QPointer>
#include <QWidget>
#include <functional>
#include <memory>

#include "controller/freshness.h"
#include "controller/project_result.h"
#include "playback/playback.h"

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSlider;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace af::ui {

class FlowLayout;
class ProjectController;
class TensorGrid;

class PlaybackView : public QWidget {
  Q_OBJECT
 public:
  explicit PlaybackView(ProjectController* controller, QWidget* parent = nullptr);

  [[nodiscard]] const playback::Playback* playback() const { return play_.get(); }
  [[nodiscard]] const playback::Cursor& cursor() const { return cursor_; }
  void setCursor(const playback::Cursor& cursor);
  // One step of loop `loop` of the current nest (npos: the chosen one in the pane).
  bool step(std::size_t loop = SIZE_MAX);
  void toStart();
  void toEnd();
  void setFraction(double fraction);
  void play();
  void pause();
  [[nodiscard]] bool playing() const;
  // Steps per second while playing.
  void setSpeed(int stepsPerSecond);

  // Brings the page to the cursor now (a frame is otherwise drawn at most 60 times a second).
  void showFrameNow() { showFrame(); }

  [[nodiscard]] QList<TensorGrid*> grids() const;
  [[nodiscard]] TensorGrid* grid(const QString& tensor) const;
  [[nodiscard]] QTableWidget* counters() const { return counters_; }
  [[nodiscard]] QListWidget* nestList() const { return nest_; }
  [[nodiscard]] QString note() const;
  [[nodiscard]] QString emptyText() const;

  // The current frame as PNG (or SVG by the suffix); all frames from the start, one step of the
  // chosen loop apart, as PREFIX-00001.png... (at most `maxFrames`). Return an error or "".
  QString exportFrame(const QString& path);
  // `progress` (frames done, at most) is asked after each frame; false stops the export.
  QString exportFrames(const QString& directory, int maxFrames = 2000,
                       const std::function<bool(int done, int total)>& progress = {});

 signals:
  void stepped();  // the cursor moved (for tests and the status line)

 private:
  void onSpec(const ProjectResultPtr& result, Freshness freshness);
  void rebuild();  // a new playback: lines, grids, counters, cursor at the start
  void showFrame();
  void frameLater();  // coalesced to at most 60 frames a second
  [[nodiscard]] QColor levelColor(std::size_t holder) const;

  ProjectController* controller_;
  ProjectResultPtr result_;  // keeps the workload the playback points into
  std::shared_ptr<const playback::Playback> play_;
  playback::Cursor cursor_;
  std::size_t shownNest_ = SIZE_MAX;
  QLabel* note_;
  QLabel* empty_;
  QWidget* body_;
  QPushButton* startButton_;
  QPushButton* playButton_;
  QPushButton* stepButton_;
  QPushButton* endButton_;
  QComboBox* stepLoop_;
  QSpinBox* speed_;
  QSlider* slider_;
  QLabel* position_;
  QListWidget* nest_;
  FlowLayout* gridLayout_;
  QWidget* gridHost_;
  QList<QPointer<TensorGrid>> grids_;
  QTableWidget* counters_;
  QTimer* timer_;
  QTimer* frame_;
  double carry_ = 0;  // steps owed to the speed between ticks
};

}  // namespace af::ui
