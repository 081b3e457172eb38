#pragma once
// The mapper's settings as the window holds them, apart from any widget (as Hotspot keeps its
// filter state in FilterAndZoomStack): the spec's `mapper:` section, and over it the choices the
// user made (in the Mapper pane, by a launch flag, from a project file or a stored run). A choice
// stays the user's across reloads and edits; the settings the user left alone follow the spec.
// The Mapper pane edits it; the mapper run, sweeps, the project file and the history read it.
#include <QObject>

#include "mapper/options.h"
#include "workspace/project_file.h"

namespace af::ui {

class MapperSettings : public QObject {
  Q_OBJECT
 public:
  explicit MapperSettings(QObject* parent = nullptr);

  // The spec's `mapper:` section: what every setting the user did not choose follows.
  void setSpecOptions(const mapper::MapperOptions& options);
  [[nodiscard]] const mapper::MapperOptions& specOptions() const { return spec_; }
  // The user's choices (each set field is one), for the project file and stored runs.
  [[nodiscard]] const ProjectMapperSettings& userSettings() const { return user_; }
  // Replaces every choice: the others follow the spec again (a project file, a stored run).
  void setUserSettings(const ProjectMapperSettings& settings);
  // Changes the user's choices in `change` only (a control edited, a launch flag).
  void choose(const ProjectMapperSettings& change);
  // The spec's options with the user's choices applied: what a run maps with.
  [[nodiscard]] mapper::MapperOptions options() const;

 signals:
  void changed();

 private:
  mapper::MapperOptions spec_;
  ProjectMapperSettings user_;
};

}  // namespace af::ui
