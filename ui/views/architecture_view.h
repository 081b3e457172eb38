#pragma once
// The architecture drawn as a hierarchy, top (backing store) to bottom (compute), for the path
// to one compute; a combo picks the compute when there are several.
#include <QString>
#include <QStringList>
#include <QWidget>

#include "spec/arch.h"
#include "spec/priced_component.h"

class QComboBox;
class QLabel;

namespace af::ui {

class DiagramScene;
class DiagramView;

class ArchitectureView : public QWidget {
  Q_OBJECT
 public:
  explicit ArchitectureView(QWidget* parent = nullptr);
  ~ArchitectureView() override;

  // Draws the path to `computeName` (empty or unknown: the first compute). `priced` (optional)
  // gives each component's area and where its costs came from (Workspace::priced_components).
  void setArch(const spec::ResolvedArch& arch, const QString& computeName = {});
  void setArch(const spec::ResolvedArch& arch, const std::vector<spec::PricedComponent>& priced,
               const QString& computeName = {});
  // The stale-entry banner's text (empty when none shows).
  [[nodiscard]] QString staleText() const;
  // The compute-in-memory array's line above the drawing (arch_text.h: arraySummary); empty
  // when hidden.
  [[nodiscard]] QString arrayText() const;
  // Each component's pricing as drawn (by name).
  [[nodiscard]] const std::map<std::string, spec::PricedComponent>& pricing() const { return pricing_; }
  // Back to the empty state.
  void clear();

  [[nodiscard]] QString computeName() const;
  [[nodiscard]] QStringList computeNames() const;
  [[nodiscard]] DiagramScene* scene() const { return scene_; }
  [[nodiscard]] DiagramView* view() const { return view_; }
  // Writes the drawing as .png, .svg or .pdf.
  bool exportTo(const QString& path, QString* error = nullptr);

 public slots:
  // Outlines the component (or array) `name`; empty clears. Unknown names clear too.
  void highlight(const QString& name);
  void zoomToFit();

 signals:
  void componentClicked(const QString& name);
  void computeChanged(const QString& computeName);
  // The stale-entry banner's offer: price this component with its model, not the table.
  void priceWithModelRequested(const QString& component);

 private:
  void display(const spec::ResolvedArch& arch, const QString& computeName);
  void redraw();

  spec::ResolvedArch arch_;  // a copy: the combo redraws other paths later
  std::map<std::string, spec::PricedComponent> pricing_;
  DiagramScene* scene_;
  DiagramView* view_;
  QWidget* computeRow_;
  QComboBox* computeCombo_;
  QLabel* stale_;
  QLabel* array_;
};

}  // namespace af::ui
