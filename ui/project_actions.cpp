#include "project_actions.h"

#include <QAction>
#include <QActionGroup>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <algorithm>

#include "controller/project_controller.h"
#include "editors/autosaver.h"
#include "editors/document_set.h"
#include "editors/editor_tabs.h"
#include "editors/path_labels.h"
#include "editors/recent_files.h"
#include "editors/spec_document.h"

namespace af::ui {

namespace {

QString exampleTitle(const QString& name) { return QString(name).replace('_', ' '); }

// The one folder all paths are in, or empty.
QString commonFolder(const QStringList& paths) {
  QString folder;
  for (const QString& path : paths) {
    const QString f = QFileInfo(path).absolutePath();
    if (folder.isEmpty())
      folder = f;
    else if (f != folder)
      return {};
  }
  return folder;
}

QStringList fileNames(const QStringList& paths) {
  QStringList names;
  for (const QString& path : paths) names << QFileInfo(path).fileName();
  return names;
}

}  // namespace

QString recentProjectLabel(const QStringList& project, const QList<QStringList>& others) {
  QStringList names = fileNames(project);
  const qsizetype shown = 3;
  QString files = names.mid(0, shown).join(QStringLiteral(", "));
  if (names.size() > shown) files += QObject::tr(" +%1 more").arg(names.size() - shown);
  const QString folder = commonFolder(project);
  if (folder.isEmpty()) return distinctFileLabels(project).join(QStringLiteral(", "));
  QStringList folders;
  for (const QStringList& other : others)
    if (const QString f = commonFolder(other); !f.isEmpty()) folders << f;
  return QStringLiteral("%1 (%2)").arg(distinctTail(folder, folders), files);
}

QString restoredProjectText(const AutosaveProject& project) {
  QStringList files;
  for (const AutosaveProjectFile& file : project.files) files << file.displayName;
  const QStringList folders = project.folders();
  return folders.isEmpty()
             ? QObject::tr("Files never saved: %1").arg(files.join(", "))
             : QObject::tr("Project in %1:\n%2").arg(folders.join(QObject::tr(" and ")), files.join(", "));
}

ProjectActions::ProjectActions(ProjectController* controller, EditorTabs* tabs, QWidget* window)
    : QObject(window),
      controller_(controller),
      tabs_(tabs),
      window_(window),
      open_(new QAction(QIcon::fromTheme("document-open"), tr("&Open…"), this)),
      closeAll_(new QAction(tr("Close A&ll"), this)),
      saveProject_(new QAction(tr("Save &Project As…"), this)),
      revert_(new QAction(tr("&Revert to the Bundled Example"), this)),
      recent_(new QMenu(tr("Open &Recent"), window)),
      examples_(new QMenu(tr("&Examples"), window)),
      exampleGroup_(new QActionGroup(this)) {
  open_->setObjectName("openAction");
  closeAll_->setObjectName("closeAllAction");
  saveProject_->setObjectName("saveProjectAction");
  saveProject_->setStatusTip(
      tr("Save the project as a file (.afproj): its spec files, variable values, cost table and the Mapper "
         "pane's settings; File › Open opens it again"));
  connect(saveProject_, &QAction::triggered, this, &ProjectActions::saveProjectAs);
  revert_->setObjectName("revertExampleAction");
  recent_->setObjectName("recentMenu");
  examples_->setObjectName("examplesMenu");
  open_->setShortcut(QKeySequence::Open);
  closeAll_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
  open_->setStatusTip(
      tr("Open the files of a spec (architecture, workload, mapping) in place of the open ones"));
  closeAll_->setStatusTip(tr("Close every file of the project"));
  revert_->setStatusTip(tr("Put the bundled files back over your copy of the open example"));
  recent_->setToolTipsVisible(true);
  setPrompts({});
  // A project file is read on a worker: what it opened, or why not, arrives here.
  connect(controller_, &ProjectController::projectFileOpened, this,
          [this](const QString&, const QString& error, const QList<FileError>& fileErrors) {
            if (!error.isEmpty()) {
              prompts_.showProblems(tr("The project did not open"), {error});  // the open project stays
              return;
            }
            report(tr("Some files of the project did not open"), fileErrors);
            emit projectReplaced();
          });

  connect(open_, &QAction::triggered, this, [this] {
    if (const QStringList paths = prompts_.askOpenPaths(); !paths.isEmpty()) openProject(paths);
  });
  connect(closeAll_, &QAction::triggered, this, &ProjectActions::closeAll);
  connect(revert_, &QAction::triggered, this, &ProjectActions::revertExample);

  exampleGroup_->setExclusionPolicy(QActionGroup::ExclusionPolicy::ExclusiveOptional);
  for (const QString& name : ProjectController::exampleNames()) {
    QAction* action = examples_->addAction(exampleTitle(name), this, [this, name] { openExample(name); });
    action->setObjectName("example:" + name);
    action->setCheckable(true);  // checked while the project is this example
    exampleGroup_->addAction(action);
  }
  examples_->addSeparator();
  examples_->addAction(revert_);
  connect(examples_, &QMenu::aboutToShow, this, &ProjectActions::updateExamples);
  connect(controller_, &ProjectController::projectChanged, this, &ProjectActions::updateExamples);

  connect(controller_->documents()->recentFiles(), &RecentFiles::changed, this,
          &ProjectActions::rebuildRecentMenu);
  rebuildRecentMenu();
  updateExamples();
}

void ProjectActions::setPrompts(ProjectPrompts prompts) {
  if (!prompts.askUnsaved)
    prompts.askUnsaved = [this](const QStringList& files, const QString& action) {
      QMessageBox box(QMessageBox::Warning, tr("Unsaved changes"),
                      files.size() == 1 ? tr("%1 has unsaved changes.").arg(files.first())
                                        : tr("%n file(s) have unsaved changes.", "", int(files.size())),
                      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, window_);
      box.setInformativeText(tr("Save them before you %1?").arg(action));
      if (files.size() > 1) box.setDetailedText(files.join('\n'));
      box.setDefaultButton(QMessageBox::Save);
      const int answer = box.exec();
      return answer == QMessageBox::Save      ? CloseChoice::Save
             : answer == QMessageBox::Discard ? CloseChoice::Discard
                                              : CloseChoice::Cancel;
    };
  if (!prompts.askRevert)
    prompts.askRevert = [this](const QString& example) {
      return QMessageBox::question(
                 window_, tr("Revert the example?"),
                 tr("Your copy of the example “%1” has been edited. Put the bundled files back "
                    "over it? Your edits, saved or not, are lost.")
                     .arg(exampleTitle(example)),
                 QMessageBox::Reset | QMessageBox::Cancel, QMessageBox::Cancel) == QMessageBox::Reset;
    };
  if (!prompts.askRestore)
    prompts.askRestore = [this](const AutosaveProject& project) {
      QStringList edited;
      for (const AutosaveEntry& edit : project.edits) edited << edit.displayName;
      QMessageBox box(QMessageBox::Question, tr("Restore unsaved edits?"),
                      tr("The explorer closed without saving your edits to %1 (autosaved %2).")
                          .arg(edited.join(", "),
                               QLocale().toString(project.savedAt.toLocalTime(), QLocale::ShortFormat)),
                      QMessageBox::NoButton, window_);
      box.setInformativeText(restoredProjectText(project) + tr("\n\nRestore the project with these edits?"));
      QPushButton* restore = box.addButton(tr("Restore"), QMessageBox::AcceptRole);
      QPushButton* discard = box.addButton(tr("Discard Edits"), QMessageBox::DestructiveRole);
      box.addButton(tr("Not Now"), QMessageBox::RejectRole);
      box.setDefaultButton(restore);
      box.exec();
      return box.clickedButton() == restore   ? RestoreChoice::Restore
             : box.clickedButton() == discard ? RestoreChoice::Discard
                                              : RestoreChoice::Later;
    };
  if (!prompts.askOpenPaths)
    prompts.askOpenPaths = [this] {
      return QFileDialog::getOpenFileNames(
          window_, tr("Open the files of a spec, or a project"), {},
          tr("Specs and projects (*.yaml *.yml *.j2 *.jinja *.afproj);;Projects (*.afproj);;All files (*)"));
    };
  if (!prompts.askProjectFilePath)
    prompts.askProjectFilePath = [this] {
      QString path = QFileDialog::getSaveFileName(window_, tr("Save the project"),
                                                  controller_->projectFilePath(), tr("Projects (*.afproj)"));
      if (!path.isEmpty() && !path.endsWith(QStringLiteral(".afproj"))) path += QStringLiteral(".afproj");
      return path;
    };
  if (!prompts.showProblems)
    prompts.showProblems = [this](const QString& title, const QStringList& problems) {
      QMessageBox::warning(window_, title, problems.join('\n'));
    };
  prompts_ = std::move(prompts);
}

bool ProjectActions::confirmDiscard(const QString& action) {
  QList<SpecDocument*> modified;
  QStringList names;
  for (SpecDocument* document : controller_->documents()->documents())
    if (document->isModified()) {
      modified << document;
      names << (document->isUntitled() ? document->displayName() : document->path());
    }
  if (modified.isEmpty()) return true;
  switch (prompts_.askUnsaved(names, action)) {
    case CloseChoice::Save:
      return std::all_of(modified.begin(), modified.end(),
                         [this](SpecDocument* d) { return tabs_->save(d); });
    case CloseChoice::Discard:
      return true;
    case CloseChoice::Cancel:
      return false;
  }
  return false;
}

bool ProjectActions::openProject(const QStringList& paths) {
  if (!confirmDiscard(tr("open other files"))) return false;
  if (paths.size() == 1 && paths.front().endsWith(QStringLiteral(".afproj"))) {
    controller_->openProjectFile(paths.front());  // read on a worker: projectFileOpened follows
    return true;
  }
  report(tr("Some files did not open"), controller_->openProject(paths));
  for (const QString& path : paths)
    if (!QFileInfo::exists(path)) controller_->documents()->recentFiles()->remove(path);  // gone for good
  emit projectReplaced();
  return true;
}

bool ProjectActions::saveProjectAs() {
  const QString path = prompts_.askProjectFilePath();
  if (path.isEmpty()) return false;
  const QString error = controller_->saveProjectFile(path);
  if (!error.isEmpty()) {
    prompts_.showProblems(tr("The project was not saved"), {error});
    return false;
  }
  emit message(tr("Saved the project as %1").arg(path));
  return true;
}

bool ProjectActions::openExample(const QString& name) {
  if (!confirmDiscard(tr("open the example “%1”").arg(exampleTitle(name)))) {
    updateExamples();  // the menu's check mark goes back
    return false;
  }
  report(tr("The example did not open"), controller_->openExample(name));
  if (controller_->exampleEdited(name))
    emit message(tr("This is your edited copy of “%1”; Examples › Revert to the Bundled Example brings back "
                    "the original.")
                     .arg(exampleTitle(name)));
  emit projectReplaced();
  return true;
}

bool ProjectActions::revertExample() {
  const QString name = controller_->currentExample();
  if (name.isEmpty()) return false;
  if (controller_->exampleEdited(name) && !prompts_.askRevert(name)) return false;
  report(tr("The example could not be reverted"), controller_->revertExample(name));
  emit message(tr("“%1” is back to the bundled files.").arg(exampleTitle(name)));
  emit projectReplaced();
  return true;
}

bool ProjectActions::closeAll() {
  if (!confirmDiscard(tr("close all files"))) return false;
  controller_->closeProject();
  emit projectReplaced();
  return true;
}

void ProjectActions::offerRestore() {
  Autosaver* autosaver = controller_->autosaver();
  for (const AutosaveProject& project : autosaver->pendingProjects()) {
    const RestoreChoice choice = prompts_.askRestore(project);
    if (choice == RestoreChoice::Discard) autosaver->discardProject(project);
    if (choice != RestoreChoice::Restore || !confirmDiscard(tr("restore the unsaved edits"))) continue;
    report(tr("Some files could not be restored"), controller_->restoreProject(project));
    emit projectReplaced();
    break;  // one project at a time: the others are offered next start
  }
  autosaver->removeStale();
}

void ProjectActions::report(const QString& title, const QList<FileError>& errors) {
  if (errors.isEmpty()) return;
  QStringList problems;
  for (const FileError& e : errors) problems << e.message;
  prompts_.showProblems(title, problems);
}

void ProjectActions::rebuildRecentMenu() {
  recent_->clear();
  const QList<QStringList> projects = controller_->documents()->recentFiles()->projects();
  for (int i = 0; i < projects.size(); ++i) {
    const QStringList& project = projects[i];
    QString label = recentProjectLabel(project, projects);
    label.replace('&', QStringLiteral("&&"));
    // 1–9 as mnemonics, as desktop editors number their recent files.
    const QString text = i < 9 ? QStringLiteral("&%1 %2").arg(i + 1).arg(label) : label;
    QAction* action = recent_->addAction(text, this, [this, project] { openProject(project); });
    action->setToolTip(project.join('\n'));
    action->setStatusTip(commonFolder(project).isEmpty() ? project.join(", ") : commonFolder(project));
  }
  recent_->addSeparator();
  recent_->addAction(tr("Clear List"), this, [this] { controller_->documents()->recentFiles()->clear(); })
      ->setEnabled(!projects.isEmpty());
  recent_->menuAction()->setEnabled(!projects.isEmpty());
}

void ProjectActions::updateExamples() {
  const QString current = controller_->currentExample();
  for (QAction* action : exampleGroup_->actions())
    action->setChecked(action->objectName() == "example:" + current);
  revert_->setEnabled(!current.isEmpty());
  revert_->setText(current.isEmpty() ? tr("&Revert to the Bundled Example")
                                     : tr("&Revert “%1” to the Bundled Example").arg(exampleTitle(current)));
}

}  // namespace af::ui
