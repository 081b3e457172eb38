#include "spec/metrics.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace af::spec {
namespace {

std::string trim(std::string s) {
  const auto notspace = [](unsigned char c) { return !std::isspace(c); };
  s.erase(s.begin(), std::find_if(s.begin(), s.end(), notspace));
  s.erase(std::find_if(s.rbegin(), s.rend(), notspace).base(), s.end());
  return s;
}

std::string upper(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

unsigned parse_metrics(const std::string& text) {
  unsigned out = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    // AccelForge's specs join metrics with '|' (Metrics.ENERGY | Metrics.LATENCY); on a command
    // line ',' is easier to type. Both mean "the front of all of them".
    const auto bar = text.find_first_of("|,", start);
    const std::string raw =
        trim(text.substr(start, bar == std::string::npos ? std::string::npos : bar - start));
    std::string part = upper(raw);
    if (const auto dot = part.rfind('.'); dot != std::string::npos) part = part.substr(dot + 1);
    if (part == "ENERGY")
      out |= kEnergy;
    else if (part == "LATENCY")
      out |= kLatency;
    else if (part == "EDP" || part == "ENERGY_DELAY_PRODUCT")
      out |= kEdp;
    else if (part == "DYNAMIC_ENERGY")
      out |= kDynamicEnergy;
    else if (part == "LEAK_ENERGY")
      out |= kLeakEnergy;
    else if (part == "RESOURCE_USAGE")
      out |= kResourceUsage;
    // Reporting-only metrics do not change what is optimized here.
    else if (part == "ACTIONS" || part == "DETAILED_MEMORY_USAGE") {
    } else
      throw std::invalid_argument("unknown metric '" + raw + "'; " + std::string(kMetricsGrammar));
    if (bar == std::string::npos) break;
    start = bar + 1;
  }
  // Usage alone ranks nothing: every mapping's usage can be lowered at some other cost.
  if ((out & ~unsigned{kResourceUsage}) == 0)
    throw std::invalid_argument(std::string(out == 0 ? "no optimization metric given"
                                                     : "resource_usage is an objective beside another one") +
                                "; " + std::string(kMetricsGrammar));
  return out;
}

std::string metrics_name(unsigned metrics) {
  std::string s;
  const auto add = [&](unsigned flag, const char* name) {
    if ((metrics & flag) == 0) return;
    if (!s.empty()) s += '|';
    s += name;
  };
  add(kEnergy, "energy");
  add(kLatency, "latency");
  add(kEdp, "edp");
  add(kDynamicEnergy, "dynamic_energy");
  add(kLeakEnergy, "leak_energy");
  add(kResourceUsage, "resource_usage");
  return s;
}

}  // namespace af::spec
