#include "mapping/yaml_section.h"

#include <QStringList>

namespace af::ui {

bool containsJinja(const QString& text) {
  return text.contains(QLatin1String("{%")) || text.contains(QLatin1String("{{")) ||
         text.contains(QLatin1String("{#"));
}

QString replaceTopLevelSection(const QString& text, const spec::YamlNode& root, const std::string& key,
                               const QString& section) {
  QString body = section;
  if (!body.endsWith(QLatin1Char('\n'))) body += QLatin1Char('\n');
  if (!root.is_map()) return body;
  const auto& entries = root.entries();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].key != key || !entries[i].key_location.known()) continue;
    const QStringList lines = text.split(QLatin1Char('\n'));
    const auto first = static_cast<qsizetype>(entries[i].key_location.line - 1);  // 0-based
    qsizetype last = lines.size();                                                  // exclusive
    if (i + 1 < entries.size() && entries[i + 1].key_location.known())
      last = static_cast<qsizetype>(entries[i + 1].key_location.line - 1);
    const QString before = lines.mid(0, first).join(QLatin1Char('\n'));
    const QString after = lines.mid(last).join(QLatin1Char('\n'));
    return (first > 0 ? before + QLatin1Char('\n') : QString()) + body + after;
  }
  QString out = text;
  if (!out.isEmpty() && !out.endsWith(QLatin1Char('\n'))) out += QLatin1Char('\n');
  return out + body;
}

}  // namespace af::ui
