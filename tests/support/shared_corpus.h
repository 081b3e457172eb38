#pragma once
// Where the tests find AccelForge's reference corpus and the project's own test data.
//
// The corpus is not part of this repository. It lives in a folder holding `reference/`
// (`reference/accelforge/examples`, `reference/accelforge/expected`), by default
// `../shared` beside the checkout. The environment variable AF_SHARED_DIR, when set and
// not empty, wins over the compile-time default (the CMake cache entry AF_SHARED_DIR), so
// one build can be pointed at a corpus without reconfiguring.
//
// A test that needs the corpus calls AF_REQUIRE_CORPUS() first: without the corpus it is
// skipped with one line that names the folder it looked in and how to set it. Put it in
// initTestCase() only when every function of the suite needs the corpus (CTest then reports
// the whole entry as skipped; see tests/CMakeLists.txt); otherwise in each function.
#include <QtTest>

#include <cstdlib>
#include <filesystem>
#include <string>

#ifndef AF_SHARED_DIR
#error "AF_SHARED_DIR must be defined (tests/CMakeLists.txt does it for every test)"
#endif
#ifndef AF_TEST_DATA_DIR
#error "AF_TEST_DATA_DIR must be defined (tests/CMakeLists.txt does it for every test)"
#endif

namespace af::test {

// The folder holding reference/: $AF_SHARED_DIR if set, else the compile-time default.
inline std::filesystem::path shared_dir() {
  const char* env = std::getenv("AF_SHARED_DIR");
  return std::filesystem::path(env != nullptr && *env != '\0' ? env : AF_SHARED_DIR);
}

// AccelForge's corpus: examples/, tests/input_files/, expected/.
inline std::filesystem::path reference_dir() { return shared_dir() / "reference" / "accelforge"; }
inline std::filesystem::path examples_dir() { return reference_dir() / "examples"; }

// `relative` under reference/accelforge, as a string (for APIs taking std::string / QString).
inline std::string reference_file(const std::string& relative) { return (reference_dir() / relative).string(); }
inline QString reference_qfile(const QString& relative) {
  return QString::fromStdString(reference_dir().string()) + '/' + relative;
}

// The corpus is there when both its examples and its expected figures are.
inline bool corpus_available() {
  std::error_code ec;
  return std::filesystem::is_directory(reference_dir() / "examples", ec) &&
         std::filesystem::is_directory(reference_dir() / "expected", ec);
}

// The one-line skip reason.
inline std::string corpus_missing_message() {
  return "AccelForge reference corpus not found in " + reference_dir().string() +
         " (set AF_SHARED_DIR to the folder holding reference/, in the environment or with cmake "
         "-DAF_SHARED_DIR=...)";
}

// The project's own test inputs (tests/data), always present.
inline std::string data_file(const std::string& relative) {
  return (std::filesystem::path(AF_TEST_DATA_DIR) / relative).string();
}
inline QString data_qfile(const QString& relative) { return QStringLiteral(AF_TEST_DATA_DIR "/") + relative; }

}  // namespace af::test

// Skips the current test function (or, in initTestCase, the whole suite) without the corpus.
#define AF_REQUIRE_CORPUS()                                                    \
  do {                                                                         \
    if (!af::test::corpus_available())                                         \
      QSKIP(af::test::corpus_missing_message().c_str());                       \
  } while (false)
