#pragma once
// File › Component Costs…: attach a component-cost table (FILE#SECTION, as the CLI's
// --component-costs) to the project, so that architectures whose components name a
// component_class (eyeriss, simba) get their area, leak power and action costs in the window.
#include <QObject>
#include <QString>

class QAction;
class QWidget;

namespace af::ui {

class ProjectController;

class ComponentCostsAction : public QObject {
  Q_OBJECT
 public:
  ComponentCostsAction(ProjectController* controller, QWidget* window);

  [[nodiscard]] QAction* chooseAction() const { return choose_; }
  [[nodiscard]] QAction* detachAction() const { return detach_; }

  // Attaches `file` (one of its sections; empty when it has none) and re-validates. Returns why
  // not (unreadable file, no such section), or an empty string.
  QString attach(const QString& file, const QString& section = {});
  void detach();

  // The section that matches an open file's name (eyeriss.yaml -> "eyeriss"), else the first.
  [[nodiscard]] static QString guessSection(const QStringList& sections, const QStringList& openFiles);

 signals:
  void message(const QString& text);  // for the status bar

 private:
  void choose();
  void updateTexts();

  ProjectController* controller_;
  QWidget* window_;
  QAction* choose_;
  QAction* detach_;
};

}  // namespace af::ui
