#include "views/variables_model.h"

#include <QBrush>
#include <QColor>
#include <QFileInfo>
#include <QFont>
#include <QRegularExpression>
#include <algorithm>

namespace af::ui {

QString yamlScalarKind(const QString& raw) {
  const QString text = raw.trimmed();
  static const QRegularExpression integer(QStringLiteral(R"(^[-+]?(?:[0-9]+|0x[0-9a-fA-F]+|0o[0-7]+)$)"));
  static const QRegularExpression floating(QStringLiteral(
      R"(^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$)"));
  static const QRegularExpression boolean(QStringLiteral(R"(^(?:true|True|TRUE|false|False|FALSE)$)"));
  static const QRegularExpression null(QStringLiteral(R"(^(?:~|null|Null|NULL)?$)"));
  if (integer.match(text).hasMatch()) return QStringLiteral("integer");
  if (floating.match(text).hasMatch()) return QStringLiteral("float");
  if (boolean.match(text).hasMatch()) return QStringLiteral("boolean");
  if (null.match(text).hasMatch()) return QStringLiteral("null");
  return QStringLiteral("string");
}

namespace {

JinjaVariable addedRow(const QString& name) {
  JinjaVariable row;
  row.name = name;
  row.added = true;
  row.sourceFile = VariablesModel::tr("added (no open file reads it)");
  return row;
}

}  // namespace

VariablesModel::VariablesModel(QObject* parent) : QAbstractTableModel(parent) {}

void VariablesModel::setVariables(std::vector<JinjaVariable> variables) {
  beginResetModel();
  variables_ = std::move(variables);
  // Values typed for names the files do not read keep their rows.
  for (auto it = typed_.constBegin(); it != typed_.constEnd(); ++it)
    if (std::none_of(variables_.begin(), variables_.end(),
                     [&](const auto& v) { return v.name == it.key(); })) {
      variables_.push_back(addedRow(it.key()));
    }
  endResetModel();
}

void VariablesModel::setTemplateVariables(const std::vector<SpecVariable>& variables) {
  std::vector<JinjaVariable> rows;
  for (const auto& v : variables) {
    JinjaVariable row;
    row.name = QString::fromStdString(v.name);
    row.hasDefault = v.default_text.has_value();
    row.defaultValue = QString::fromStdString(v.default_text.value_or(""));
    QStringList files;
    for (const auto& f : v.files) files << QFileInfo(QString::fromStdString(f)).fileName();
    row.sourceFile = files.join(QStringLiteral(", "));
    row.line = v.line;
    for (const auto& w : v.needed_when) row.neededWhen << QString::fromStdString(w);
    row.neededNow = v.needed_now;
    row.numeric = v.numeric;
    row.use = QString::fromStdString(v.use);
    rows.push_back(std::move(row));
  }
  setVariables(std::move(rows));
}

QMap<QString, QString> VariablesModel::values() const {
  QMap<QString, QString> out;
  for (const auto& v : variables_)
    if (const auto it = typed_.constFind(v.name); it != typed_.constEnd()) out.insert(v.name, *it);
  return out;
}

QStringList VariablesModel::assignments() const {
  QStringList out;
  const auto vs = values();
  for (auto it = vs.constBegin(); it != vs.constEnd(); ++it) out << it.key() + QLatin1Char('=') + it.value();
  return out;
}

bool VariablesModel::setValue(const QString& name, const QString& value) {
  const QString trimmed = value.trimmed();
  if (typed_.value(name) == trimmed) return false;
  if (trimmed.isEmpty())
    typed_.remove(name);
  else
    typed_.insert(name, trimmed);
  const auto row =
      std::find_if(variables_.begin(), variables_.end(), [&](const auto& v) { return v.name == name; });
  const int r = static_cast<int>(row - variables_.begin());
  if (row == variables_.end() && !trimmed.isEmpty()) {
    beginInsertRows({}, r, r);
    variables_.push_back(addedRow(name));
    endInsertRows();
  } else if (row != variables_.end() && row->added && trimmed.isEmpty()) {
    beginRemoveRows({}, r, r);
    variables_.erase(row);
    endRemoveRows();
  } else if (row != variables_.end()) {
    emit dataChanged(index(r, 0), index(r, ColumnCount - 1));
  }
  emit variablesEdited(values());
  return true;
}

QString VariablesModel::addVariable(const QString& name, const QString& value) {
  static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
  const QString n = name.trimmed();
  if (!identifier.match(n).hasMatch())
    return tr("\"%1\" is not a variable name (letters, digits and _, not starting with a digit)").arg(n);
  if (value.trimmed().isEmpty()) return tr("Give %1 a value (64, True, \"text\")").arg(n);
  if (const QString reason = checkValue(n, value); !reason.isEmpty()) return reason;
  setValue(n, value);
  return {};
}

void VariablesModel::clearValues() {
  if (typed_.isEmpty()) return;
  typed_.clear();
  if (std::any_of(variables_.begin(), variables_.end(), [](const auto& v) { return v.added; })) {
    beginResetModel();
    std::erase_if(variables_, [](const auto& v) { return v.added; });
    endResetModel();
  } else if (!variables_.empty()) {
    emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
  }
  emit variablesEdited(values());
}

QString VariablesModel::checkValue(const QString& name, const QString& value) const {
  const auto isNumber = [](const QString& kind) { return kind == u"integer" || kind == u"float"; };
  for (const auto& v : variables_) {
    if (v.name != name || !v.hasDefault || !isNumber(yamlScalarKind(v.defaultValue))) continue;
    const QString typed = value.trimmed();
    if (typed.isEmpty() || isNumber(yamlScalarKind(typed))) return {};
    return tr("%1 takes a number (its default is %2); \"%3\" reads as a YAML %4")
        .arg(name, v.defaultValue, typed, yamlScalarKind(typed));
  }
  return {};
}

QStringList VariablesModel::missingRequired() const {
  QStringList out;
  for (const auto& v : variables_)
    if (!v.hasDefault && !typed_.contains(v.name) && v.neededNow != false) out << v.name;
  return out;
}

QStringList VariablesModel::missingButNotNeeded() const {
  QStringList out;
  for (const auto& v : variables_)
    if (!v.hasDefault && !typed_.contains(v.name) && v.neededNow == false) out << v.name;
  return out;
}

QString VariablesModel::missingAdvice(const QString& name, bool detailed) const {
  const auto it =
      std::find_if(variables_.begin(), variables_.end(), [&](const auto& v) { return v.name == name; });
  if (it == variables_.end()) return {};
  const JinjaVariable& v = *it;
  // "DECODE" reads as "DECODE is true", "not DECODE" as "DECODE is false".
  static const QRegularExpression bare(QStringLiteral("^(not )?([A-Za-z_][A-Za-z0-9_]*)$"));
  QStringList conditions;
  for (const QString& c : v.neededWhen) {
    const auto m = bare.match(c);
    conditions << (m.hasMatch()
                       ? tr("%1 is %2").arg(m.captured(2), m.captured(1).isEmpty() ? tr("true") : tr("false"))
                       : c);
  }
  const QString when = conditions.join(tr(", or when "));
  const QString what = v.numeric ? tr("a number") : tr("a value");
  QString out;
  if (v.neededNow == false)
    out = tr("%1 matters only when %2, which is not so now: it may stay empty. When it does matter, type %3 "
             "for it in the Value column.")
              .arg(v.name, when, what);
  else if (!v.neededWhen.isEmpty())
    out = tr("No value for %1, which the files read when %2: type %3 in its Value column.")
              .arg(v.name, when, what);
  else
    out = tr("No value for %1: type %2 in its Value column.").arg(v.name, what);
  if (detailed && !v.use.isEmpty()) out += tr(" It is read in: %1").arg(v.use);
  return out;
}

int VariablesModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(variables_.size());
}

int VariablesModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant VariablesModel::valueData(const JinjaVariable& v, int role) const {
  const auto typed = typed_.constFind(v.name);
  const bool isTyped = typed != typed_.constEnd();
  switch (role) {
    case Qt::DisplayRole:
      return isTyped ? *typed : v.defaultValue;  // the value in effect
    case Qt::EditRole:
      return isTyped ? *typed : QString();
    case Qt::ToolTipRole:
      if (isTyped) return tr("%1 (read as a YAML %2)").arg(*typed, yamlScalarKind(*typed));
      return v.hasDefault ? tr("Default %1 from the file; type a value to override it").arg(v.defaultValue)
                          : missingAdvice(v.name, true);
    case Qt::ForegroundRole:
      if (!isTyped) return QBrush(QColor(0x80, 0x80, 0x80));
      return {};
    case Qt::FontRole:
      if (!isTyped) {
        QFont f;
        f.setItalic(true);
        return f;
      }
      return {};
    case Qt::BackgroundRole:
      if (!isTyped && !v.hasDefault && v.neededNow != false)
        return QBrush(QColor(0xFD, 0xE7, 0xE2));  // no value yet
      return {};
    default:
      return {};
  }
}

QVariant VariablesModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const JinjaVariable& v = variables_[static_cast<std::size_t>(index.row())];
  switch (index.column()) {
    case NameColumn:
      if (role == Qt::DisplayRole || role == Qt::EditRole) return v.name;
      if (role == Qt::ToolTipRole)
        return v.added ? tr("%1: given by you; no open file reads it").arg(v.name)
                       : tr("Jinja variable %1, first read at %2:%3").arg(v.name, v.sourceFile).arg(v.line);
      return {};
    case ValueColumn:
      return valueData(v, role);
    case DefaultColumn:
      if (role == Qt::DisplayRole || role == Qt::EditRole) return v.hasDefault ? v.defaultValue : QString();
      if (role == Qt::ToolTipRole && !v.hasDefault && !v.added)
        return tr("No default: give a value if the files read it");
      return {};
    case SourceColumn:
      if (role == Qt::DisplayRole || role == Qt::EditRole) return v.sourceFile;
      if (role == Qt::ToolTipRole && !v.added)
        return tr("First read at line %1 of %2").arg(v.line).arg(v.sourceFile);
      return {};
    default:
      return {};
  }
}

bool VariablesModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (role != Qt::EditRole || index.column() != ValueColumn ||
      !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return false;
  const QString& name = variables_[static_cast<std::size_t>(index.row())].name;
  if (const QString reason = checkValue(name, value.toString()); !reason.isEmpty()) {
    emit valueRejected(name, reason);
    return false;
  }
  setValue(name, value.toString());
  return true;
}

Qt::ItemFlags VariablesModel::flags(const QModelIndex& index) const {
  if (!index.isValid()) return Qt::NoItemFlags;
  const Qt::ItemFlags base = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
  return index.column() == ValueColumn ? base | Qt::ItemIsEditable : base;
}

QVariant VariablesModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return QAbstractTableModel::headerData(section, orientation, role);
  switch (section) {
    case NameColumn:
      return tr("Name");
    case ValueColumn:
      return tr("Value");
    case DefaultColumn:
      return tr("Default");
    case SourceColumn:
      return tr("Source");
    default:
      return {};
  }
}

}  // namespace af::ui
