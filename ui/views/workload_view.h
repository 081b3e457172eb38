#pragma once
// The workload as a dataflow graph: Einsums (boxes) and tensors (ovals, one colour per tensor),
// laid out in layers left to right by dataflow depth.
#include <QString>
#include <QWidget>

#include "models/tensor_palette.h"

namespace af::spec {
struct Workload;
}

namespace af::ui {

class DiagramScene;
class DiagramView;

class WorkloadView : public QWidget {
  Q_OBJECT
 public:
  explicit WorkloadView(QWidget* parent = nullptr);

  void setWorkload(const spec::Workload& workload);
  void clear();
  // Share the app-wide palette so tensors keep their colour across views (copied in).
  void setPalette(const TensorPalette& palette) { palette_ = palette; }
  [[nodiscard]] const TensorPalette& tensorPalette() const { return palette_; }

  [[nodiscard]] DiagramScene* scene() const { return scene_; }
  [[nodiscard]] DiagramView* view() const { return view_; }
  bool exportTo(const QString& path, QString* error = nullptr);

 public slots:
  // Outlines the tensor and its arrows; empty clears.
  void highlightTensor(const QString& name);
  // Outlines an Einsum box; empty clears.
  void highlightEinsum(const QString& name);
  void zoomToFit();

 signals:
  void tensorClicked(const QString& name);
  void einsumClicked(const QString& name);

 private:
  void highlight(const QString& name, const char* kind);

  TensorPalette palette_;
  DiagramScene* scene_;
  DiagramView* view_;
};

}  // namespace af::ui
