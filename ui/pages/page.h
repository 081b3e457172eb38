#pragma once
// One page or dock of the window, described once: its `--view` names, its title, where it sits,
// its actions and how it is built from the controller. The window lays out a PageTable of these,
// `--help`, the man page and the README list their views, and a new page is one more entry
// (default_pages.cpp), with no edit of MainWindow.
#include <QKeySequence>
#include <QList>
#include <QSize>
#include <QString>
#include <functional>

class QWidget;

namespace af::ui {

class PageContext;

// A tab of the centre, or a dock on one side of the window.
enum class PagePlace { Centre, Left, Right, Bottom };

// A name `--view` takes, and what it shows: one line for `--help`, the man page and the README.
struct PageView {
  QString name;
  QString summary;
};

// A menu entry of a page (and a toolbar button when `toolbar`).
struct PageAction {
  QString objectName;
  QString text;
  QString menu;  // "Run", "Help", or a submenu made on first use: "Help/&Lessons: dataflow"
  QKeySequence shortcut = {};
  QString toolTip = {};
  bool toolbar = false;
  std::function<void(PageContext&)> trigger = {};
};

struct Page {
  QString id;     // object name of the dock, or of the centre page (tests, saved layouts)
  QString title;  // the tab's or the dock's title
  PagePlace place = PagePlace::Centre;
  QList<PageView> views;
  // Makes the page's widget (parented to the window until placed).
  std::function<QWidget*(PageContext&)> build;
  // Once the window has raised the page: brings `view` forward inside it (a dock's tab, a
  // plot's measure). Pages with one view need none.
  std::function<void(QWidget* page, const QString& view)> focus = {};
  // Once every page is placed: what links this page to the others (a click here shows a view
  // there, a hover here highlights there), and its messages to the status bar.
  std::function<void(PageContext&, QWidget* page)> connect = {};
  QList<PageAction> actions = {};
  // Still computing what it shows (after a run, a front's evaluation): a screenshot waits.
  std::function<bool(QWidget* page)> settling = {};

  // Docks only.
  QString tabbedWith = {};    // the dock whose tab group it joins
  QString stackedUnder = {};  // side docks: the dock it shares the column with, below it
  double share = 0;           // of the window's width (side docks) or height (bottom docks)
  double heightShare = 0;     // side docks in a shared column: of the window's height
  QSize minimumSize = {};
  bool scrolls = false;  // the content scrolls, so its controls never set the window's minimum size
  bool raised = false;   // in front of its tab group at start
  // Centre pages only: the page draws plots of its own, so the bottom docks give it most of the
  // height while it shows.
  bool wantsHeight = false;
};

}  // namespace af::ui
