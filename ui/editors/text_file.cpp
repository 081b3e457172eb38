#include "editors/text_file.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStringDecoder>
#include <optional>

namespace af::ui {

std::variant<TextFileContents, FileError> readTextFile(const QString& path) {
  const auto fail = [&](FileProblem problem, const QString& why) {
    return FileError{path, problem, QStringLiteral("%1: %2").arg(path, why)};
  };
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return fail(FileProblem::Unreadable, file.errorString());
  // Read one byte past the cap rather than trusting size(): the file may grow meanwhile.
  const QByteArray bytes = file.read(kMaxSpecFileBytes + 1);
  if (bytes.size() > kMaxSpecFileBytes)
    return fail(FileProblem::TooLarge, QObject::tr("larger than %1 MB").arg(kMaxSpecFileBytes >> 20));
  if (file.error() != QFileDevice::NoError) return fail(FileProblem::Unreadable, file.errorString());

  QStringDecoder decode(QStringDecoder::Utf8);
  QString text = decode(bytes);
  if (decode.hasError()) return fail(FileProblem::NotUtf8, QObject::tr("not valid UTF-8 text"));
  const bool crlf = text.contains(QLatin1String("\r\n"));
  if (crlf) text.replace(QLatin1String("\r\n"), QLatin1String("\n"));
  return TextFileContents{text, crlf};
}

std::optional<FileError> writeTextFile(const QString& path, const QString& text, bool crlf) {
  QSaveFile file(path);
  const auto fail = [&] {
    return FileError{path, FileProblem::WriteFailed, QStringLiteral("%1: %2").arg(path, file.errorString())};
  };
  if (!file.open(QIODevice::WriteOnly)) return fail();
  QString out = text;
  if (crlf) out.replace(QLatin1Char('\n'), QLatin1String("\r\n"));
  if (file.write(out.toUtf8()) < 0 || !file.commit()) return fail();
  return std::nullopt;
}

}  // namespace af::ui
