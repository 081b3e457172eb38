// Autosave: unsaved edits reach the autosave folder, survive an object destroyed without a clean
// close (as in a crash), are offered and restored by a new instance, and go away on save,
// clean close or discard.
#include <QDir>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QtTest>

#include "editors/autosaver.h"
#include "editors/document_set.h"
#include "editors/spec_document.h"
#include "qt_warnings.h"
#include "test_support.h"

using namespace af::ui;
using af::ui::test::readFile;
using af::ui::test::writeFile;

class TestAutosave : public QObject {
  Q_OBJECT
  QTemporaryDir files_;
  std::unique_ptr<QTemporaryDir> store_;  // a fresh autosave folder per test

  [[nodiscard]] QStringList stored() const { return QDir(store_->path()).entryList(QDir::Files); }

 private slots:
  void init() {
    af::ui::test::failOnQtWarnings();
    store_ = std::make_unique<QTemporaryDir>();
  }

  void default_folder_is_app_data() {
    QVERIFY(AutosaveStore::defaultDirectory().endsWith("/autosave"));
    QVERIFY(AutosaveStore::keyForPath("/a/b.yaml").startsWith("file-"));
    QVERIFY(AutosaveStore::keyForPath("/a/b.yaml") != AutosaveStore::keyForPath("/a/c.yaml"));
  }

  void edit_survives_a_destroyed_instance_and_restores() {
    const QString spec = writeFile(files_.filePath("arch.yaml"), "size: 1\n");
    {
      DocumentSet documents;
      Autosaver autosaver(&documents, nullptr, store_->path());
      QVERIFY(documents.openFiles({spec}).isEmpty());
      documents.at(0)->setText("size: 2\n");
      autosaver.saveNow();
      autosaver.waitForIdle();
      const QString key = AutosaveStore::keyForPath(documents.at(0)->path());
      QCOMPARE(stored(), (QStringList{key + ".json", key + ".yaml"}));
      QVERIFY(autosaver.pendingRestores().isEmpty());  // our own open document is not offered
    }                                                  // destroyed without closing: the autosave must stay

    DocumentSet documents;
    Autosaver autosaver(&documents, nullptr, store_->path());
    const QList<AutosaveEntry> pending = autosaver.pendingRestores();
    QCOMPARE(pending.size(), 1);
    QCOMPARE(pending[0].originalPath, QFileInfo(spec).absoluteFilePath());
    QCOMPARE(pending[0].displayName, QString("arch.yaml"));

    const auto restored = autosaver.restore(pending[0]);
    QVERIFY(std::holds_alternative<SpecDocument*>(restored));
    SpecDocument* document = std::get<SpecDocument*>(restored);
    QCOMPARE(document->text(), QString("size: 2\n"));
    QVERIFY(document->isModified());
    QCOMPARE(readFile(spec), QByteArray("size: 1\n"));  // the file itself is untouched
    document->textDocument()->undo();                   // restoring is an undoable edit
    QCOMPARE(document->text(), QString("size: 1\n"));
    document->textDocument()->redo();

    QVERIFY(!documents.save(document));
    autosaver.waitForIdle();
    QVERIFY(stored().isEmpty());  // saved: the copy is gone
  }

  void untitled_is_restored_and_discard_removes() {
    {
      DocumentSet documents;
      Autosaver autosaver(&documents, nullptr, store_->path());
      documents.newUntitled()->setText("draft: true\n");
      documents.newUntitled()->setText("other: 1\n");
      autosaver.saveNow();
      autosaver.waitForIdle();
    }
    DocumentSet documents;
    Autosaver autosaver(&documents, nullptr, store_->path());
    QList<AutosaveEntry> pending = autosaver.pendingRestores();
    QCOMPARE(pending.size(), 2);
    QVERIFY(pending[0].isUntitled());

    autosaver.discard(pending[1]);
    QCOMPARE(autosaver.pendingRestores().size(), 1);
    const auto restored = autosaver.restore(pending[0]);
    SpecDocument* document = std::get<SpecDocument*>(restored);
    QVERIFY(document->isUntitled());
    QCOMPARE(document->text(), QString("draft: true\n"));
    // A new untitled document must not take the restored one's autosave slot.
    documents.newUntitled()->setText("third\n");
    autosaver.saveNow();
    autosaver.waitForIdle();
    QCOMPARE(stored().size(), 4);
  }

  void clean_close_removes_and_timer_writes() {
    const QString spec = writeFile(files_.filePath("w.yaml"), "a: 1\n");
    DocumentSet documents;
    Autosaver autosaver(&documents, nullptr, store_->path());
    autosaver.setInterval(50);
    QVERIFY(documents.openFiles({spec}).isEmpty());
    documents.at(0)->setText("a: 2\n");
    QTRY_COMPARE(stored().size(), 2);  // written by the periodic timer
    documents.close(documents.at(0));
    autosaver.waitForIdle();
    QVERIFY(stored().isEmpty());
  }

  void autosave_older_than_its_file_is_not_offered() {
    const QString spec = writeFile(files_.filePath("old.yaml"), "a: 1\n");
    {
      DocumentSet documents;
      Autosaver autosaver(&documents, nullptr, store_->path());
      QVERIFY(documents.openFiles({spec}).isEmpty());
      documents.at(0)->setText("a: 2\n");
      autosaver.saveNow();
    }
    // The file was saved later (e.g. by another editor).
    QFile file(spec);
    QVERIFY(file.open(QIODevice::ReadWrite));
    QVERIFY(file.setFileTime(QDateTime::currentDateTime().addSecs(60), QFileDevice::FileModificationTime));
    file.close();
    DocumentSet documents;
    Autosaver autosaver(&documents, nullptr, store_->path());
    QVERIFY(autosaver.pendingRestores().isEmpty());
    QCOMPARE(stored().size(), 2);
    autosaver.removeStale();
    QVERIFY(stored().isEmpty());
  }
};

int af::ui::test::runAutosaveTests(int argc, char** argv) {
  TestAutosave tests;
  return QTest::qExec(&tests, argc, argv);
}

#include "test_autosave.moc"
