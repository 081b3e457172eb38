#include "core/version.h"

namespace af::core {
std::string_view version() { return AF_VERSION; }
}  // namespace af::core
