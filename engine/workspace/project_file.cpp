#include "workspace/project_file.h"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <stdexcept>

#include "core/bounded_read.h"
#include "core/closest_name.h"
#include "core/diagnostic.h"
#include "mapper/options.h"
#include "text/yaml/yaml_parse.h"

namespace af {

namespace {

namespace fs = std::filesystem;
using text::yaml::YamlNode;

[[noreturn]] void fail(const core::SourceLocation& where, const std::string& field, std::string message) {
  throw core::SpecError(core::Diagnostic{where, field, std::move(message)});
}

std::string resolved(const std::string& written, const fs::path& folder) {
  const fs::path p(written);
  if (p.is_absolute() || folder.empty()) return written;
  fs::path n = (folder / p).lexically_normal();
  // "/p/." normalizes to "/p/" and "..//p" to "/p": one path, one spelling (no trailing
  // separator), or a folder written as "." would not read back as itself.
  if (!n.has_filename() && n.has_relative_path()) n = n.parent_path();
  return n.string();
}

std::string relative(const std::string& path, const fs::path& folder) {
  if (folder.empty()) return path;
  const fs::path rel = fs::path(path).lexically_relative(folder);
  // Outside the folder (or another root), the path as given is the clearer one.
  return rel.empty() || rel.string().starts_with("..") ? path : rel.string();
}

const YamlNode& scalar(const YamlNode& node, const std::string& field) {
  if (!node.is_scalar()) fail(node.location(), field, "expected a value, got " + node.describe());
  return node;
}

ProjectMapperSettings read_mapper(const YamlNode& node) {
  ProjectMapperSettings s;
  if (node.is_null()) return s;
  if (!node.is_map())
    fail(node.location(), "mapper", "expected a mapping of settings, got " + node.describe());
  const std::vector<std::string> keys = {"metric",
                                         "unfused",
                                         "max_fused_loops",
                                         "imperfect_spatial_loops",
                                         "imperfect_temporal_loops",
                                         "tiling_coarseness",
                                         "threads",
                                         "objective_tolerance"};
  for (const auto& e : node.entries()) {
    const std::string field = "mapper." + e.key;
    const YamlNode& v = scalar(e.value, field);
    if (e.key == "metric") {
      try {
        s.metrics = mapper::parse_metrics(v.as_string());
      } catch (const std::invalid_argument& err) {
        fail(v.location(), field, err.what());
      }
    } else if (e.key == "unfused") {
      s.unfused = v.as_bool(field);
    } else if (e.key == "max_fused_loops") {
      if (v.as_string() == "unlimited") {
        s.max_fused_loops = mapper::kUnlimited;
      } else {
        const std::int64_t n = v.as_int(field);
        if (n < 0) fail(v.location(), field, "expected a whole number >= 0 or 'unlimited'");
        s.max_fused_loops = n;
      }
    } else if (e.key == "imperfect_spatial_loops") {
      s.imperfect_spatial_loops = v.as_bool(field);
    } else if (e.key == "imperfect_temporal_loops") {
      s.imperfect_temporal_loops = v.as_bool(field);
    } else if (e.key == "tiling_coarseness") {
      s.tiling_coarseness = v.as_double(field);
      if (!std::isfinite(*s.tiling_coarseness) || *s.tiling_coarseness < 0)
        fail(v.location(), field, "expected a finite number >= 0");
    } else if (e.key == "threads") {
      const std::int64_t n = v.as_int(field);
      if (n < 0 || n > 1024) fail(v.location(), field, "expected a whole number from 0 (all cores) to 1024");
      s.threads = static_cast<int>(n);
    } else if (e.key == "objective_tolerance") {
      s.objective_tolerance = v.as_double(field);
      if (!std::isfinite(*s.objective_tolerance) || *s.objective_tolerance < 0)
        fail(v.location(), field, "expected a finite number >= 0");
    } else {
      fail(e.key_location, field, "unknown mapper setting '" + e.key + "'" + core::did_you_mean(e.key, keys));
    }
  }
  return s;
}

loader::CimOpening read_cim(const YamlNode& node) {
  loader::CimOpening c;
  if (node.is_null()) return c;
  if (!node.is_map())
    fail(node.location(), "cim", "expected main_memory: and macros:, got " + node.describe());
  const std::vector<std::string> keys = {"main_memory", "macros"};
  for (const auto& e : node.entries()) {
    const std::string field = "cim." + e.key;
    const YamlNode& v = scalar(e.value, field);
    if (e.key == "main_memory") {
      c.dummy_main_memory = v.as_bool(field);
    } else if (e.key == "macros") {
      const std::int64_t n = v.as_int(field);
      if (n < 1 || n > (1 << 20)) fail(v.location(), field, "expected a whole number from 1 to 1048576");
      c.macros = static_cast<int>(n);
    } else {
      fail(e.key_location, field, "unknown cim setting '" + e.key + "'" + core::did_you_mean(e.key, keys));
    }
  }
  return c;
}

// A double-quoted YAML string: round-trips any text.
std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          static constexpr char kHex[] = "0123456789abcdef";
          out += "\\x";
          out += kHex[(c >> 4) & 0xf];
          out += kHex[c & 0xf];
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

// The shortest text that reads back as the same double.
std::string number_text(double v) { return fmt::format("{}", v); }

}  // namespace

ProjectFile parse_project_file(const std::string& text, const std::string& path) {
  const YamlNode root = text::yaml::parse_yaml(text, path);
  const fs::path folder = fs::path(path).parent_path();
  ProjectFile p;
  if (root.is_null()) fail({path, 1, 1}, "", "the project file is empty (it needs at least 'files:')");
  if (!root.is_map()) fail(root.location(), "", "expected a mapping with 'files:', got " + root.describe());
  const std::vector<std::string> keys = {"files",           "variables", "component_costs",
                                         "priced_by_model", "mapper",    "cim"};
  bool has_files = false;
  for (const auto& e : root.entries()) {
    if (e.key == "files") {
      has_files = true;
      if (!e.value.is_sequence())
        fail(e.value.location(), "files", "expected a list of spec files, got " + e.value.describe());
      for (std::size_t i = 0; i < e.value.items().size(); ++i) {
        const std::string field = "files[" + std::to_string(i) + "]";
        const std::string f = scalar(e.value.items()[i], field).as_string();
        if (f.empty()) fail(e.value.items()[i].location(), field, "an empty file name");
        p.files.push_back(resolved(f, folder));
      }
    } else if (e.key == "variables") {
      if (e.value.is_null()) continue;
      if (!e.value.is_map())
        fail(e.value.location(), "variables", "expected NAME: value pairs, got " + e.value.describe());
      for (const auto& v : e.value.entries())
        p.variables.emplace_back(v.key, scalar(v.value, "variables." + v.key).as_string());
    } else if (e.key == "component_costs") {
      if (e.value.is_null()) continue;
      const std::string t = scalar(e.value, "component_costs").as_string();
      const auto hash = t.find('#');
      p.component_costs =
          resolved(t.substr(0, hash), folder) + (hash == std::string::npos ? "" : t.substr(hash));
    } else if (e.key == "priced_by_model") {
      if (e.value.is_null()) continue;
      if (!e.value.is_sequence())
        fail(e.value.location(), "priced_by_model",
             "expected a list of component names, got " + e.value.describe());
      for (std::size_t i = 0; i < e.value.items().size(); ++i)
        p.priced_by_model.push_back(
            scalar(e.value.items()[i], "priced_by_model[" + std::to_string(i) + "]").as_string());
    } else if (e.key == "mapper") {
      p.mapper = read_mapper(e.value);
    } else if (e.key == "cim") {
      p.cim = read_cim(e.value);
    } else {
      fail(e.key_location, e.key, "unknown project field '" + e.key + "'" + core::did_you_mean(e.key, keys));
    }
  }
  if (!has_files) fail(root.location(), "files", "a project names its spec files under 'files:'");
  return p;
}

ProjectFile read_project_file(const std::string& path) {
  try {
    return parse_project_file(core::read_file_bounded(path), path);
  } catch (const core::ReadError& e) {
    fail({path, 0, 0}, "", e.what());
  }
}

std::string write_project_file(const ProjectFile& project, const std::string& path) {
  const fs::path folder = fs::path(path).parent_path();
  std::string out =
      "# AccelForge Explorer project: spec files (relative to this file), variable values,\n"
      "# component costs (and the components priced by their model instead) and the mapper\n"
      "# settings chosen in the window.\n";
  out += "files:\n";
  for (const auto& f : project.files) out += "- " + quoted(relative(f, folder)) + "\n";
  if (!project.variables.empty()) {
    out += "variables:\n";
    for (const auto& [name, value] : project.variables)
      out += "  " + quoted(name) + ": " + quoted(value) + "\n";
  }
  if (!project.component_costs.empty()) {
    const auto hash = project.component_costs.find('#');
    out += "component_costs: " +
           quoted(relative(project.component_costs.substr(0, hash), folder) +
                  (hash == std::string::npos ? "" : project.component_costs.substr(hash))) +
           "\n";
  }
  if (!project.priced_by_model.empty()) {
    out += "priced_by_model:\n";
    for (const auto& c : project.priced_by_model) out += "- " + quoted(c) + "\n";
  }
  const ProjectMapperSettings& m = project.mapper;
  std::string mapper;
  const auto flag = [](bool b) { return std::string(b ? "true" : "false"); };
  if (m.metrics) mapper += "  metric: " + quoted(mapper::metrics_name(*m.metrics)) + "\n";
  if (m.unfused) mapper += "  unfused: " + flag(*m.unfused) + "\n";
  if (m.max_fused_loops)
    mapper += "  max_fused_loops: " +
              (*m.max_fused_loops == mapper::kUnlimited ? std::string("unlimited")
                                                        : std::to_string(*m.max_fused_loops)) +
              "\n";
  if (m.imperfect_spatial_loops)
    mapper += "  imperfect_spatial_loops: " + flag(*m.imperfect_spatial_loops) + "\n";
  if (m.imperfect_temporal_loops)
    mapper += "  imperfect_temporal_loops: " + flag(*m.imperfect_temporal_loops) + "\n";
  if (m.tiling_coarseness) mapper += "  tiling_coarseness: " + number_text(*m.tiling_coarseness) + "\n";
  if (m.threads) mapper += "  threads: " + std::to_string(*m.threads) + "\n";
  if (m.objective_tolerance) mapper += "  objective_tolerance: " + number_text(*m.objective_tolerance) + "\n";
  if (!mapper.empty()) out += "mapper:\n" + mapper;
  if (project.cim.adds_nodes())
    out += fmt::format("cim:\n  main_memory: {}\n  macros: {}\n", flag(project.cim.dummy_main_memory),
                       project.cim.macros);
  return out;
}

void apply_mapper_settings(const ProjectMapperSettings& s, mapper::MapperOptions& o) {
  if (s.metrics) o.metrics = *s.metrics;
  if (s.unfused) o.unfused = *s.unfused;
  if (s.max_fused_loops) o.max_fused_loops = *s.max_fused_loops;
  if (s.imperfect_spatial_loops) o.explore_imperfect_spatial_loops = *s.imperfect_spatial_loops;
  if (s.imperfect_temporal_loops) o.explore_imperfect_temporal_loops = *s.imperfect_temporal_loops;
  if (s.tiling_coarseness) o.tiling_coarseness = *s.tiling_coarseness;
  if (s.threads) o.threads = *s.threads;
  if (s.objective_tolerance) o.objective_tolerance = *s.objective_tolerance;
}

}  // namespace af
