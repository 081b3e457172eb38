#pragma once
// Text exports of a table model: TSV for the clipboard, CSV for files. Numbers come from
// AccessesModel::RawValueRole-style roles when present so spreadsheets get exact values.
#include <QModelIndexList>
#include <QString>

class QAbstractItemModel;

namespace af::ui {

enum class TextFormat { Tsv, Csv };

// Header line plus the rows of `indexes` (all cells when empty), in row/column order.
// rawRole: the role holding unformatted values (falls back to DisplayRole).
[[nodiscard]] QString tableText(const QAbstractItemModel& model, TextFormat format,
                                const QModelIndexList& indexes = {}, int rawRole = Qt::UserRole + 1);

}  // namespace af::ui
