#include "models/accesses_model.h"

#include "models/accesses_query.h"
#include "models/si_format.h"

namespace af::ui {

AccessesModel::AccessesModel(QObject* parent) : QAbstractTableModel(parent) {}

void AccessesModel::setAccesses(const AccessesData& data) {
  if (data == data_) return;  // nothing changed: keep the table's selection and scroll
  data_ = data;
  rebuild();
}

void AccessesModel::setEinsumFilter(const QString& einsum) {
  if (einsum == filter_) return;
  filter_ = einsum;
  rebuild();
}

QStringList AccessesModel::einsums() const { return einsumsOf(data_); }

void AccessesModel::rebuild() {
  // A reset is right here: a new filter or result changes most rows at once.
  beginResetModel();
  rows_ = accessesFor(data_.actions, filter_);
  endResetModel();
}

int AccessesModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int AccessesModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant AccessesModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const AccessRecord& r = rows_.at(index.row());
  const auto column = index.column();
  switch (role) {
    case Qt::DisplayRole:
      switch (column) {
        case EinsumColumn:
          return r.einsum;
        case ComponentColumn:
          return r.component;
        case TensorColumn:
          return r.tensor;
        case ActionColumn:
          return r.action;
        case CountColumn:
          return formatCount(r.count);
        case EnergyColumn:
          return formatSiExact(r.energy, data_.energyUnit);
        default:
          return {};
      }
    case RawValueRole:
      switch (column) {
        case CountColumn:
          return r.count;
        case EnergyColumn:
          return r.energy;
        default:
          return data(index, Qt::DisplayRole);
      }
    case Qt::ToolTipRole:
      if (column == EnergyColumn)
        return QStringLiteral("%1 %2").arg(QString::number(r.energy, 'g', 17), data_.energyUnit);
      if (column == CountColumn) return QString::number(r.count, 'g', 17);
      return {};
    case Qt::TextAlignmentRole:
      if (column == CountColumn || column == EnergyColumn)
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
      return {};
    default:
      return {};
  }
}

QVariant AccessesModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return QAbstractTableModel::headerData(section, orientation, role);
  switch (section) {
    case EinsumColumn:
      return tr("Einsum");
    case ComponentColumn:
      return tr("Component");
    case TensorColumn:
      return tr("Tensor");
    case ActionColumn:
      return tr("Action");
    case CountColumn:
      return tr("Count");
    case EnergyColumn:
      return tr("Energy (%1)").arg(data_.energyUnit);
    default:
      return {};
  }
}

}  // namespace af::ui
