#pragma once
// File › Component Costs…: attach a component-cost table (FILE#SECTION, as the CLI's
// --component-costs) to the project, so that architectures whose components name a
// component_class (eyeriss, simba) get their area, leak power and action costs in the window.
// A table's sections are read on a worker: the GUI thread never parses it.
#include <QObject>
#include <QString>
#include <QStringList>
#include <QThreadPool>
#include <functional>
#include <memory>

#include "controller/job_slot.h"

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

  // Attaches `file` (one of its sections; empty when it has none) and re-validates, once its
  // sections are read: `attached` says how it went.
  void attach(const QString& file, const QString& section = {});
  void detach();

  // The section that matches an open file's name (eyeriss.yaml -> "eyeriss"), else the first.
  [[nodiscard]] static QString guessSection(const QStringList& sections, const QStringList& openFiles);

 signals:
  void message(const QString& text);  // for the status bar
  // attach() ended: `error` says why the table was not attached (unreadable, no such section).
  void attached(const QString& file, const QString& error);

 private:
  // A table file's sections, or why it cannot be one.
  struct Sections {
    QStringList names;
    QString problem;
  };
  using SectionsPtr = std::shared_ptr<const Sections>;
  // Reads `file`'s sections on the worker, then calls `then` on the GUI thread.
  void readSections(const QString& file, std::function<void(const Sections&)> then);
  [[nodiscard]] QString attachRead(const QString& file, const QString& section, const Sections& sections);
  void choose();
  void updateTexts();

  ProjectController* controller_;
  QWidget* window_;
  QAction* choose_;
  QAction* detach_;
  QThreadPool pool_;
  std::function<void(const Sections&)> then_;
  JobSlot<SectionsPtr> read_;
};

}  // namespace af::ui
