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
  // The window's palette, so a tensor has one colour in every view (not owned; nullptr = the
  // view's own, assigned from the workload it shows). Redraws with the new colours.
  void setTensorPalette(const TensorPalette* palette);
  [[nodiscard]] const TensorPalette& tensorPalette() const { return palette_ ? *palette_ : ownPalette_; }

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

  const TensorPalette* palette_ = nullptr;
  TensorPalette ownPalette_;
  DiagramScene* scene_;
  DiagramView* view_;
};

}  // namespace af::ui
