#pragma once
// Table of actions (einsum, component, tensor, action, count, energy) for one evaluation, with an
// Einsum filter: a name keeps that Einsum's rows, "Total" sums over Einsums, empty shows all.
#include <QAbstractTableModel>

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
    ColumnCount
  };
  // Numbers as double, text as QString: for sorting, CSV and copying without display formatting.
  static constexpr int RawValueRole = Qt::UserRole + 1;

  explicit AccessesModel(QObject* parent = nullptr);

  void setAccesses(const AccessesData& data);
  [[nodiscard]] const AccessesData& accesses() const { return data_; }

  void setEinsumFilter(const QString& einsum);
  [[nodiscard]] QString einsumFilter() const { return filter_; }
  // The Einsums present in the data, for a filter combo (without "Total").
  [[nodiscard]] QStringList einsums() const;
  [[nodiscard]] const AccessRecord& record(int row) const { return rows_.at(row); }

  [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
  [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
  [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                    int role = Qt::DisplayRole) const override;

 private:
  void rebuild();

  AccessesData data_;
  QString filter_;
  QList<AccessRecord> rows_;
};

}  // namespace af::ui
