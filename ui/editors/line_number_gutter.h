#pragma once
// The strip left of a YamlEditor: line numbers and diagnostic markers. It only forwards paint
// and tooltip events; the editor knows the text layout.
#include <QWidget>

namespace af::ui {

class YamlEditor;

class LineNumberGutter : public QWidget {
 public:
  explicit LineNumberGutter(YamlEditor* editor);
  [[nodiscard]] QSize sizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;
  bool event(QEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;

 private:
  YamlEditor* editor_;
};

}  // namespace af::ui
