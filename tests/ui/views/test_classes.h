#pragma once
// The view test classes (one per part); test_views_main.cpp runs them all.
#include <QObject>

#include "qt_warnings.h"

class TestArchitectureView : public QObject {
  Q_OBJECT
 private slots:
  void init() { af::ui::test::failOnQtWarnings(); }
  void emptyState();
  void boxesShowSizesAndEnergies();
  void fanoutFrameAndGrid();
  void levelsTopToBottomWithoutOverlap();
  void tooltipsHaveExactNumbers();
  void highlight();
  void computeCombo();
  void memoryWithFanout();
  void tollIsNarrowAndClickable();
  void wheelZoomAndFit();
  void exportFormats();
};

class TestWorkloadView : public QObject {
  Q_OBJECT
 private slots:
  void init() { af::ui::test::failOnQtWarnings(); }
  void placeInOrderKeepsGaps();
  void layoutLayersFollowDataflow();
  void matmulChainItems();
  void tooltips();
  void longChainIsLayeredWithoutOverlap();
  void transformerResidualsStayReadable();
  void highlightTensor();
  void exportAndEmpty();
};

class TestVariables : public QObject {
  Q_OBJECT
 private slots:
  void init() { af::ui::test::failOnQtWarnings(); }
  void modelEditsAndSignals();
  void modelPassesTester();
  void addedVariables();
  void paneStatus();
  void numbersWhereTheFileComputes();
};

class TestScreenshots : public QObject {
  Q_OBJECT
 private slots:
  void init() { af::ui::test::failOnQtWarnings(); }
  void renderBothViews();
};
