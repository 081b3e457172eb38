// Spec documents and the set they form: open errors as values, modified flag, save / save as,
// reload, and the capped recent-files list.
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextCursor>
#include <QTextDocument>
#include <QtTest>

#include "editors/document_set.h"
#include "editors/recent_files.h"
#include "editors/spec_document.h"
#include "editors/text_file.h"
#include "qt_warnings.h"
#include "test_support.h"

using namespace af::ui;
using af::ui::test::readFile;
using af::ui::test::writeFile;

class TestDocuments : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  QString path(const QString& name) const { return dir_.filePath(name); }

 private slots:
  void init() {
    af::ui::test::failOnQtWarnings();
    RecentFiles().clear();
  }

  void open_reports_errors_per_file() {
    const QString good = writeFile(path("arch.yaml"), "arch: {}\n");
    const QString binary = writeFile(path("binary.yaml"), QByteArray("key: \xff\xfe\x00", 8));
    const QString big = writeFile(path("big.yaml"), QByteArray(kMaxSpecFileBytes + 1, 'x'));
    DocumentSet set;
    QSignalSpy added(&set, &DocumentSet::documentAdded);
    const QList<FileError> errors = set.openFiles({good, path("missing.yaml"), binary, big, good});
    QCOMPARE(errors.size(), 3);
    QCOMPARE(errors[0].problem, FileProblem::Unreadable);
    QCOMPARE(errors[1].problem, FileProblem::NotUtf8);
    QCOMPARE(errors[2].problem, FileProblem::TooLarge);
    QVERIFY(errors[0].message.contains("missing.yaml"));
    QCOMPARE(set.count(), 1);  // the good file once, though named twice
    QCOMPARE(added.count(), 1);
    QCOMPARE(set.paths(), QStringList{QFileInfo(good).absoluteFilePath()});
    QCOMPARE(set.at(0)->text(), QString("arch: {}\n"));
  }

  void modified_flag_follows_edits_and_undo() {
    DocumentSet set;
    QVERIFY(set.openFiles({writeFile(path("w.yaml"), "a: 1\n")}).isEmpty());
    SpecDocument* document = set.at(0);
    QSignalSpy modified(document, &SpecDocument::modifiedChanged);
    QVERIFY(!document->isModified());
    QVERIFY(!document->textDocument()->isUndoAvailable());  // loading is not an edit
    QTextCursor(document->textDocument()).insertText("# note\n");
    QVERIFY(document->isModified());
    QVERIFY(set.anyModified());
    document->textDocument()->undo();
    QVERIFY(!document->isModified());
    QCOMPARE(modified.count(), 2);
  }

  void save_and_save_as_round_trip() {
    DocumentSet set;
    const QString original =
        writeFile(path("rt.yaml"), "a: 1\r\nb: \"x\xc2\xa0y\"\r\n");  // CRLF, no-break space
    QVERIFY(set.openFiles({original}).isEmpty());
    SpecDocument* document = set.at(0);
    QCOMPARE(document->text(), QString::fromUtf8("a: 1\nb: \"x\xc2\xa0y\"\n"));
    document->setText(document->text() + "c: 3\n");
    QVERIFY(document->isModified());
    QVERIFY(!set.save(document));
    QVERIFY(!document->isModified());
    QCOMPARE(readFile(original), QByteArray("a: 1\r\nb: \"x\xc2\xa0y\"\r\nc: 3\r\n"));

    QSignalSpy pathChanged(document, &SpecDocument::pathChanged);
    document->setText("only: 1\n");
    const QString copy = path("copy.yaml");
    QVERIFY(!set.saveAs(document, copy));
    QCOMPARE(pathChanged.count(), 1);
    QCOMPARE(document->path(), QFileInfo(copy).absoluteFilePath());
    QCOMPARE(document->displayName(), QString("copy.yaml"));
    QCOMPARE(readFile(copy), QByteArray("only: 1\r\n"));
    QCOMPARE(set.recentFiles()->files().value(0), QFileInfo(copy).absoluteFilePath());

    // Reload picks up an outside change as an undoable edit.
    writeFile(copy, "changed: 2\n");
    QVERIFY(!document->reload());
    QCOMPARE(document->text(), QString("changed: 2\n"));
    QVERIFY(!document->isModified());
    QVERIFY(document->textDocument()->isUndoAvailable());
  }

  void untitled_needs_a_path() {
    DocumentSet set;
    SpecDocument* document = set.newUntitled();
    QCOMPARE(document->displayName(), QString("untitled-1"));
    QCOMPARE(set.newUntitled()->displayName(), QString("untitled-2"));
    document->setText("x: 1\n");
    const auto error = document->save();
    QVERIFY(error.has_value());
    QCOMPARE(error->problem, FileProblem::WriteFailed);
    QVERIFY(!document->saveAs(path("named.yaml")));
    QVERIFY(!document->isUntitled());
    QCOMPARE(readFile(path("named.yaml")), QByteArray("x: 1\n"));
  }

  void write_failure_is_a_value() {
    SpecDocument document("untitled-1");
    const auto error = document.saveAs(path("no/such/dir/x.yaml"));
    QVERIFY(error.has_value());
    QCOMPARE(error->problem, FileProblem::WriteFailed);
    QVERIFY(document.isUntitled());
  }

  void recent_files_are_capped_and_newest_first() {
    RecentFiles recent;
    QSignalSpy changed(&recent, &RecentFiles::changed);
    for (int i = 0; i < 12; ++i) recent.add(path(QString("f%1.yaml").arg(i)));
    QCOMPARE(recent.files().size(), RecentFiles::kMaxProjects);
    QCOMPARE(recent.files().first(), path("f11.yaml"));
    QVERIFY(!recent.files().contains(path("f0.yaml")));
    recent.add(path("f5.yaml"));  // moves to the front, no duplicate
    QCOMPARE(recent.files().first(), path("f5.yaml"));
    QCOMPARE(recent.files().count(path("f5.yaml")), 1);
    QCOMPARE(RecentFiles().files(), recent.files());  // persisted in QSettings
    QCOMPARE(changed.count(), 13);
  }

  void close_and_reorder() {
    DocumentSet set;
    QVERIFY(
        set.openFiles({writeFile(path("a.yaml"), "a: 1\n"), writeFile(path("b.yaml"), "b: 1\n")}).isEmpty());
    set.move(1, 0);
    QCOMPARE(set.at(0)->displayName(), QString("b.yaml"));
    QPointer<SpecDocument> closed = set.at(0);
    QSignalSpy aboutToClose(&set, &DocumentSet::documentAboutToClose);
    set.close(closed);
    QCOMPARE(aboutToClose.count(), 1);
    QCOMPARE(set.count(), 1);
    QTRY_VERIFY(closed.isNull());
  }
};

int af::ui::test::runDocumentTests(int argc, char** argv) {
  TestDocuments tests;
  return QTest::qExec(&tests, argc, argv);
}

#include "test_documents.moc"
