#include "views/variables_pane.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include "views/variables_model.h"

namespace af::ui {

VariablesPane::VariablesPane(QWidget* parent)
    : QWidget(parent),
      model_(new VariablesModel(this)),
      table_(new QTableView(this)),
      status_(new QLabel(this)),
      add_(new QToolButton(this)),
      reset_(new QPushButton(tr("Reset"), this)) {
  table_->setModel(model_);
  table_->verticalHeader()->hide();
  // Rows as high as a line of text: a narrow, short dock still shows several variables.
  table_->verticalHeader()->setMinimumSectionSize(table_->fontMetrics().height() + 4);
  table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 8);
  table_->setAlternatingRowColors(true);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                          QAbstractItemView::AnyKeyPressed);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->horizontalHeader()->setSectionResizeMode(VariablesModel::NameColumn, QHeaderView::ResizeToContents);
  // A narrow "+": the Project dock is the narrowest part of an 800x600 window.
  add_->setText(QStringLiteral("+"));
  add_->setObjectName(QStringLiteral("addVariable"));
  add_->setToolTip(tr("Give a variable that the table does not list (NAME=VALUE, as --set does)"));
  reset_->setToolTip(tr("Forget the typed values: every variable falls back to its default"));
  table_->setToolTip(tr("Double-click a value to change it"));
  status_->setObjectName(QStringLiteral("variablesStatus"));
  status_->setWordWrap(true);

  auto* bottom = new QHBoxLayout;
  bottom->addWidget(status_, 1);
  bottom->addWidget(add_);
  bottom->addWidget(reset_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(table_, 1);
  layout->addLayout(bottom);

  connect(reset_, &QPushButton::clicked, model_, &VariablesModel::clearValues);
  connect(add_, &QToolButton::clicked, this, &VariablesPane::promptForVariable);
  connect(model_, &QAbstractItemModel::modelReset, this, &VariablesPane::updateStatus);
  connect(model_, &QAbstractItemModel::dataChanged, this, &VariablesPane::updateStatus);
  connect(model_, &VariablesModel::valueRejected, this, [this](const QString&, const QString& reason) {
    status_->setText(reason);  // until the next edit: the value in effect did not change
  });
  updateStatus();
}

QString VariablesPane::statusText() const { return status_->text(); }

void VariablesPane::promptForVariable() {
  bool ok = false;
  const QString text = QInputDialog::getText(
      this, tr("Add a variable"), tr("NAME=VALUE (for example DECODE=True):"), QLineEdit::Normal, {}, &ok);
  if (!ok || text.trimmed().isEmpty()) return;
  const auto eq = text.indexOf(QLatin1Char('='));
  const QString reason = eq < 0 ? tr("Write NAME=VALUE, for example BATCH_SIZE=8")
                                : model_->addVariable(text.left(eq), text.mid(eq + 1));
  if (reason.isEmpty()) return;
  status_->setText(reason);  // until the next edit, as for a refused value
  status_->setVisible(true);
}

void VariablesPane::updateStatus() {
  const int rows = model_->rowCount();
  const QStringList missing = model_->missingRequired();
  reset_->setEnabled(!model_->values().isEmpty());
  if (rows == 0) {
    status_->setText(tr("The open files read no Jinja variables."));
  } else if (!missing.isEmpty()) {
    // Needed with the values now (or maybe: a condition that cannot be decided): say what to type.
    status_->setText(missing.size() == 1
                         ? model_->missingAdvice(missing.front())
                         : tr("No value for %1 variables the files read: %2. Type each in the "
                              "Value column (its tooltip says where it is read).")
                               .arg(missing.size())
                               .arg(missing.join(QStringLiteral(", "))));
  } else if (const QStringList idle = model_->missingButNotNeeded(); !idle.isEmpty()) {
    // Declared without a default is not the same as needed: gpt3's N_CACHED_TOKENS is read only
    // when DECODE is true, and the spec loads without it otherwise. Say so, and what to type.
    status_->setText(idle.size() == 1
                         ? model_->missingAdvice(idle.front())
                         : tr("%1 have no value; the files read them only under conditions that do "
                              "not hold now (each one's tooltip says which).")
                               .arg(idle.join(QStringLiteral(", "))));
  } else {
    status_->clear();  // nothing to say: the rows get the room (the hint is the table's tooltip)
  }
  // The whole story (and the line that reads it) on hover.
  const QStringList about = !missing.isEmpty() ? missing : model_->missingButNotNeeded();
  status_->setToolTip(about.size() == 1 ? model_->missingAdvice(about.front(), true) : QString());
  status_->setVisible(!status_->text().isEmpty());
}

}  // namespace af::ui
