#include "core/version.h"

namespace af {
std::string_view version() { return AF_VERSION; }
}  // namespace af
