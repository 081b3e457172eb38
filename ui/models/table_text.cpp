#include "models/table_text.h"

#include <QAbstractItemModel>
#include <QLocale>
#include <QMap>
#include <QSet>
#include <algorithm>

namespace af::ui {

namespace {

QString cellText(const QVariant& value) {
  if (value.typeId() == QMetaType::Double)
    return QString::number(value.toDouble(), 'g', QLocale::FloatingPointShortest);
  return value.toString();
}

QString escaped(QString text, TextFormat format) {
  if (format == TextFormat::Tsv) return text.replace('\t', ' ').replace('\n', ' ');
  if (text.contains(',') || text.contains('"') || text.contains('\n'))
    return '"' + text.replace('"', QStringLiteral("\"\"")) + '"';
  return text;
}

}  // namespace

QString tableText(const QAbstractItemModel& model, TextFormat format, const QModelIndexList& indexes,
                  int rawRole) {
  // Row -> selected columns; a full table when nothing is selected.
  QMap<int, QList<int>> cells;
  if (indexes.isEmpty()) {
    for (int row = 0; row < model.rowCount(); ++row)
      for (int column = 0; column < model.columnCount(); ++column) cells[row] << column;
  } else {
    for (const auto& index : indexes) cells[index.row()] << index.column();
  }
  QSet<int> columnSet;
  for (auto& columns : cells) {
    std::sort(columns.begin(), columns.end());
    for (int c : columns) columnSet.insert(c);
  }
  QList<int> columns(columnSet.begin(), columnSet.end());
  std::sort(columns.begin(), columns.end());
  if (indexes.isEmpty() && columns.isEmpty())
    for (int c = 0; c < model.columnCount(); ++c) columns << c;

  const QChar separator = format == TextFormat::Tsv ? QChar('\t') : QChar(',');
  QStringList lines;
  QStringList header;
  for (int c : columns) header << escaped(model.headerData(c, Qt::Horizontal).toString(), format);
  lines << header.join(separator);
  for (auto it = cells.cbegin(); it != cells.cend(); ++it) {
    QStringList fields;
    for (int c : columns) {
      if (!it->contains(c)) {
        fields << QString();
        continue;
      }
      const QModelIndex index = model.index(it.key(), c);
      QVariant value = model.data(index, rawRole);
      if (!value.isValid()) value = model.data(index, Qt::DisplayRole);
      fields << escaped(cellText(value), format);
    }
    lines << fields.join(separator);
  }
  return lines.join('\n') + '\n';
}

}  // namespace af::ui
