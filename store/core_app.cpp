#include "core_app.h"

#include <clocale>
#include <string>

namespace af::store {

CoreAppScope::CoreAppScope() {
  if (QCoreApplication::instance() != nullptr) return;
  // QCoreApplication sets the C locale from the environment; the CLI's number parsing and
  // printing stay in the "C" locale they were written for.
  const std::string locale = std::setlocale(LC_ALL, nullptr);
  app_.emplace(argc_, argv_.data());
  std::setlocale(LC_ALL, locale.c_str());
  QCoreApplication::setOrganizationName(QString::fromUtf8(kOrganizationName));
  QCoreApplication::setApplicationName(QString::fromUtf8(kApplicationName));
}

}  // namespace af::store
