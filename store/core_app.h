#pragma once
// Qt SQL loads its SQLite driver as a plugin, which needs a QCoreApplication; the CLI has
// none. A CoreAppScope makes one when none exists (and only then), named as the explorer
// names itself, so RunStore::default_path() is the same store in both programs.
#include <QCoreApplication>
#include <array>
#include <optional>

namespace af::store {

// The explorer's names (app/explorer_main.cpp sets the same): AppDataLocation derives from them.
inline constexpr const char* kOrganizationName = "AccelForge Explorer";
inline constexpr const char* kApplicationName = "accelforge-explorer";

class CoreAppScope {
 public:
  CoreAppScope();
  ~CoreAppScope() = default;
  CoreAppScope(const CoreAppScope&) = delete;
  CoreAppScope& operator=(const CoreAppScope&) = delete;

 private:
  // QCoreApplication keeps references to argc and argv for its lifetime.
  int argc_ = 1;
  std::array<char, 11> name_{"accelforge"};
  std::array<char*, 2> argv_{name_.data(), nullptr};
  std::optional<QCoreApplication> app_;
};

}  // namespace af::store
