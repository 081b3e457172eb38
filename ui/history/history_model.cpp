#include "history/history_model.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>

#include "models/si_format.h"

namespace af::ui {

namespace {

QString localTime(const std::string& utc) {
  const QDateTime t = QDateTime::fromString(QString::fromStdString(utc), Qt::ISODate);
  return t.isValid() ? t.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"))
                     : QString::fromStdString(utc);
}

QStringList toList(const std::vector<std::string>& items) {
  QStringList out;
  for (const auto& s : items) out << QString::fromStdString(s);
  return out;
}

}  // namespace

HistoryModel::HistoryModel(QObject* parent) : QAbstractTableModel(parent) {}

void HistoryModel::setRuns(std::vector<store::RunSummary> runs) {
  beginResetModel();
  runs_ = std::move(runs);
  endResetModel();
}

std::int64_t HistoryModel::idAt(int row) const {
  return row >= 0 && row < rowCount() ? runs_[static_cast<std::size_t>(row)].id : 0;
}

int HistoryModel::rowOf(std::int64_t id) const {
  for (std::size_t i = 0; i < runs_.size(); ++i)
    if (runs_[i].id == id) return static_cast<int>(i);
  return -1;
}

int HistoryModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(runs_.size());
}

int HistoryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant HistoryModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const auto& r = runs_[static_cast<std::size_t>(index.row())];
  if (role == Qt::UserRole) return QVariant::fromValue(static_cast<qlonglong>(r.id));
  if (role == Qt::EditRole && index.column() == Name) return QString::fromStdString(r.name);
  if (role == Qt::ToolTipRole) {
    return tr("Run #%1, %2\nfiles: %3\nvariables: %4%5")
               .arg(r.id)
               .arg(localTime(r.created), toList(r.files).join(QStringLiteral(", ")),
                    r.assignments.empty() ? tr("(defaults)")
                                          : toList(r.assignments).join(QStringLiteral(", ")),
                    r.project.empty() ? QString()
                                      : tr("\nproject: %1").arg(QString::fromStdString(r.project))) +
           (r.warnings > 0
                ? tr("\n%n warning(s): reopen the run to read them", "", static_cast<int>(r.warnings))
                : QString());
  }
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case Id:
      return QStringLiteral("#%1").arg(r.id);  // as `accelforge history show ID` takes it
    case When:
      return localTime(r.created);
    case Name:
      return QString::fromStdString(r.name);
    case Kind:
      return r.kind == store::RunKind::kSweep ? tr("sweep (%n point(s))", "", static_cast<int>(r.points))
                                              : tr("map");
    case Files: {
      // "folder: arch.yaml, workload.yaml": specs are told apart by their folder.
      QStringList names;
      QString folder;
      bool oneFolder = true;
      for (const auto& f : r.files) {
        const QFileInfo info(QString::fromStdString(f));
        names << info.fileName();
        const QString dir = info.dir().dirName();
        oneFolder = oneFolder && (folder.isEmpty() || folder == dir);
        folder = dir;
      }
      return oneFolder && !folder.isEmpty() ? tr("%1: %2").arg(folder, names.join(QStringLiteral(", ")))
                                            : names.join(QStringLiteral(", "));
    }
    case Variables: {
      QStringList parts = toList(r.assignments);
      for (const auto& v : r.varied) parts << tr("%1 varied").arg(QString::fromStdString(v));
      return parts.join(QStringLiteral(", "));
    }
    case Optimum: {
      const QString optimum = r.found ? tr("%1, %2").arg(formatSi(r.energy, QStringLiteral("J")),
                                                         formatSi(r.latency, QStringLiteral("s")))
                                      : tr("no mapping");
      // A front of what a stopped run had found, or of a rounded join, is not the exact optimum.
      if (r.stopped) return tr("%1 (stopped)").arg(optimum);
      return r.warnings > 0 ? tr("%1 (rounded)").arg(optimum) : optimum;
    }
    case Duration:
      return tr("%1 s").arg(r.seconds, 0, 'f', r.seconds < 10 ? 2 : 1);
    default:
      return {};
  }
}

QVariant HistoryModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Id:
      return tr("Run");
    case When:
      return tr("When");
    case Name:
      return tr("Name");
    case Kind:
      return tr("Kind");
    case Files:
      return tr("Files");
    case Variables:
      return tr("Variables");
    case Optimum:
      return tr("Optimum");
    case Duration:
      return tr("Time");
    default:
      return {};
  }
}

Qt::ItemFlags HistoryModel::flags(const QModelIndex& index) const {
  Qt::ItemFlags f = QAbstractTableModel::flags(index);
  if (index.isValid() && index.column() == Name) f |= Qt::ItemIsEditable;
  return f;
}

bool HistoryModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (!index.isValid() || index.column() != Name || role != Qt::EditRole) return false;
  auto& r = runs_[static_cast<std::size_t>(index.row())];
  r.name = value.toString().trimmed().toStdString();
  emit dataChanged(index, index);
  emit renameRequested(r.id, QString::fromStdString(r.name));
  return true;
}

}  // namespace af::ui
