#include "mapping/loop_nest_text.h"

#include <QStringList>
#include <algorithm>

#include "models/qt_string.h"
#include "models/si_format.h"

namespace af::ui {
namespace {

constexpr int kIndent = 2;


class Builder {
 public:
  Builder(const spec::Mapping& mapping, const spec::Workload& workload,
          const std::vector<PlacedTile>& reserved)
      : mapping_(mapping), workload_(workload), reserved_(reserved) {}

  QList<LoopNestLine> run() {
    chain(mapping_.nodes, {}, 0);
    return lines_;
  }

 private:
  void chain(const std::vector<spec::MappingNode>& nodes, const NodePath& prefix, int depth) {
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      NodePath path = prefix;
      path << static_cast<int>(i);
      depth = node(nodes[i], path, depth);
    }
  }

  // Emits the node's line(s); returns the depth for the rest of the chain.
  int node(const spec::MappingNode& n, const NodePath& path, int depth) {
    const Shape shape = shapeAt(mapping_, workload_, path);
    if (const auto* s = n.as<spec::StorageNode>()) {
      holder(path, depth, s->component, s->tensors, QStringLiteral(" holds "));
    } else if (const auto* t = n.as<spec::TollNode>()) {
      holder(path, depth, t->component, t->tensors, QStringLiteral(" passes "));
    } else if (const auto* l = n.as<spec::TemporalNode>()) {
      loop(path, depth, QStringLiteral("for "), l->rank_variable, l->tile_shape, shape, {});
      return depth + 1;
    } else if (const auto* p = n.as<spec::SpatialNode>()) {
      loop(path, depth, QStringLiteral("parallel-for "), p->rank_variable, p->tile_shape, shape,
           QStringLiteral("  # %1 of %2").arg(q(p->name), q(p->component)));
      return depth + 1;
    } else if (const auto* c = n.as<spec::ComputeNode>()) {
      compute(path, depth, *c);
    } else if (const auto* b = n.as<spec::BranchNode>()) {
      const auto word = b->kind == spec::BranchKind::Sequential ? QStringLiteral("sequential:")
                        : b->kind == spec::BranchKind::Pipeline ? QStringLiteral("pipeline:")
                                                                : QStringLiteral("split:");
      add(path, depth, word);
      for (std::size_t i = 0; i < b->branches.size(); ++i) {
        NodePath sub = path;
        sub << static_cast<int>(i);
        const auto& branch = b->branches[i];
        add(sub, depth + 1, QStringLiteral("branch %1:").arg(i + 1));
        if (const auto* nested = branch.as<spec::NestedNode>()) chain(nested->nodes, sub, depth + 2);
        else node(branch, sub, depth + 2);
      }
    } else if (const auto* nested = n.as<spec::NestedNode>()) {
      chain(nested->nodes, path, depth);
    } else if (n.as<spec::ReservationNode>()) {
      add(path, depth, QStringLiteral("# ") + q(spec::describe(n)));
    }
    return depth;
  }

  LoopNestLine& add(const NodePath& path, int depth, const QString& text) {
    LoopNestLine line;
    line.text = QString(depth * kIndent, QLatin1Char(' ')) + text;
    line.path = path;
    lines_ << line;
    return lines_.back();
  }

  void holder(const NodePath& path, int depth, const std::string& component,
              const std::vector<std::string>& tensors, const QString& verb) {
    auto& line = add(path, depth, q(component) + verb);
    line.component = q(component);
    double total = 0;
    bool placed = false;
    for (std::size_t i = 0; i < tensors.size(); ++i) {
      if (i > 0) line.text += QStringLiteral("  ");
      const auto* tile = reservedTileAt(reserved_, path, tensors[i]);
      const QString text = tile ? formatReservedTile(workload_, *tile) : q(tensors[i]);
      LoopNestLine::Span span{
          static_cast<int>(line.text.size()), static_cast<int>(text.size()), q(tensors[i]), -1, {}};
      if (tile) {
        span.bits = tile->tile.bits;
        span.toolTip = explainReservedTile(mapping_, workload_, *tile);
        total += tile->tile.bits;
        placed = placed || !tile->tile.toll;
      }
      line.tensorSpans << span;
      line.text += text;
    }
    if (placed) line.text += QStringLiteral("  # ") + formatBits(total);
  }

  void loop(const NodePath& path, int depth, const QString& keyword, const std::string& rv, std::int64_t tile,
            const Shape& shape, const QString& comment) {
    const auto it = shape.find(rv);
    const QString range = it == shape.end() ? QString() : QStringLiteral(" in [0, %1)").arg(it->second);
    auto& line = add(path, depth, keyword + q(rv) + range + QStringLiteral(" step %1:").arg(tile) + comment);
    // Teaching aid: an irrelevant rank variable means the tensor is reused across iterations.
    QStringList reused;
    QStringList multiplied;
    for (const auto* e : einsumsBelow(mapping_, workload_, path))
      for (const auto& t : e->tensor_names()) {
        auto& list = e->relevancy(rv, t) == spec::Relevancy::Irrelevant ? reused : multiplied;
        if (!list.contains(q(t))) list << q(t);
      }
    if (!reused.isEmpty()) line.toolTip += QStringLiteral("reuses %1 (%2 does not index it)")
                                               .arg(reused.join(QStringLiteral(", ")), q(rv));
    if (!multiplied.isEmpty())
      line.toolTip += (line.toolTip.isEmpty() ? QString() : QStringLiteral("\n")) +
                      QStringLiteral("refetches %1 each iteration").arg(multiplied.join(QStringLiteral(", ")));
  }

  void compute(const NodePath& path, int depth, const spec::ComputeNode& c) {
    const auto* einsum = workload_.find_einsum(c.einsum);
    const QString tag = QStringLiteral("%1 on %2").arg(q(c.einsum), q(c.component));
    if (!einsum) {
      add(path, depth, QStringLiteral("compute ") + tag).component = q(c.component);
      return;
    }
    auto& line = add(path, depth, formatEinsum(*einsum) + QStringLiteral("  # ") + tag);
    line.component = q(c.component);
    const int base = depth * kIndent;
    for (const auto& t : einsum->tensor_names()) {
      const QString needle = q(t) + QLatin1Char('[');
      for (int at = line.text.indexOf(needle, base); at >= 0; at = line.text.indexOf(needle, at + 1))
        if (at == base || line.text[at - 1] == QLatin1Char(' '))
          line.tensorSpans << LoopNestLine::Span{at, static_cast<int>(t.size()), q(t), -1, {}};
    }
    std::ranges::sort(line.tensorSpans, {}, &LoopNestLine::Span::start);  // views walk them in order
  }

  const spec::Mapping& mapping_;
  const spec::Workload& workload_;
  const std::vector<PlacedTile>& reserved_;
  QList<LoopNestLine> lines_;
};

}  // namespace

QList<LoopNestLine> buildLoopNest(const spec::Mapping& mapping, const spec::Workload& workload,
                                  const std::vector<PlacedTile>& reserved) {
  return Builder(mapping, workload, reserved).run();
}

QString loopNestText(const QList<LoopNestLine>& lines) {
  QStringList texts;
  for (const auto& l : lines) texts << l.text;
  return texts.join(QLatin1Char('\n'));
}

}  // namespace af::ui
