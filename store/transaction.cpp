#include "transaction.h"

#include <QSqlError>

namespace af::store {

std::string error_text(const QSqlQuery& query) {
  const QSqlError e = query.lastError();
  // SQLite's own words when it has them ("file is not a database"), else the driver's.
  std::string text = (e.databaseText().isEmpty() ? e.driverText() : e.databaseText()).toStdString();
  if (!e.nativeErrorCode().isEmpty()) text += " (" + e.nativeErrorCode().toStdString() + ")";
  return text;
}

std::string exec(const QSqlDatabase& db, const QString& sql) {
  QSqlQuery q(db);
  return q.exec(sql) ? std::string() : error_text(q);
}

Transaction::Transaction(const QSqlDatabase& db, Mode mode) : db_(db) {
  error_ = exec(db_, mode == Mode::kWrite ? QStringLiteral("BEGIN IMMEDIATE") : QStringLiteral("BEGIN"));
  open_ = error_.empty();
}

Transaction::~Transaction() {
  if (open_) (void)exec(db_, QStringLiteral("ROLLBACK"));
}

std::string Transaction::commit() {
  if (!open_) return error_.empty() ? "no open transaction" : error_;
  std::string e = exec(db_, QStringLiteral("COMMIT"));
  if (e.empty()) open_ = false;  // else the destructor rolls back
  return e;
}

}  // namespace af::store
