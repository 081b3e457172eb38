#include "model/compiled_pmapping.h"

#include "model/prepared_einsum.h"

namespace af::model {

CompiledPmapping::CompiledPmapping(const spec::ResolvedSpec& spec, spec::Mapping pmapping)
    : mapping_(std::make_unique<const spec::Mapping>(std::move(pmapping))),
      numbers_(std::make_unique<detail::EinsumNumbers>()) {
  const auto chains = detail::split_into_pmappings(*mapping_);
  if (chains.size() != 1)
    detail::fail(
        "a compiled pmapping holds exactly one Einsum, this one has " + std::to_string(chains.size()),
        nullptr);
  prepared_ = std::make_unique<detail::PreparedEinsum>(detail::prepare_einsum(spec, chains.front()));
}

CompiledPmapping::~CompiledPmapping() = default;
CompiledPmapping::CompiledPmapping(CompiledPmapping&&) noexcept = default;
CompiledPmapping& CompiledPmapping::operator=(CompiledPmapping&&) noexcept = default;

std::size_t CompiledPmapping::loop_count() const { return prepared_->loops.size(); }

const QuickEvaluation& CompiledPmapping::evaluate(std::span<const std::int64_t> tiles) {
  auto& p = *prepared_;
  for (std::size_t i = 0; i < p.loops.size() && i < tiles.size(); ++i)
    detail::set_loop_tile(p, i, static_cast<double>(tiles[i]));
  auto& num = *numbers_;
  detail::compute_einsum(p, num, true);
  result_.failure = QuickEvaluation::Failure::None;
  if (num.failure != detail::Failure::None) {
    result_.failure = num.failure == detail::Failure::Fanout ? QuickEvaluation::Failure::Fanout
                                                             : QuickEvaluation::Failure::Capacity;
    result_.component = num.failed_component;
    result_.dim = num.failed_dim;
    return result_;
  }
  const double k = p.ctx.n_instances;
  result_.latency = num.latency * k;
  result_.dynamic_energy = num.dynamic_energy * k;
  result_.leak_energy = num.leak_energy * k;
  return result_;
}

std::string CompiledPmapping::failure_name(const QuickEvaluation& failed) const {
  if (failed.failure == QuickEvaluation::Failure::None || failed.component < 0) return {};
  const auto& comp = *prepared_->ctx.flat[static_cast<std::size_t>(failed.component)];
  if (failed.failure == QuickEvaluation::Failure::Capacity) return "capacity " + comp.name;
  return "fanout " + comp.name + "." + comp.spatial[static_cast<std::size_t>(failed.dim)].name;
}

int CompiledPmapping::usage_index(const std::string& component, const std::string& dim) {
  const auto& ctx = prepared_->ctx;
  const int c = ctx.flat_index(component);
  if (c < 0) return -1;
  const auto& dims = ctx.flat[static_cast<std::size_t>(c)]->spatial;
  for (std::size_t d = 0; d < dims.size(); ++d) {
    if (dims[d].name != dim) continue;
    const auto slot = std::pair{c, static_cast<int>(d)};
    for (std::size_t i = 0; i < usage_slots_.size(); ++i)
      if (usage_slots_[i] == slot) return static_cast<int>(i);
    usage_slots_.push_back(slot);
    return static_cast<int>(usage_slots_.size() - 1);
  }
  return -1;
}

double CompiledPmapping::usage(int index) const {
  if (index < 0) return 0.0;
  const auto [c, d] = usage_slots_[static_cast<std::size_t>(index)];
  return numbers_->usage[static_cast<std::size_t>(c)][static_cast<std::size_t>(d)];
}

}  // namespace af::model
