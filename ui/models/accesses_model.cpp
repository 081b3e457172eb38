#include "models/accesses_model.h"

#include <QBrush>
#include <QColor>
#include <QHash>
#include <cmath>

#include "models/accesses_query.h"
#include "models/pin_comparison.h"
#include "models/si_format.h"

namespace af::ui {

namespace {

QString keyOf(const AccessRecord& r) {
  const QChar separator(0x1f);
  return r.einsum + separator + r.component + separator + r.tensor + separator + r.action;
}

}  // namespace

AccessesModel::AccessesModel(QObject* parent) : QAbstractTableModel(parent) {}

void AccessesModel::setAccesses(const AccessesData& data) {
  if (data == data_) return;  // nothing changed: keep the table's selection and scroll
  data_ = data;
  rebuild();
}

void AccessesModel::setPinned(const std::optional<AccessesData>& pinned) {
  if (pinned == pinned_) return;
  pinned_ = pinned;
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
  // Columns come and go with the pin, so a reset fits that too.
  beginResetModel();
  rows_.clear();
  for (const AccessRecord& r : accessesFor(data_.actions, filter_)) rows_.append({r, std::nullopt, true});
  if (pinned_ && !data_.isEmpty()) {  // no result on screen: nothing to compare with
    QHash<QString, qsizetype> index;
    for (qsizetype i = 0; i < rows_.size(); ++i) index.insert(keyOf(rows_[i].current), i);
    for (const AccessRecord& p : accessesFor(pinned_->actions, filter_)) {
      const QString key = keyOf(p);
      if (const auto it = index.constFind(key); it == index.constEnd()) {
        // Only the pinned mapping has this row: the key, and no current figures.
        const AccessRecord keyOnly{p.einsum, p.component, p.tensor, p.action, 0, 0, p.bitsPerAction};
        index.insert(key, rows_.size());
        rows_.append({keyOnly, p, false});
      } else if (auto& pinned = rows_[*it].pinned) {
        pinned->count += p.count;  // the same key twice: one row, as the current side does
        pinned->energy += p.energy;
      } else {
        pinned = p;
      }
    }
  }
  endResetModel();
}

int AccessesModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int AccessesModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : pinned_ ? PinnedColumnCount : ColumnCount;
}

QVariant AccessesModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const Row& row = rows_.at(index.row());
  const AccessRecord& r = row.current;
  const auto column = index.column();
  const double currentEnergy = row.inCurrent ? r.energy : 0.0;
  const double pinnedEnergy = row.pinned ? row.pinned->energy : 0.0;
  // The number a cell stands for; nullopt where that mapping has no such row.
  const auto number = [&]() -> std::optional<double> {
    switch (column) {
      case CountColumn:
        return row.inCurrent ? std::optional(r.count) : std::nullopt;
      case EnergyColumn:
        return row.inCurrent ? std::optional(r.energy) : std::nullopt;
      case PinnedCountColumn:
        return row.pinned ? std::optional(row.pinned->count) : std::nullopt;
      case PinnedEnergyColumn:
        return row.pinned ? std::optional(row.pinned->energy) : std::nullopt;
      case DeltaEnergyColumn:
        return currentEnergy - pinnedEnergy;
      default:
        return std::nullopt;
    }
  };
  const bool numeric = column >= CountColumn;
  switch (role) {
    case Qt::DisplayRole: {
      switch (column) {
        case EinsumColumn:
          return r.einsum;
        case ComponentColumn:
          return r.component;
        case TensorColumn:
          return r.tensor;
        case ActionColumn:
          return r.action;
        default:
          break;
      }
      const auto value = number();
      if (!value) return QStringLiteral("\u2014");  // that mapping has no such row
      if (column == CountColumn || column == PinnedCountColumn) return formatCount(*value);
      // Four significant digits on screen; RawValueRole (copy, CSV) keeps every digit.
      if (column != DeltaEnergyColumn) return formatSi(*value, data_.energyUnit, 4);
      const QString sign = *value < 0   ? QStringLiteral("\u2212")
                           : *value > 0 ? QStringLiteral("+")
                                        : QString();
      const QString change = changeText(pinnedEnergy, currentEnergy);
      const QString delta = sign + formatSi(std::abs(*value), data_.energyUnit);
      return change.isEmpty() ? delta : QStringLiteral("%1 (%2)").arg(delta, change);
    }
    case RawValueRole:
      if (!numeric) return data(index, Qt::DisplayRole);
      if (const auto value = number()) return *value;
      return {};  // sorts after every number; an empty CSV field
    case Qt::ToolTipRole: {
      const auto value = number();
      if (!numeric || !value) return {};
      if (column == CountColumn || column == PinnedCountColumn) return QString::number(*value, 'g', 17);
      const QString exact = QStringLiteral("%1 %2").arg(QString::number(*value, 'g', 17), data_.energyUnit);
      if (column != DeltaEnergyColumn) return exact;
      return tr("current \u2212 pinned = %1 (%2)").arg(exact, changeText(pinnedEnergy, currentEnergy));
    }
    case Qt::ForegroundRole:
      if (column == DeltaEnergyColumn) {
        switch (changeKind(pinnedEnergy, currentEnergy)) {
          case ChangeKind::Less:
          case ChangeKind::Gone:
            return QBrush(QColor(0x1B, 0x7F, 0x3B));  // less energy: better
          case ChangeKind::More:
          case ChangeKind::New:
            return QBrush(QColor(0xC6, 0x28, 0x28));
          case ChangeKind::None:
          case ChangeKind::Same:
            break;
        }
      }
      return {};
    case Qt::TextAlignmentRole:
      if (numeric) return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
      return {};
    default:
      return {};
  }
}

QVariant AccessesModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
    switch (section) {
      case CountColumn:
        return tr(
            "Number of actions: compute operations, or memory accesses of the arch's bits_per_action "
            "bits each (1 unless set, so then the count is in bits)");
      case PinnedCountColumn:
        return hasPin() ? tr("Number of actions of the pinned mapping (\u2014: it has no such row)")
                        : QVariant();
      case PinnedEnergyColumn:
        return hasPin() ? tr("Energy of the pinned mapping (\u2014: it has no such row)") : QVariant();
      case DeltaEnergyColumn:
        return hasPin() ? tr("Current minus pinned energy, and the change relative to the pinned")
                        : QVariant();
      default:
        break;
    }
  }
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
      return tr("Actions");
    case EnergyColumn:
      return tr("Energy (%1)").arg(data_.energyUnit);
    case PinnedCountColumn:
      return hasPin() ? tr("Pinned actions") : QVariant();
    case PinnedEnergyColumn:
      return hasPin() ? tr("Pinned energy (%1)").arg(data_.energyUnit) : QVariant();
    case DeltaEnergyColumn:
      return hasPin() ? tr("\u0394 energy (%1)").arg(data_.energyUnit) : QVariant();
    default:
      return {};
  }
}

}  // namespace af::ui
