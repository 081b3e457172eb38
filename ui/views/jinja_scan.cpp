#include "views/jinja_scan.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QStringList>
#include <algorithm>

namespace af::ui {

namespace {

const QSet<QString>& reservedNames() {
  // Keywords, literals and globals: never Jinja data. A function-local static, built once.
  static const QSet<QString> names{
      "and", "or", "not", "in", "is", "if", "else", "elif", "endif", "for", "endfor", "set", "endset",
      "macro", "endmacro", "call", "endcall", "filter", "endfilter", "block", "endblock", "extends",
      "include", "import", "from", "as", "with", "endwith", "without", "context", "ignore", "missing",
      "recursive", "raw", "endraw", "do", "break", "continue", "true", "false", "none", "True", "False",
      "None", "loop", "self", "super", "caller", "varargs", "kwargs", "range", "dict", "lipsum", "cycler",
      "joiner", "namespace", "include_all", "include_text", "add_to_path", "find_path", "find_paths",
      "path_exists", "cwd", "assert"};
  return names;
}

int lineAt(const QString& text, qsizetype offset) {
  return static_cast<int>(QStringView(text).left(offset).count(QLatin1Char('\n'))) + 1;
}

// Blanks out string literals (same length, so offsets stay valid).
QString withoutStrings(const QString& expr) {
  static const QRegularExpression strings(QStringLiteral(R"('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"));
  QString out = expr;
  for (auto it = strings.globalMatch(expr); it.hasNext();) {
    const auto m = it.next();
    out.replace(m.capturedStart(), m.capturedLength(), QString(m.capturedLength(), QLatin1Char(' ')));
  }
  return out;
}

// The text inside the parentheses that open at `open` (balanced, strings respected).
QString argumentText(const QString& expr, qsizetype open) {
  int depth = 0;
  QChar quote;
  for (qsizetype i = open; i < expr.size(); ++i) {
    const QChar c = expr[i];
    if (!quote.isNull()) {
      if (c == QLatin1Char('\\')) ++i;
      else if (c == quote) quote = QChar();
    } else if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
      quote = c;
    } else if (c == QLatin1Char('(') || c == QLatin1Char('[') || c == QLatin1Char('{')) {
      ++depth;
    } else if (c == QLatin1Char(')') || c == QLatin1Char(']') || c == QLatin1Char('}')) {
      if (--depth == 0) return expr.mid(open + 1, i - open - 1).trimmed();
    }
  }
  return expr.mid(open + 1).trimmed();
}

// The first positional argument of a default(...) call: up to a top-level comma.
QString firstArgument(const QString& args) {
  int depth = 0;
  QChar quote;
  for (qsizetype i = 0; i < args.size(); ++i) {
    const QChar c = args[i];
    if (!quote.isNull()) {
      if (c == QLatin1Char('\\')) ++i;
      else if (c == quote) quote = QChar();
    } else if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
      quote = c;
    } else if (QStringLiteral("([{").contains(c)) {
      ++depth;
    } else if (QStringLiteral(")]}").contains(c)) {
      --depth;
    } else if (c == QLatin1Char(',') && depth == 0) {
      return args.left(i).trimmed();
    }
  }
  return args.trimmed();
}

class Scanner {
 public:
  Scanner(const QString& text, const QString& file) : text_(text), file_(file) {}

  std::vector<JinjaVariable> run() {
    static const QRegularExpression tag(QStringLiteral(R"(\{\{(.*?)\}\}|\{%(.*?)%\}|\{#.*?#\})"),
                                        QRegularExpression::DotMatchesEverythingOption);
    bool inRaw = false;
    for (auto it = tag.globalMatch(text_); it.hasNext();) {
      const auto m = it.next();
      if (m.capturedStart(1) >= 0) {
        if (!inRaw) expression(m.captured(1), m.capturedStart(1));
      } else if (m.capturedStart(2) >= 0) {
        QString body = m.captured(2);
        qsizetype offset = m.capturedStart(2);
        trimControl(body, offset);
        const QString keyword = body.section(QLatin1Char(' '), 0, 0);
        if (inRaw) {
          inRaw = keyword != QLatin1String("endraw");
          continue;
        }
        inRaw = keyword == QLatin1String("raw");
        statement(keyword, body, offset);
      }
    }
    return std::move(found_);
  }

 private:
  // Drops `-`/`+` whitespace control and surrounding blanks, keeping `offset` on the first char.
  static void trimControl(QString& body, qsizetype& offset) {
    qsizetype start = 0;
    while (start < body.size() && (body[start].isSpace() || body[start] == QLatin1Char('-') ||
                                   body[start] == QLatin1Char('+')))
      ++start;
    qsizetype end = body.size();
    while (end > start && (body[end - 1].isSpace() || body[end - 1] == QLatin1Char('-') ||
                           body[end - 1] == QLatin1Char('+')))
      --end;
    body = body.mid(start, end - start);
    offset += start;
  }

  void statement(const QString& keyword, const QString& body, qsizetype offset) {
    const QString rest = body.mid(keyword.size());
    const qsizetype restOffset = offset + keyword.size();
    if (keyword == QLatin1String("set")) {
      const qsizetype eq = withoutStrings(rest).indexOf(QRegularExpression(QStringLiteral("=(?!=)")));
      const QString targets = eq < 0 ? rest : rest.left(eq);
      if (eq >= 0) expression(rest.mid(eq + 1), restOffset + eq + 1);
      define(targets);
    } else if (keyword == QLatin1String("for")) {
      const qsizetype in = rest.indexOf(QRegularExpression(QStringLiteral(R"(\bin\b)")));
      if (in < 0) return;
      // The iterable is read outside the loop; an `if` filter already sees the targets.
      const qsizetype cond = rest.indexOf(QRegularExpression(QStringLiteral(R"(\bif\b)")), in);
      expression(rest.mid(in + 2, cond < 0 ? -1 : cond - in - 2), restOffset + in + 2);
      scopes_.emplace_back();
      define(rest.left(in));
      if (cond >= 0) expression(rest.mid(cond + 2), restOffset + cond + 2);
    } else if (keyword == QLatin1String("macro")) {
      static const QRegularExpression sig(QStringLiteral(R"(^\s*(\w+)\s*\()"));
      const auto m = sig.match(rest);
      if (!m.hasMatch()) return;
      define(m.captured(1));
      // Arguments: `a, b=HEIGHT` -> a, b local; default expressions read outside.
      const QStringList args = argumentText(rest, m.capturedEnd(0) - 1).split(QLatin1Char(','));
      for (const QString& arg : args)
        if (const qsizetype eq = arg.indexOf(QLatin1Char('=')); eq >= 0) expression(arg.mid(eq + 1), restOffset);
      scopes_.emplace_back();
      for (const QString& arg : args) define(arg.section(QLatin1Char('='), 0, 0));
    } else if (keyword == QLatin1String("with")) {
      scopes_.emplace_back();
      static const QRegularExpression assign(QStringLiteral(R"((\w+)\s*=(?!=)([^,]*))"));
      for (auto it = assign.globalMatch(rest); it.hasNext();) {
        const auto m = it.next();
        expression(m.captured(2), restOffset + m.capturedStart(2));
        define(m.captured(1));
      }
    } else if (keyword == QLatin1String("import") || keyword == QLatin1String("from")) {
      static const QRegularExpression asName(QStringLiteral(R"(\bas\s+(\w+)|\bimport\s+([\w\s,]+))"));
      for (auto it = asName.globalMatch(withoutStrings(body)); it.hasNext();) {
        const auto m = it.next();
        define(m.captured(1).isEmpty() ? m.captured(2) : m.captured(1));
      }
    } else if (keyword == QLatin1String("endfor") || keyword == QLatin1String("endmacro") ||
               keyword == QLatin1String("endwith")) {
      if (scopes_.size() > 1) scopes_.pop_back();  // closes what for/macro/with opened
    } else if (keyword == QLatin1String("block") || keyword == QLatin1String("filter") ||
               keyword.startsWith(QLatin1String("end"))) {
      // A block name or filter name, or a closing tag: nothing is read.
    } else {
      expression(rest, restOffset);  // if, elif, include, assert, do, filter, ...
    }
  }

  // Binds each comma-separated target in the innermost scope (`ns.x` binds nothing new).
  void define(const QString& targets) {
    for (QString t : targets.split(QLatin1Char(','))) {
      t = t.trimmed().remove(QLatin1Char('(')).remove(QLatin1Char(')'));
      if (!t.isEmpty() && !t.contains(QLatin1Char('.'))) scopes_.back().insert(t);
    }
  }

  [[nodiscard]] bool isLocal(const QString& name) const {
    return std::any_of(scopes_.begin(), scopes_.end(), [&](const QSet<QString>& s) { return s.contains(name); });
  }

  void expression(const QString& expr, qsizetype offset) {
    static const QRegularExpression identifier(QStringLiteral(R"((?<![\w.])[A-Za-z_]\w*)"));
    static const QRegularExpression defaultCall(QStringLiteral(R"(\b([A-Za-z_]\w*)\s*\|\s*(?:default|d)\s*\()"));
    const QString code = withoutStrings(expr);
    for (auto it = identifier.globalMatch(code); it.hasNext();) {
      const auto m = it.next();
      const QString name = m.captured(0);
      const QString before = code.left(m.capturedStart(0)).trimmed();
      const QString after = code.mid(m.capturedEnd(0)).trimmed();
      if (before.endsWith(QLatin1Char('|')) || before.endsWith(QLatin1Char('.'))) continue;  // filter, attribute
      if (before.endsWith(QLatin1String(" is")) || before == QLatin1String("is") ||
          before.endsWith(QLatin1String("is not")))
        continue;  // test name
      if (after.startsWith(QLatin1Char('=')) && !after.startsWith(QLatin1String("=="))) continue;  // keyword arg
      if (reservedNames().contains(name) || isLocal(name)) continue;
      use(name, offset + m.capturedStart(0));
    }
    for (auto it = defaultCall.globalMatch(code); it.hasNext();) {
      const auto m = it.next();
      const auto v = index_.find(m.captured(1));
      if (v == index_.end() || found_[*v].hasDefault) continue;
      found_[*v].hasDefault = true;
      found_[*v].defaultValue = firstArgument(argumentText(expr, m.capturedEnd(0) - 1));
    }
  }

  void use(const QString& name, qsizetype offset) {
    if (index_.contains(name)) return;
    index_.insert(name, found_.size());
    found_.push_back({name, false, {}, file_, lineAt(text_, offset)});
  }

  const QString& text_;
  QString file_;
  std::vector<QSet<QString>> scopes_{QSet<QString>{}};
  QHash<QString, std::size_t> index_;
  std::vector<JinjaVariable> found_;
};

}  // namespace

std::vector<JinjaVariable> scanJinjaVariables(const QString& text, const QString& sourceFile) {
  return Scanner(text, sourceFile).run();
}

std::vector<JinjaVariable> mergeJinjaVariables(const std::vector<std::vector<JinjaVariable>>& perFile) {
  std::vector<JinjaVariable> merged;
  QHash<QString, std::size_t> index;
  for (const auto& file : perFile)
    for (const auto& v : file) {
      const auto it = index.find(v.name);
      if (it == index.end()) {
        index.insert(v.name, merged.size());
        merged.push_back(v);
        continue;
      }
      JinjaVariable& m = merged[*it];
      if (!m.hasDefault && v.hasDefault) {
        m.hasDefault = true;
        m.defaultValue = v.defaultValue;
      }
      if (!v.sourceFile.isEmpty() && !m.sourceFile.split(QStringLiteral(", ")).contains(v.sourceFile))
        m.sourceFile += (m.sourceFile.isEmpty() ? QString() : QStringLiteral(", ")) + v.sourceFile;
    }
  return merged;
}

}  // namespace af::ui
