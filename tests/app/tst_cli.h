#pragma once
// tst_cli's test class, shared by tst_cli.cpp (what the verbs write, on seed
// checkpoints, Hugging Face folders and the demo model) and tst_cli_errors.cpp
// (exit statuses and error lines, locales, paths, encodings, a terminal's
// progress line, the app's screenshots).
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QStringConverter>
#include <QStringDecoder>
#include <QStringEncoder>
#include <QtTest>

#include "attnscope/formats/json.h"
#include "attnscope/formats/safetensors.h"
#include "testutil.h"

using namespace attnscope;

using testutil::cli;
using testutil::Run;

inline QJsonObject readJson(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

class tst_Cli : public QObject {
    Q_OBJECT
private slots:
    void dumpMatchesPyTorch_data();
    void dumpMatchesPyTorch();
    void dumpRandomModelHasEveryField();
    void huggingFaceFoldersOpenInEveryVerb_data();
    void huggingFaceFoldersOpenInEveryVerb();
    void numbersReadTheSameUnderADecimalCommaLocale();
    void pathsThatAreNotUtf8AreRefused();
    void textFilesWithAByteOrderMarkAreDecoded();
    void huggingFaceFolderUsesItsTokenizerJson();
    void dumpBidirectionalAndAblate();
    void dumpUsesTheDemoModelByDefault();
    void infoTokenizeConvert();
    void badUsageExitsTwo_data();
    void badUsageExitsTwo();
    void otherErrorsExitOne_data();
    void otherErrorsExitOne();
    void gpt2VocabularyUsesTheBundledBpe();
    void llamaCppRoundingChangesAQuantizedRun();
    void benchOnAModelPrintsOneJsonObject();
    void infoListsWhatWasNotRun();
    void charactersOutsideTheVocabularyAreLeftOut();
    void pdfExportsAreTheSameBytesInEveryProcess();
    void longJobsShowProgressOnATerminalOnly();
    void appScreenshotsOfAModelThatDoesNotOpenFail();
    void appScreenshotsLeaveTheUsersTextAndSettingsAlone();

private:
    QTemporaryDir tmp_;
};
