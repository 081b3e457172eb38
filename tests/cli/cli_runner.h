#pragma once
// Runs an executable of this build and captures exit code and streams.
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

struct ProcessResult {
  int exitCode = -1;
  QString out;
  QString err;
};

inline ProcessResult runProcess(const QString& program, const QStringList& args, int timeoutMs = 120000) {
  QProcess p;
  p.start(program, args);
  ProcessResult r;
  if (!p.waitForFinished(timeoutMs)) {
    p.kill();
    p.waitForFinished();
    r.err = QStringLiteral("timed out");
    return r;
  }
  r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

// Writes an input file for a case; false if it cannot be written.
inline bool writeFile(const QString& path, const QByteArray& text) {
  QFile f(path);
  return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}
