#pragma once
// Most-recently-used spec files, newest first, kept in QSettings.
#include <QObject>
#include <QStringList>

namespace af::ui {

class RecentFiles : public QObject {
  Q_OBJECT
 public:
  static constexpr int kMaxFiles = 10;
  explicit RecentFiles(QObject* parent = nullptr, const QString& settingsKey = QStringLiteral("recentFiles"));

  [[nodiscard]] QStringList files() const;
  void add(const QString& path);  // moves it to the front; drops the oldest beyond kMaxFiles
  void remove(const QString& path);
  void clear();

 signals:
  void changed();

 private:
  void store(const QStringList& files);
  QString key_;
};

}  // namespace af::ui
