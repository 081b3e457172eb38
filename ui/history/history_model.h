#pragma once
// The History dock's table: one row per stored run, newest first — when, name, kind, files,
// variables, the optimum and how long it took.
#include <QAbstractTableModel>
#include <vector>

#include "run_store.h"

namespace af::ui {

class HistoryModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { Id, When, Name, Kind, Files, Variables, Optimum, Duration, ColumnCount };

  explicit HistoryModel(QObject* parent = nullptr);

  void setRuns(std::vector<store::RunSummary> runs);
  [[nodiscard]] const std::vector<store::RunSummary>& runs() const { return runs_; }
  [[nodiscard]] std::int64_t idAt(int row) const;
  [[nodiscard]] int rowOf(std::int64_t id) const;  // -1 when not listed

  [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
  [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
  [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  [[nodiscard]] Qt::ItemFlags flags(const QModelIndex& index) const override;
  // Editing the name renames the run (the dock asks the session to store it).
  bool setData(const QModelIndex& index, const QVariant& value, int role) override;

 signals:
  void renameRequested(std::int64_t id, const QString& name);

 private:
  std::vector<store::RunSummary> runs_;
};

}  // namespace af::ui
