#pragma once
// Colours YAML with Jinja templating: keys, tags (!Memory), comments, strings, numbers,
// booleans/null, anchors/aliases, and {{ }} / {% %} / {# #} blocks (which may span lines).
#include <QSyntaxHighlighter>
#include <QTextCharFormat>
#include <array>

namespace af::ui {

class YamlHighlighter : public QSyntaxHighlighter {
  Q_OBJECT
 public:
  enum class Role { Key, Tag, Comment, String, Number, Boolean, Anchor, Jinja, Count };

  explicit YamlHighlighter(QTextDocument* document);
  [[nodiscard]] QTextCharFormat format(Role role) const { return formats_[static_cast<size_t>(role)]; }

 protected:
  void highlightBlock(const QString& text) override;

 private:
  enum BlockState { Normal = -1, InExpression = 1, InStatement = 2, InComment = 3 };
  void apply(int start, int length, Role role) { setFormat(start, length, format(role)); }
  void highlightYaml(const QString& text);
  int highlightScalar(const QString& text, int start);  // returns the end of the token
  void highlightJinja(const QString& text);

  std::array<QTextCharFormat, static_cast<size_t>(Role::Count)> formats_;
};

}  // namespace af::ui
