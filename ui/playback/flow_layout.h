#pragma once
// A layout that places its items left to right and wraps to a new row when the next one would
// not fit (as Qt's Flow Layout example does): the playback controls and the tensor grids keep
// their whole size in a narrow window instead of being squeezed or cut.
#include <QLayout>
#include <QList>
#include <memory>
#include <vector>

namespace af::ui {

class FlowLayout : public QLayout {
 public:
  explicit FlowLayout(QWidget* parent = nullptr, int spacing = 6);
  ~FlowLayout() override;

  void addItem(QLayoutItem* item) override;
  [[nodiscard]] int count() const override { return static_cast<int>(items_.size()); }
  [[nodiscard]] QLayoutItem* itemAt(int index) const override;
  QLayoutItem* takeAt(int index) override;
  [[nodiscard]] Qt::Orientations expandingDirections() const override { return {}; }
  [[nodiscard]] bool hasHeightForWidth() const override { return true; }
  [[nodiscard]] int heightForWidth(int width) const override;
  [[nodiscard]] QSize sizeHint() const override { return minimumSize(); }
  [[nodiscard]] QSize minimumSize() const override;
  void setGeometry(const QRect& rect) override;

 private:
  // Places the items in `rect` (only measures when `apply` is false); returns the height used.
  int arrange(const QRect& rect, bool apply) const;

  std::vector<std::unique_ptr<QLayoutItem>> items_;
  int spacing_;
};

}  // namespace af::ui
