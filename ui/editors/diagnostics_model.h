#pragma once
// The Diagnostics dock's table: severity, file, line:column, field, message. Fed a plain list;
// the window converts engine diagnostics (af::core::Diagnostic) into DiagnosticRow.
#include <QAbstractTableModel>
#include <QIcon>

#include "editors/editor_diagnostic.h"

namespace af::ui {

struct DiagnosticRow {
  QString path;    // as the engine named it; may be empty
  int line = 0;    // 1-based; 0 = unknown
  int column = 0;  // 1-based; 0 = unknown
  QString field;   // dotted field path, may be empty
  QString message;
  bool isError = true;
};

class DiagnosticsModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { SeverityColumn, FileColumn, PositionColumn, FieldColumn, MessageColumn, ColumnCount };
  enum Role { PathRole = Qt::UserRole + 1, LineRole, ColumnRole, IsErrorRole };

  explicit DiagnosticsModel(QObject* parent = nullptr);

  void setDiagnostics(const QList<DiagnosticRow>& rows);
  void clear() { setDiagnostics({}); }
  [[nodiscard]] const QList<DiagnosticRow>& diagnostics() const { return rows_; }
  [[nodiscard]] int errorCount() const;
  [[nodiscard]] int warningCount() const { return static_cast<int>(rows_.size()) - errorCount(); }
  // The rows naming `path` (compared as absolute paths), ready for YamlEditor::setDiagnostics.
  [[nodiscard]] QList<EditorDiagnostic> forFile(const QString& path) const;

  [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
  [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
  [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  QList<DiagnosticRow> rows_;
  QIcon errorIcon_;
  QIcon warningIcon_;
};

}  // namespace af::ui
