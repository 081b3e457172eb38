#pragma once
// Runs an executable of this build and captures exit code and streams.
#include <sys/resource.h>

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

struct ProcessResult {
  int exitCode = -1;
  QString out;
  QString err;
  qint64 elapsedMs = 0;
  bool timedOut = false;
};

// `memoryBytes` > 0 caps the child's address space (setrlimit RLIMIT_AS in the child), so a
// runaway allocation fails inside the child instead of exhausting the machine.
// `unset` names environment variables the child does not get (DISPLAY, to run as over SSH).
inline ProcessResult runProcess(const QString& program, const QStringList& args, int timeoutMs = 120000,
                                qint64 memoryBytes = 0, const QStringList& unset = {}) {
  QProcess p;
  if (!unset.isEmpty()) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString& name : unset) env.remove(name);
    p.setProcessEnvironment(env);
  }
  if (memoryBytes > 0)
    p.setChildProcessModifier([memoryBytes] {
      const rlimit limit{static_cast<rlim_t>(memoryBytes), static_cast<rlim_t>(memoryBytes)};
#ifndef AF_SANITIZED_BUILD  // ASan reserves terabytes of address space for its shadow
      setrlimit(RLIMIT_AS, &limit);
#else
      (void)limit;
#endif
    });
  QElapsedTimer clock;
  clock.start();
  p.start(program, args);
  ProcessResult r;
  if (!p.waitForFinished(timeoutMs)) {
    p.kill();
    p.waitForFinished();
    r.elapsedMs = clock.elapsed();
    r.timedOut = true;
    r.err = QStringLiteral("timed out");
    return r;
  }
  r.elapsedMs = clock.elapsed();
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
