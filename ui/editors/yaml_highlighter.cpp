#include "editors/yaml_highlighter.h"

#include <QRegularExpression>

namespace af::ui {

namespace {
QTextCharFormat makeFormat(const QColor& colour, bool bold = false, bool italic = false) {
  QTextCharFormat format;
  format.setForeground(colour);
  if (bold) format.setFontWeight(QFont::DemiBold);
  format.setFontItalic(italic);
  return format;
}

bool isFlowIndicator(QChar c) { return c == ',' || c == '[' || c == ']' || c == '{' || c == '}'; }

// Key at the start of a line, after any "- " sequence indicators: plain or quoted, then ':'.
const QRegularExpression& keyPattern() {
  static const QRegularExpression re(QStringLiteral(
      R"(^\s*(?:-\s+)*((?:[^\s:#'"!&*{}\[\],|>%@`-]|-(?=\S))[^:#]*?|"(?:[^"\\]|\\.)*"|'(?:[^']|'')*')\s*:(?=\s|$))"));
  return re;
}
const QRegularExpression& numberPattern() {
  static const QRegularExpression re(QStringLiteral(
      R"(^(?:[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|0x[0-9a-fA-F]+|0o[0-7]+|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$)"));
  return re;
}
const QRegularExpression& booleanPattern() {
  static const QRegularExpression re(QStringLiteral(
      R"(^(?:true|True|TRUE|false|False|FALSE|yes|Yes|no|No|on|On|off|Off|null|Null|NULL|None|~)$)"));
  return re;
}
}  // namespace

YamlHighlighter::YamlHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) {
  // Okabe–Ito hues (colour-blind safe), darkened where needed for contrast on white.
  formats_[static_cast<size_t>(Role::Key)] = makeFormat(QColor(0x00, 0x5a, 0x8c), true);
  formats_[static_cast<size_t>(Role::Tag)] = makeFormat(QColor(0xa0, 0x4d, 0x80), true);
  formats_[static_cast<size_t>(Role::Comment)] = makeFormat(QColor(0x70, 0x70, 0x70), false, true);
  formats_[static_cast<size_t>(Role::String)] = makeFormat(QColor(0x00, 0x7a, 0x5a));
  formats_[static_cast<size_t>(Role::Number)] = makeFormat(QColor(0xb3, 0x4a, 0x00));
  formats_[static_cast<size_t>(Role::Boolean)] = makeFormat(QColor(0x80, 0x40, 0xa0), true);
  formats_[static_cast<size_t>(Role::Anchor)] = makeFormat(QColor(0x00, 0x80, 0xa0), false, true);
  QTextCharFormat jinja = makeFormat(QColor(0x8a, 0x5a, 0x00));
  jinja.setBackground(QColor(0xfd, 0xf3, 0xdc));
  formats_[static_cast<size_t>(Role::Jinja)] = jinja;
}

void YamlHighlighter::highlightBlock(const QString& text) {
  setCurrentBlockState(Normal);
  if (previousBlockState() <= Normal) highlightYaml(text);
  highlightJinja(text);  // last: templating wins over whatever YAML it sits in
}

void YamlHighlighter::highlightYaml(const QString& text) {
  int i = 0;
  if (const auto key = keyPattern().match(text); key.hasMatch()) {
    apply(key.capturedStart(1), key.capturedLength(1), Role::Key);
    i = key.capturedEnd(0);
  }
  while (i < text.size()) {
    const QChar c = text[i];
    if (c.isSpace() || isFlowIndicator(c) || c == ':' ||
        (c == '-' && (i + 1 == text.size() || text[i + 1].isSpace()))) {
      ++i;
    } else if (c == '#' && (i == 0 || text[i - 1].isSpace())) {
      apply(i, static_cast<int>(text.size()) - i, Role::Comment);
      return;
    } else if (c == '"' || c == '\'') {
      int end = i + 1;
      while (end < text.size()) {
        if (c == '"' && text[end] == '\\')
          end += 2;
        else if (text[end] == c && c == '\'' && end + 1 < text.size() && text[end + 1] == '\'')
          end += 2;
        else if (text[end] == c)
          break;
        else
          ++end;
      }
      end = std::min<int>(end + 1, static_cast<int>(text.size()));
      apply(i, end - i, Role::String);
      i = end;
    } else {
      i = highlightScalar(text, i);
    }
  }
}

int YamlHighlighter::highlightScalar(const QString& text, int start) {
  int end = start;
  while (end < text.size() && !text[end].isSpace() && !isFlowIndicator(text[end])) ++end;
  // Keep "{{" and "{%" inside the token so "size: {{ X }}" is left to the Jinja pass.
  const QString token = text.mid(start, end - start);
  const QChar first = token.front();
  if (first == '!')
    apply(start, end - start, Role::Tag);
  else if (first == '&' || first == '*')
    apply(start, end - start, Role::Anchor);
  else if (numberPattern().match(token).hasMatch())
    apply(start, end - start, Role::Number);
  else if (booleanPattern().match(token).hasMatch())
    apply(start, end - start, Role::Boolean);
  return std::max(end, start + 1);
}

void YamlHighlighter::highlightJinja(const QString& text) {
  static const QRegularExpression open(QStringLiteral(R"(\{[{%#])"));
  // The block state remembers which kind of Jinja block is still open at the end of a line.
  const auto stateFor = [](QChar kind) {
    return kind == '{' ? InExpression : kind == '%' ? InStatement : InComment;
  };
  QChar kind;
  int start = -1;
  switch (previousBlockState()) {
    case InExpression:
      kind = '{', start = 0;
      break;
    case InStatement:
      kind = '%', start = 0;
      break;
    case InComment:
      kind = '#', start = 0;
      break;
    default:
      break;
  }
  int from = 0;
  while (true) {
    if (start < 0) {
      const auto match = open.match(text, from);
      if (!match.hasMatch()) return;
      start = static_cast<int>(match.capturedStart());
      kind = match.captured().at(1);
      from = start + 2;
    }
    const QString closer = QString(kind == '{' ? QChar('}') : kind) + QChar('}');
    const int end = static_cast<int>(text.indexOf(closer, from));
    if (end < 0) {
      apply(start, static_cast<int>(text.size()) - start, Role::Jinja);
      setCurrentBlockState(stateFor(kind));
      return;
    }
    apply(start, end + 2 - start, Role::Jinja);
    from = end + 2;
    start = -1;
  }
}

}  // namespace af::ui
