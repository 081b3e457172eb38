#pragma once
// The Project dock's "variables" part: the Jinja data table (name, value, default, source) with
// a one-line status ("1 variable needs a value"), a "+" button to add a variable no open file
// declares, and a reset button.
#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;
class QToolButton;

namespace af::ui {

class VariablesModel;

class VariablesPane : public QWidget {
  Q_OBJECT
 public:
  explicit VariablesPane(QWidget* parent = nullptr);

  [[nodiscard]] VariablesModel* model() const { return model_; }
  [[nodiscard]] QTableView* table() const { return table_; }
  [[nodiscard]] QString statusText() const;

 private:
  void updateStatus();
  void promptForVariable();

  VariablesModel* model_;
  QTableView* table_;
  QLabel* status_;
  QToolButton* add_;
  QPushButton* reset_;
};

}  // namespace af::ui
