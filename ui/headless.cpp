#include "headless.h"

#include <sys/stat.h>
#include <unistd.h>

#include <QDir>
#include <QString>
#include <QtGlobal>
#include <cstdio>
#include <cstring>

namespace af::ui {

namespace {

void dropPlatformNotes(QtMsgType type, const QMessageLogContext& context, const QString& message) {
  // The offscreen platform says what it cannot do (size hints, window activation, ...) on
  // every top-level window; a screenshot needs none of it.
  if (type == QtWarningMsg && message.startsWith(QLatin1String("This plugin does not support"))) return;
  // Everything else as Qt's default handler writes it (QT_MESSAGE_PATTERN applies).
  std::fprintf(stderr, "%s\n", qUtf8Printable(qFormatLogMessage(type, context, message)));
  std::fflush(stderr);
}

}  // namespace

bool noDisplay(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "-platform") == 0) return false;
  return qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") &&
         qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

void prepareHeadless() {
  qputenv("QT_QPA_PLATFORM", "offscreen");
  if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
    // What Qt would choose, made as the XDG spec wants it (owned by the user, mode 0700).
    const QByteArray dir = QDir::tempPath().toLocal8Bit() + "/runtime-" + QByteArray::number(getuid());
    ::mkdir(dir.constData(), 0700);
    struct stat st {};
    if (::stat(dir.constData(), &st) == 0 && st.st_uid == getuid() && (st.st_mode & 0777) == 0700)
      qputenv("XDG_RUNTIME_DIR", dir);
  }
}

void filterPlatformNotes() { qInstallMessageHandler(dropPlatformNotes); }

}  // namespace af::ui
