// The teaching pages: the mapping played step by step, and the lessons that open on it.
#include <QObject>

#include "pages/explorer_pages.h"
#include "pages/page_context.h"
#include "pages/page_ids.h"
#include "playback/playback_view.h"

namespace af::ui::pages {

namespace {

// One matmul mapped three ways, each with its note, to play and compare (bundled examples).
PageAction lesson(const char* example, const QString& title) {
  return {.objectName = QString::fromLatin1(example),
          .text = title,
          .menu = "Help/&Lessons: dataflow",
          .trigger = [example = QString::fromLatin1(example)](PageContext& c) {
            if (c.openExample(example)) c.showView("playback");
          }};
}

}  // namespace

Page playback() {
  return {
      .id = page_ids::kPlayback,
      .title = QObject::tr("Playback"),
      .views = {{"playback", QObject::tr("the mapping played step by step, for teaching")}},
      .build = [](PageContext& c) { return new PlaybackView(c.controller(), c.window()); },
      .actions = {lesson("lesson_weight_stationary", QObject::tr("1. Weight stationary")),
                  lesson("lesson_output_stationary", QObject::tr("2. Output stationary")),
                  lesson("lesson_input_stationary", QObject::tr("3. Input stationary"))},
      .wantsHeight = true,
  };
}

}  // namespace af::ui::pages
