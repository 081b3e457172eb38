#pragma once
// The explorer's window: central editor tabs and the docks of docs/GUI.md. It owns no
// engine state; later pages and models plug into the docks named here.
#include <QMainWindow>

class QDockWidget;
class QLabel;
class QProgressBar;
class QTabWidget;
class QCustomPlot;

namespace af::ui {

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  // Object names of the docks, stable for tests and saved layouts.
  static constexpr const char* kProjectDock = "projectDock";
  static constexpr const char* kInspectorDock = "inspectorDock";
  static constexpr const char* kPlotsDock = "plotsDock";
  static constexpr const char* kDiagnosticsDock = "diagnosticsDock";

  [[nodiscard]] QTabWidget* editorTabs() const { return editorTabs_; }

  // Opens spec files as editor tabs (in order; they form one spec). Returns the files that
  // could not be read, each with the reason.
  QStringList openFiles(const QStringList& paths);
  [[nodiscard]] QProgressBar* progressBar() const { return progress_; }

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void buildActions();
  void buildDocks();
  void buildStatusBar();
  void restoreLayout();
  void saveLayout() const;
  QDockWidget* addDock(const char* objectName, const QString& title, QWidget* content,
                       Qt::DockWidgetArea area);

  QTabWidget* editorTabs_ = nullptr;
  QTabWidget* plotTabs_ = nullptr;
  QLabel* specState_ = nullptr;
  QLabel* jobState_ = nullptr;
  QProgressBar* progress_ = nullptr;
};

}  // namespace af::ui
