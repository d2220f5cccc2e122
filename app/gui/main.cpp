// AttnScope: type text, see every attention head, live.
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QPlainTextEdit>
#include <QTimer>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include "mainwindow.h"
#include "session/views.h"
#include "workspace.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("AttnScope"));
    QApplication::setApplicationName(QStringLiteral("AttnScope"));
    QApplication::setApplicationVersion(QStringLiteral(ATTNSCOPE_VERSION));

    // German (or any shipped language) when the system asks for it.
    QTranslator qtTranslator, appTranslator;
    if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTranslator);
    if (appTranslator.load(QLocale(), QStringLiteral("attnscope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(&appTranslator);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "See inside transformer attention."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("model"),
                                 QApplication::translate("main", "Model file or folder to open (default: the last one, or the demo)."));
    const QCommandLineOption shots(QStringLiteral("screenshots"),
                                   QApplication::translate("main", "Save a PNG of every view into <dir> and quit."),
                                   QStringLiteral("dir"));
    const QCommandLineOption textOpt(QStringLiteral("text"), QApplication::translate("main", "Start with this text."),
                                     QStringLiteral("text"));
    parser.addOption(shots);
    const QCommandLineOption headOpt(QStringLiteral("head"),
                                     QApplication::translate("main", "Start with head <layer.head> selected."),
                                     QStringLiteral("layer.head"));
    parser.addOption(textOpt);
    parser.addOption(headOpt);
    parser.process(app);

    Workspace ws;
    MainWindow w(&ws);
    w.restoreSession(parser.positionalArguments().value(0));
    if (parser.isSet(textOpt)) w.editor()->setPlainText(parser.value(textOpt));
    if (parser.isSet(headOpt)) {
        const QStringList parts = parser.value(headOpt).split(QLatin1Char('.'));
        if (parts.size() == 2) {
            Selection s = ws.selection();
            s.layer = parts[0].toInt();
            s.head = parts[1].toInt();
            ws.setSelection(s);  // clamped to the model once it is open
        }
    }
    w.show();
    if (parser.isSet(shots)) {
        const QString dir = parser.value(shots);
        QDir().mkpath(dir);
        // Once the first trace is drawn, visit every view, save it, quit.
        QObject::connect(&ws, &Workspace::traceReady, &w, [&w, dir] {
            QTimer::singleShot(300, &w, [&w, dir] {
                for (const QString& id : session::viewIds()) {
                    w.showView(id);
                    QApplication::sendPostedEvents();
                    w.grab().save(QDir(dir).filePath(id + ".png"));
                }
                QApplication::quit();
            });
        }, Qt::SingleShotConnection);
    }
    return QApplication::exec();
}
