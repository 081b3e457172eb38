#include "shortcuts_dialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace af::ui {

namespace {

QString plain(QString text) {
  text.remove(QLatin1Char('&'));
  text.remove(QStringLiteral("…"));
  return text;
}

void collect(const QMenu* menu, const QString& path, QList<QPair<QString, QString>>& out) {
  for (const QAction* action : menu->actions()) {
    if (action->isSeparator()) continue;
    const QString where = path + QStringLiteral(" › ") + plain(action->text());
    if (const QMenu* sub = action->menu()) {
      collect(sub, where, out);
      continue;
    }
    QStringList keys;
    for (const QKeySequence& key : action->shortcuts()) keys << key.toString(QKeySequence::NativeText);
    if (!keys.isEmpty()) out.append({where, keys.join(QStringLiteral(", "))});
  }
}

}  // namespace

QList<QPair<QString, QString>> ShortcutsDialog::rows(const QMenuBar* menus) {
  QList<QPair<QString, QString>> out;
  for (const QAction* action : menus->actions())
    if (const QMenu* menu = action->menu()) collect(menu, plain(action->text()), out);
  const auto key = [](QKeySequence::StandardKey k) {
    return QKeySequence(k).toString(QKeySequence::NativeText);
  };
  out.append(
      {QObject::tr("Editor › Cut, Copy, Paste"),
       QStringList{key(QKeySequence::Cut), key(QKeySequence::Copy), key(QKeySequence::Paste)}.join(", ")});
  out.append(
      {QObject::tr("Editor › Go to the start, the end of the file"),
       QStringList{key(QKeySequence::MoveToStartOfDocument), key(QKeySequence::MoveToEndOfDocument)}.join(
           ", ")});
  out.append({QObject::tr("Find bar › Next, previous match"), QObject::tr("Enter, Shift+Enter")});
  out.append({QObject::tr("Find bar › Close"), QObject::tr("Escape")});
  out.append({QObject::tr("Mapping tree › Edit a tile shape or a name"), QObject::tr("F2, or double-click")});
  return out;
}

ShortcutsDialog::ShortcutsDialog(const QMenuBar* menus, QWidget* parent)
    : QDialog(parent), table_(new QTableWidget(this)) {
  setObjectName("shortcutsDialog");
  setWindowTitle(tr("Keyboard Shortcuts"));
  const auto list = rows(menus);
  table_->setColumnCount(2);
  table_->setRowCount(static_cast<int>(list.size()));
  table_->setHorizontalHeaderLabels({tr("Command"), tr("Keys")});
  table_->verticalHeader()->hide();
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  table_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  for (int row = 0; row < list.size(); ++row) {
    table_->setItem(row, 0, new QTableWidgetItem(list[row].first));
    table_->setItem(row, 1, new QTableWidgetItem(list[row].second));
  }
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(table_);
  layout->addWidget(buttons);
  resize(520, 480);
}

}  // namespace af::ui
