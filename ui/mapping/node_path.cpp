#include "mapping/node_path.h"

#include <QStringList>

namespace af::ui {

void forEachNode(const spec::Mapping& mapping,
                 const std::function<void(const spec::MappingNode&, const NodePath&)>& visit) {
  spec::for_each_node(mapping,
                      [&](const spec::MappingNode& node, const spec::NodePath& path) { visit(node, fromSpecPath(path)); });
}

QString pathToString(const NodePath& path) {
  QStringList parts;
  for (const int row : path) parts << QString::number(row);
  return parts.join(QLatin1Char('.'));
}

std::optional<NodePath> pathFromString(const QString& text) {
  NodePath path;
  if (text.isEmpty()) return path;
  for (const auto& part : text.split(QLatin1Char('.'))) {
    bool ok = false;
    const int row = part.toInt(&ok);
    if (!ok || row < 0) return std::nullopt;
    path << row;
  }
  return path;
}

}  // namespace af::ui
