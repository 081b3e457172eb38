#pragma once
// Table of actions (einsum, component, tensor, action, count, energy) for one evaluation, with an
// Einsum filter: a name keeps that Einsum's rows, "Total" sums over Einsums, empty shows all.
// With a pinned mapping, three more columns give its count and energy and the change in energy;
// the rows are then the union of both mappings' (einsum, component, tensor, action) keys.
#include <QAbstractTableModel>
#include <optional>

#include "models/accesses_data.h"

namespace af::ui {

class AccessesModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column {
    EinsumColumn,
    ComponentColumn,
    TensorColumn,
    ActionColumn,
    CountColumn,
    EnergyColumn,
    ColumnCount,  // without a pin
    PinnedCountColumn = ColumnCount,
    PinnedEnergyColumn,
    DeltaEnergyColumn,  // current - pinned
    PinnedColumnCount
  };
  // Numbers as double, text as QString: for sorting, CSV and copying without display formatting.
  static constexpr int RawValueRole = Qt::UserRole + 1;

  explicit AccessesModel(QObject* parent = nullptr);

  void setAccesses(const AccessesData& data);
  [[nodiscard]] const AccessesData& accesses() const { return data_; }
  // The mapping to compare with; nullopt: no pin, the table is the plain one.
  void setPinned(const std::optional<AccessesData>& pinned);
  [[nodiscard]] bool hasPin() const { return pinned_.has_value(); }

  void setEinsumFilter(const QString& einsum);
  [[nodiscard]] QString einsumFilter() const { return filter_; }
  // The Einsums present in the data, for a filter combo (without "Total").
  [[nodiscard]] QStringList einsums() const;
  // A row's key and current figures (zeros for a row only the pinned mapping has).
  [[nodiscard]] const AccessRecord& record(int row) const { return rows_.at(row).current; }

  [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
  [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
  [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                    int role = Qt::DisplayRole) const override;

 private:
  struct Row {
    AccessRecord current;  // key fields always set
    std::optional<AccessRecord> pinned;
    bool inCurrent = true;
  };
  void rebuild();

  AccessesData data_;
  std::optional<AccessesData> pinned_;
  QString filter_;
  QList<Row> rows_;
};

}  // namespace af::ui
