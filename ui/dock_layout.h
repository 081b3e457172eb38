#pragma once
// Keeps each dock's share of the window as the window is resized. QMainWindow alone gives every
// pixel gained or lost to the central widget: shrunk to 800x600 the editor is squeezed to a
// sliver, and grown back the plots stay squashed. Here the docks scale with the window, and the
// shares follow the user: dragging a separator (or restoring a saved layout) sets them anew.
#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSize>

class QDockWidget;
class QMainWindow;
class QTimer;

namespace af::ui {

class DockLayout : public QObject {
  Q_OBJECT
 public:
  explicit DockLayout(QMainWindow* window);

  // Keeps `dock` at `share` of the window's width (left and right docks) or height (top and
  // bottom docks). Docks stacked in one side column also keep `heightShare` of the window's
  // height when it is given.
  void track(QDockWidget* dock, double share, double heightShare = 0);
  [[nodiscard]] double share(const QDockWidget* dock) const { return shares_.value(dock).main; }
  // Takes the docks' current sizes as their shares (after a saved layout is restored).
  void adoptCurrentSizes();
  // Sizes the docks to their shares of the window now.
  void apply();
  // The arrangement and shares now are the default that reset() returns to.
  void keepAsDefault();
  void reset();
  // The window's geometry and dock layout in QSettings: restored ones become the shares. A
  // layout saved by a version with another arrangement of docks is not restored.
  void restoreSaved();
  // Saves the docks' own sizes, whatever page shows.
  void save();
  // Pages with plots of their own (sweep results, playback) want the height the bottom docks
  // take: while `on`, those docks keep at most a smaller share, which a separator dragged
  // meanwhile sets; their own shares come back when it is off.
  void giveCentreHeight(bool on);
  [[nodiscard]] bool givingCentreHeight() const { return centreHeight_; }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  [[nodiscard]] bool horizontal(const QDockWidget* dock) const;

  QMainWindow* window_;
  struct Share {
    double main = 0;    // of the width for side docks, of the height for top and bottom docks
    double height = 0;  // side docks stacked in a column: of the height (0: Qt splits)
  };
  QHash<const QDockWidget*, Share> shares_;
  QHash<const QDockWidget*, Share> defaultShares_;
  QByteArray defaultState_;
  QTimer* applyLater_;
  bool adoptOnShow_ = false;
  bool centreHeight_ = false;
  double bottomShareForCentre_ = 0.24;  // of the height, while centreHeight_
};

}  // namespace af::ui
