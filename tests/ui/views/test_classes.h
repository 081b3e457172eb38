#pragma once
// The view test classes (one per part); test_views_main.cpp runs them all.
#include <QObject>

class TestArchitectureView : public QObject {
  Q_OBJECT
 private slots:
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
  void modelEditsAndSignals();
  void modelPassesTester();
  void paneStatus();
};

class TestScreenshots : public QObject {
  Q_OBJECT
 private slots:
  void renderBothViews();
};
