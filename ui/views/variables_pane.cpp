#include "views/variables_pane.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include "views/variables_model.h"

namespace af::ui {

VariablesPane::VariablesPane(QWidget* parent)
    : QWidget(parent),
      model_(new VariablesModel(this)),
      table_(new QTableView(this)),
      status_(new QLabel(this)),
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
  reset_->setToolTip(tr("Forget the typed values: every variable falls back to its default"));
  table_->setToolTip(tr("Double-click a value to change it"));
  status_->setWordWrap(true);

  auto* bottom = new QHBoxLayout;
  bottom->addWidget(status_, 1);
  bottom->addWidget(reset_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(table_, 1);
  layout->addLayout(bottom);

  connect(reset_, &QPushButton::clicked, model_, &VariablesModel::clearValues);
  connect(model_, &QAbstractItemModel::modelReset, this, &VariablesPane::updateStatus);
  connect(model_, &QAbstractItemModel::dataChanged, this, &VariablesPane::updateStatus);
  connect(model_, &VariablesModel::valueRejected, this, [this](const QString&, const QString& reason) {
    status_->setText(reason);  // until the next edit: the value in effect did not change
  });
  updateStatus();
}

QString VariablesPane::statusText() const { return status_->text(); }

void VariablesPane::updateStatus() {
  const int rows = model_->rowCount();
  const QStringList missing = model_->missingRequired();
  reset_->setEnabled(!model_->values().isEmpty());
  if (rows == 0) {
    status_->setText(tr("The open files read no Jinja variables."));
  } else if (!missing.isEmpty()) {
    status_->setText((missing.size() == 1 ? tr("1 variable needs a value: %1")
                                          : tr("%1 variables need a value: %2").arg(missing.size()))
                         .arg(missing.join(QStringLiteral(", "))));
  } else {
    status_->clear();  // nothing to say: the rows get the room (the hint is the table's tooltip)
  }
  status_->setVisible(!status_->text().isEmpty());
}

}  // namespace af::ui
