#pragma once
// Small helpers over Qt SQL for the store's own use: one write transaction as a scope, and
// statements run with their errors as text.
#include <QSqlDatabase>
#include <QSqlQuery>
#include <string>

namespace af::store {

// A transaction as a scope: `ROLLBACK` when it ends uncommitted. A write transaction is
// `BEGIN IMMEDIATE`: the write lock is taken at once, so a second writer waits out the busy
// timeout instead of failing half way; a read one sees one snapshot of the store.
class Transaction {
 public:
  enum class Mode { kRead, kWrite };
  explicit Transaction(const QSqlDatabase& db, Mode mode = Mode::kWrite);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  // Why BEGIN failed; empty when the transaction is open.
  [[nodiscard]] const std::string& error() const { return error_; }
  // COMMIT; the error, or empty.
  [[nodiscard]] std::string commit();

 private:
  QSqlDatabase db_;
  std::string error_;
  bool open_ = false;
};

// The query's last error as one line ("database is locked (5)").
[[nodiscard]] std::string error_text(const QSqlQuery& query);
// Runs one statement without parameters; the error, or empty.
[[nodiscard]] std::string exec(const QSqlDatabase& db, const QString& sql);

}  // namespace af::store
