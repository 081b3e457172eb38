#pragma once
// What a page is built from: the controller, the parts several pages share (made on first use,
// whichever page or menu asks first), the pages already placed, and the few things a page asks
// of the window (show a view, say something in the status bar). MainWindow fills it in and lays
// out the page table; the pages connect themselves through it.
#include <QDockWidget>  // whole, not declared: a page passes window() as a QWidget parent
#include <QHash>
#include <QMainWindow>
#include <QPointer>
#include <QString>
#include <functional>

class QWidget;

namespace af::ui {

class DiagnosticsModel;
class EditorTabs;
class ExploreSession;
class FindBar;
class HistorySession;
class InspectorDock;
class ProjectController;
class SweepSession;

class PageContext {
 public:
  PageContext(QMainWindow* window, ProjectController* controller);

  [[nodiscard]] QMainWindow* window() const { return window_; }
  [[nodiscard]] ProjectController* controller() const { return controller_; }

  // Shared parts, each made on first use and parented to the window until a page places it.
  EditorTabs* editorTabs();
  FindBar* findBar();
  InspectorDock* inspector();
  DiagnosticsModel* diagnostics();
  ExploreSession* explore();
  SweepSession* sweeps();
  HistorySession* history();

  // The pages as the window placed them, by page id: the widget a page built, and its dock.
  [[nodiscard]] QWidget* page(const QString& id) const { return pages_.value(id); }
  [[nodiscard]] QDockWidget* dock(const QString& id) const { return docks_.value(id); }
  void setPlaced(const QString& id, QWidget* page, QDockWidget* dock);

  // What pages ask of the window (MainWindow sets them).
  std::function<bool(const QString& view)> showView = [](const QString&) { return false; };
  std::function<void(const QString& text, int ms)> tell = [](const QString&, int) {};
  std::function<bool(const QString& action)> confirmDiscard = [](const QString&) { return false; };
  std::function<bool(const QString& example)> openExample = [](const QString&) { return false; };

 private:
  QMainWindow* window_;
  ProjectController* controller_;
  QPointer<EditorTabs> editorTabs_;
  QPointer<FindBar> findBar_;
  QPointer<InspectorDock> inspector_;
  QPointer<DiagnosticsModel> diagnostics_;
  QPointer<ExploreSession> explore_;
  QPointer<SweepSession> sweeps_;
  QPointer<HistorySession> history_;
  QHash<QString, QPointer<QWidget>> pages_;
  QHash<QString, QPointer<QDockWidget>> docks_;
};

}  // namespace af::ui
