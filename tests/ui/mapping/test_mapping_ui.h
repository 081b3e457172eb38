#pragma once
#include <QObject>

class TestMappingUi : public QObject {
  Q_OBJECT
 private slots:
  void init();  // every test fails on a Qt warning
  // test_mapping_model.cpp
  void modelPassesTesterUnderEdits();
  void labelsAndDetails();
  void moveLoopRegeneratesYaml();
  void illegalMovesAreRejected();
  void dragAndDropMovesWithinChain();
  void insertAndDelete();
  void tileShapesOfferDivisors();
  void toggleTensorsAndComponent();
  void errorMarkedAtNodeOfLine();
  void errorFromEvaluatedInvalidMapping();
  // test_mapping_views.cpp
  void loopNestMatchesGolden();
  void loopNestShowsBranches();
  void hoverEmitsNodeAndBuffer();
  void syncKeepsLastGoodTreeWithoutLoops();
  void syncSplicesOtherSections();
  void syncTemplatedNeedsConfirmation();
  void contextMenuListsChoices();
  void screenshotTreeAndLoopNest();
  // test_mapping_edits.cpp
  void tileChoiceOffersInnerLoopFix();
  void nonDivisorTilesWithImperfectOnAndOff();
  void comboAppliesOnSelection();
  void treeEditsSpliceMinimalText();
  void spliceFallsBackWhenTextMovedOn();
  void badComponentMarkedAtItsLine();
};
