#pragma once
// The Jinja data the open spec files read: one row per variable with the value the user typed
// (a YAML scalar: 64, True, "text"), the file's default and where it is read. Edits go out as
// `variablesEdited` so the controller re-validates with `--set`-like data.
#include <QAbstractTableModel>
#include <QList>
#include <QMap>
#include <QPair>
#include <QString>
#include <QStringList>
#include <vector>

#include "workspace/spec_variable.h"

namespace af::ui {

// One row: a variable the files read (found by the engine's template parser).
struct JinjaVariable {
  QString name;
  bool hasDefault = false;
  QString defaultValue;  // as written in the file: 128, "inf", True
  QString sourceFile;    // the files that read it, ", "-joined (file names)
  int line = 0;          // 1-based line of the first read (in the first file)
  // Given by the user (the pane's "+", --set) although no open file reads it: the files may read it
  // through an include the scan could not follow, or a file opened later will.
  bool added = false;
  // The conditions under which the files read it (empty: always), whether the last load's
  // values make one hold (unset: undecided), whether it is used as a number, and the line of
  // its first read.
  QStringList neededWhen;
  std::optional<bool> neededNow;
  bool numeric = false;
  QString use;
};

class VariablesModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { NameColumn, ValueColumn, DefaultColumn, SourceColumn, ColumnCount };

  explicit VariablesModel(QObject* parent = nullptr);

  // Replaces the rows (e.g. after a re-scan); values already typed are kept by name.
  void setVariables(std::vector<JinjaVariable> variables);
  // The engine's template variables (already merged across files in spec order).
  void setTemplateVariables(const std::vector<SpecVariable>& variables);
  [[nodiscard]] const std::vector<JinjaVariable>& variables() const { return variables_; }

  // The typed values of the current rows, by name: the `--set` data.
  [[nodiscard]] QMap<QString, QString> values() const;
  // ["M=64", …] for loader::parse_assignments.
  [[nodiscard]] QStringList assignments() const;
  // Sets one value (empty clears it); emits dataChanged and variablesEdited when it changes.
  // A name no row has gets a row of its own (JinjaVariable::added), removed when cleared.
  bool setValue(const QString& name, const QString& value);
  // The pane's "+": `name` must be a Jinja name (letters, digits, _; not starting with a digit) and the
  // value non-empty. Returns why not, or an empty string once the value is set.
  QString addVariable(const QString& name, const QString& value);
  void clearValues();
  // Why `value` is no value for `name`, empty when it is: a variable whose default is a
  // number is computed with (rank sizes, capacities), so it takes numbers only.
  [[nodiscard]] QString checkValue(const QString& name, const QString& value) const;
  // Variables with neither a typed value nor a default that the files need with the values of
  // the last load (or may need: undecided): they cannot render without them.
  [[nodiscard]] QStringList missingRequired() const;
  // Variables without a value that the files read only under a condition that does not hold
  // now (GPT-3's N_CACHED_TOKENS while DECODE is False): the spec loads without them.
  [[nodiscard]] QStringList missingButNotNeeded() const;
  // What to do about a variable without a value, in words: when it matters, what to type;
  // `detailed` adds the line that reads it (tooltips).
  [[nodiscard]] QString missingAdvice(const QString& name, bool detailed = false) const;

  [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
  [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
  [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  [[nodiscard]] Qt::ItemFlags flags(const QModelIndex& index) const override;
  [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                    int role = Qt::DisplayRole) const override;

 signals:
  void variablesEdited(const QMap<QString, QString>& values);
  // An edit setData() refused (checkValue()), with the reason.
  void valueRejected(const QString& name, const QString& reason);

 private:
  [[nodiscard]] QVariant valueData(const JinjaVariable& v, int role) const;

  std::vector<JinjaVariable> variables_;
  QMap<QString, QString> typed_;  // by name; kept across setVariables
};

// What a YAML scalar reads as: "integer", "float", "boolean", "null" or "string".
[[nodiscard]] QString yamlScalarKind(const QString& text);

}  // namespace af::ui
