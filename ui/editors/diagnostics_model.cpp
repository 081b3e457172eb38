#include "editors/diagnostics_model.h"

#include <QFileInfo>
#include <QPainter>
#include <QPixmap>
#include <algorithm>

namespace af::ui {

namespace {
// A filled dot in the same colours as the editor's gutter markers.
QIcon dotIcon(const QColor& colour) {
  QPixmap pixmap(16, 16);
  pixmap.fill(Qt::transparent);
  QPainter painter(&pixmap);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setPen(Qt::NoPen);
  painter.setBrush(colour);
  painter.drawEllipse(QRectF(3, 3, 10, 10));
  return QIcon(pixmap);
}
}  // namespace

DiagnosticsModel::DiagnosticsModel(QObject* parent)
    : QAbstractTableModel(parent),
      errorIcon_(dotIcon(QColor(0xd5, 0x5e, 0x00))),
      warningIcon_(dotIcon(QColor(0xe6, 0x9f, 0x00))) {}

void DiagnosticsModel::setDiagnostics(const QList<DiagnosticRow>& rows) {
  beginResetModel();
  rows_ = rows;
  endResetModel();
}

int DiagnosticsModel::errorCount() const {
  return static_cast<int>(std::count_if(rows_.begin(), rows_.end(), [](const auto& r) { return r.isError; }));
}

QList<EditorDiagnostic> DiagnosticsModel::forFile(const QString& path) const {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QList<EditorDiagnostic> result;
  for (const DiagnosticRow& row : rows_)
    if (!row.path.isEmpty() && row.line > 0 && QFileInfo(row.path).absoluteFilePath() == absolute)
      result << EditorDiagnostic{row.line, row.column, row.message, row.isError};
  return result;
}

int DiagnosticsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int DiagnosticsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiagnosticsModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const DiagnosticRow& row = rows_[index.row()];
  switch (role) {
    case PathRole:
      return row.path;
    case LineRole:
      return row.line;
    case ColumnRole:
      return row.column;
    case IsErrorRole:
      return row.isError;
    case Qt::DecorationRole:
      return index.column() == SeverityColumn ? QVariant(row.isError ? errorIcon_ : warningIcon_)
                                              : QVariant();
    case Qt::ToolTipRole:
      if (index.column() == FileColumn) return row.path;
      if (index.column() == MessageColumn) return row.message;
      return {};
    case Qt::DisplayRole:
      switch (index.column()) {
        case SeverityColumn:
          return row.isError ? tr("error") : tr("warning");
        case FileColumn:
          return QFileInfo(row.path).fileName();
        case PositionColumn:
          if (row.line <= 0) return QString();
          return row.column > 0 ? QStringLiteral("%1:%2").arg(row.line).arg(row.column)
                                : QString::number(row.line);
        case FieldColumn:
          return row.field;
        case MessageColumn:
          return row.message;
        default:
          return {};
      }
    default:
      return {};
  }
}

QVariant DiagnosticsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case SeverityColumn:
      return tr("Severity");
    case FileColumn:
      return tr("File");
    case PositionColumn:
      return tr("Line:Col");
    case FieldColumn:
      return tr("Field");
    case MessageColumn:
      return tr("Message");
    default:
      return {};
  }
}

}  // namespace af::ui
