#include "controller/mapper_settings.h"

namespace af::ui {

namespace {

// Each field `change` sets replaces the one in `into`.
template <class T>
void overlay(std::optional<T>& into, const std::optional<T>& change) {
  if (change) into = change;
}

}  // namespace

MapperSettings::MapperSettings(QObject* parent) : QObject(parent) {}

void MapperSettings::setSpecOptions(const mapper::MapperOptions& options) {
  spec_ = options;
  emit changed();
}

void MapperSettings::setUserSettings(const ProjectMapperSettings& settings) {
  user_ = settings;
  emit changed();
}

void MapperSettings::choose(const ProjectMapperSettings& change) {
  ProjectMapperSettings next = user_;
  overlay(next.metrics, change.metrics);
  overlay(next.unfused, change.unfused);
  overlay(next.max_fused_loops, change.max_fused_loops);
  overlay(next.imperfect_spatial_loops, change.imperfect_spatial_loops);
  overlay(next.imperfect_temporal_loops, change.imperfect_temporal_loops);
  overlay(next.tiling_coarseness, change.tiling_coarseness);
  overlay(next.threads, change.threads);
  overlay(next.objective_tolerance, change.objective_tolerance);
  if (next == user_) return;
  user_ = next;
  emit changed();
}

mapper::MapperOptions MapperSettings::options() const {
  mapper::MapperOptions o = spec_;
  apply_mapper_settings(user_, o);
  return o;
}

}  // namespace af::ui
