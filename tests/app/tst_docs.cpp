// The documentation stays true to the tree and to the command line:
//   - every relative link and image in README.md and docs/*.md names a file
//     that exists, and every #anchor a heading of the file it points into
//     (GitHub's anchors: lowercase, spaces to '-', punctuation dropped);
//   - docs/cli.md names every verb, view and --option of attnscope-cli's usage
//     text (`attnscope-cli --help`), and no --option the usage text lacks;
//   - README.md stays short: at most 300 lines.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QStringList>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>

#include "testutil.h"

namespace {

const int kReadmeMaxLines = 300;

QString sourceDir() { return QStringLiteral(ATTNSCOPE_SOURCE_DIR); }

QString readText(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(f.readAll());
}

// README.md and every docs/*.md, as absolute paths.
QStringList markdownFiles() {
    QStringList files{QDir(sourceDir()).filePath(QStringLiteral("README.md"))};
    const QDir docs(QDir(sourceDir()).filePath(QStringLiteral("docs")));
    for (const QString& name : docs.entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name))
        files << docs.filePath(name);
    return files;
}

// The lines of a Markdown text outside fenced code blocks (``` or ~~~), each
// with its line number; inside them nothing is a link or a heading.
QList<QPair<int, QString>> proseLines(const QString& text) {
    QList<QPair<int, QString>> out;
    const QStringList lines = text.split(QLatin1Char('\n'));
    QString fence;
    for (int i = 0; i < lines.size(); ++i) {
        const QString t = lines[i].trimmed();
        if (fence.isEmpty() && (t.startsWith(QLatin1String("```")) || t.startsWith(QLatin1String("~~~")))) {
            fence = t.left(3);
            continue;
        }
        if (!fence.isEmpty()) {
            if (t.startsWith(fence)) fence.clear();
            continue;
        }
        out.append({i + 1, lines[i]});
    }
    return out;
}

// A line with its `code spans` blanked out: a link written inside one is text.
QString withoutCodeSpans(const QString& line) {
    static const QRegularExpression span(QStringLiteral("(`+)(?:(?!\\1).)+?\\1"));
    QString s = line;
    QRegularExpressionMatchIterator it = span.globalMatch(line);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        s.replace(m.capturedStart(), m.capturedLength(), QString(m.capturedLength(), QLatin1Char(' ')));
    }
    return s;
}

// GitHub's anchor for a heading: Markdown links reduced to their text, then
// lowercase, every character but letters, digits, spaces, '-' and '_'
// dropped, spaces turned into '-'.
QString anchorOf(QString heading) {
    static const QRegularExpression link(QStringLiteral("!?\\[([^\\]]*)\\]\\([^)]*\\)"));
    heading.replace(link, QStringLiteral("\\1"));
    QString a;
    for (const QChar c : heading.trimmed().toLower()) {
        if (c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_'))
            a += c;
        else if (c == QLatin1Char(' '))
            a += QLatin1Char('-');
    }
    return a;
}

// Every anchor of a Markdown file's headings; a repeated heading gets -1, -2…
QSet<QString> anchorsOf(const QString& text) {
    static const QRegularExpression heading(QStringLiteral("^#{1,6}\\s+(.*?)\\s*#*\\s*$"));
    QSet<QString> anchors;
    QHash<QString, int> seen;
    for (const auto& [number, line] : proseLines(text)) {
        Q_UNUSED(number);
        const QRegularExpressionMatch m = heading.match(line);
        if (!m.hasMatch()) continue;
        const QString base = anchorOf(m.captured(1));
        const int n = seen.value(base, 0);
        seen[base] = n + 1;
        anchors.insert(n == 0 ? base : base + QLatin1Char('-') + QString::number(n));
    }
    return anchors;
}

struct Link {
    QString file;  // the Markdown file it is written in
    int line = 0;
    QString target;
};

// Every inline link and image target of a Markdown file: [text](target) and
// ![alt](target), with an optional "title" after the target.
QList<Link> linksOf(const QString& path) {
    static const QRegularExpression inlineLink(QStringLiteral("!?\\[[^\\]]*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)"));
    QList<Link> links;
    for (const auto& [number, line] : proseLines(readText(path))) {
        QRegularExpressionMatchIterator it = inlineLink.globalMatch(withoutCodeSpans(line));
        while (it.hasNext()) links.append({path, number, it.next().captured(1)});
    }
    return links;
}

// Whether a link target leaves the repository: a URL or a mail address.
bool isExternal(const QString& target) {
    static const QRegularExpression scheme(QStringLiteral("^[a-zA-Z][a-zA-Z0-9+.-]*:"));
    return scheme.match(target).hasMatch();
}

// The problem with a link, or "" when it resolves.
QString problemWith(const Link& link) {
    const int hash = link.target.indexOf(QLatin1Char('#'));
    const QString pathPart = hash < 0 ? link.target : link.target.left(hash);
    const QString anchor = hash < 0 ? QString() : link.target.mid(hash + 1);
    const QString file = pathPart.isEmpty()
                             ? link.file
                             : QDir::cleanPath(QFileInfo(link.file).dir().filePath(QUrl::fromPercentEncoding(pathPart.toUtf8())));
    if (!QFileInfo::exists(file)) return QStringLiteral("no such file: %1").arg(QDir(sourceDir()).relativeFilePath(file));
    if (!QDir::cleanPath(file).startsWith(QDir::cleanPath(sourceDir()) + QLatin1Char('/')))
        return QStringLiteral("points outside the repository");
    if (anchor.isEmpty()) return {};
    if (!file.endsWith(QLatin1String(".md"))) return QStringLiteral("an #anchor into a file that is not Markdown");
    if (!anchorsOf(readText(file)).contains(anchor))
        return QStringLiteral("%1 has no heading with the anchor #%2").arg(QFileInfo(file).fileName(), anchor);
    return {};
}

QString where(const Link& link) {
    return QStringLiteral("%1:%2: (%3) ").arg(QDir(sourceDir()).relativeFilePath(link.file)).arg(link.line).arg(link.target);
}

// attnscope-cli's usage text: its verbs, the views it lists and every --option.
struct Usage {
    QStringList verbs, views;
    QSet<QString> options;
};

Usage parseUsage(const QString& text) {
    Usage u;
    static const QRegularExpression entry(QStringLiteral("^  ([a-z][a-z0-9-]*)\\b"));
    static const QRegularExpression option(QStringLiteral("(?<![A-Za-z0-9-])--[a-z][a-z0-9-]*"));
    QStringList* section = nullptr;
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        if (line == QLatin1String("verbs:")) section = &u.verbs;
        else if (line == QLatin1String("views:")) section = &u.views;
        else if (const QRegularExpressionMatch m = entry.match(line); section && m.hasMatch() && !section->contains(m.captured(1)))
            section->append(m.captured(1));
        QRegularExpressionMatchIterator it = option.globalMatch(line);
        while (it.hasNext()) u.options.insert(it.next().captured(0));
    }
    return u;
}

// Every --option written in a Markdown text, prose and code alike.
QSet<QString> optionsIn(const QString& text) {
    static const QRegularExpression option(QStringLiteral("(?<![A-Za-z0-9-])--[a-z][a-z0-9-]*"));
    QSet<QString> out;
    QRegularExpressionMatchIterator it = option.globalMatch(text);
    while (it.hasNext()) out.insert(it.next().captured(0));
    return out;
}

// Whether `text` contains `word` standing alone: not inside a longer name
// (so `--head` is not found in `--heads`, nor `head` in `heads`).
bool containsWord(const QString& text, const QString& word) {
    const QRegularExpression re(QStringLiteral("(?<![A-Za-z0-9_-])") + QRegularExpression::escape(word) +
                                QStringLiteral("(?![A-Za-z0-9_-])"));
    return re.match(text).hasMatch();
}

// Whether cli.md has a heading that names `verb` as code: ## `export`.
bool hasVerbHeading(const QString& cliMd, const QString& verb) {
    const QRegularExpression re(QStringLiteral("^#{1,6} .*`") + QRegularExpression::escape(verb) + QStringLiteral("`"),
                                QRegularExpression::MultilineOption);
    return re.match(cliMd).hasMatch();
}

}  // namespace

class tst_Docs : public QObject {
    Q_OBJECT
private slots:
    void theCheckersFindWhatTheyLookFor();
    void everyRelativeLinkResolves();
    void cliMdNamesEveryVerbAndOptionOfTheUsage();
    void cliMdNamesNoOptionTheUsageLacks();
    void readmeIsShort();
};

// The helpers themselves, on texts made to fail: a check that cannot fail
// checks nothing.
void tst_Docs::theCheckersFindWhatTheyLookFor() {
    QCOMPARE(anchorOf(QStringLiteral("Head statistics and labels")), QStringLiteral("head-statistics-and-labels"));
    QCOMPARE(anchorOf(QStringLiteral("`attnscope-cli export`: figures & data")), QStringLiteral("attnscope-cli-export-figures--data"));
    QCOMPARE(anchorOf(QStringLiteral("Views (Ctrl+1…8)")), QStringLiteral("views-ctrl18"));
    const QSet<QString> anchors = anchorsOf(QStringLiteral("# A\n```\n# not a heading\n```\n## B c\n## B c\n"));
    QCOMPARE(anchors, (QSet<QString>{QStringLiteral("a"), QStringLiteral("b-c"), QStringLiteral("b-c-1")}));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString md = dir.filePath(QStringLiteral("x.md"));
    QVERIFY(testutil::writeFile(md, "# Title\n[ok](#title) [bad](#nope) [gone](missing.md) `[code](missing.md)`\n"
                                    "![img](x.md) [web](https://example.org/a)\n```\n[fenced](missing.md)\n```\n"));
    const QList<Link> links = linksOf(md);
    QStringList targets;
    for (const Link& l : links) targets << l.target;
    QCOMPARE(targets, (QStringList{QStringLiteral("#title"), QStringLiteral("#nope"), QStringLiteral("missing.md"),
                                   QStringLiteral("x.md"), QStringLiteral("https://example.org/a")}));

    const Usage u = parseUsage(QStringLiteral("usage: attnscope-cli VERB [options]\nverbs:\n  info   FILE [--json]\n"
                                              "         --tokenizer PATH\n  ablate-scan [--threads N]\nviews:\n  heads    every head\n"));
    QCOMPARE(u.verbs, (QStringList{QStringLiteral("info"), QStringLiteral("ablate-scan")}));
    QCOMPARE(u.views, (QStringList{QStringLiteral("heads")}));
    QCOMPARE(u.options, (QSet<QString>{QStringLiteral("--json"), QStringLiteral("--tokenizer"), QStringLiteral("--threads")}));
    QVERIFY(!containsWord(QStringLiteral("`--heads 0,2`"), QStringLiteral("--head")));
    QVERIFY(containsWord(QStringLiteral("`--head H`"), QStringLiteral("--head")));
    QVERIFY(hasVerbHeading(QStringLiteral("text\n## `info`: a model file\n"), QStringLiteral("info")));
    QVERIFY(!hasVerbHeading(QStringLiteral("the info verb\n## `infos`\n"), QStringLiteral("info")));
}

void tst_Docs::everyRelativeLinkResolves() {
    const QStringList files = markdownFiles();
    QVERIFY2(files.size() > 1, "no docs/*.md found");
    QStringList problems;
    int checked = 0;
    for (const QString& file : files) {
        for (const Link& link : linksOf(file)) {
            if (isExternal(link.target)) continue;
            ++checked;
            if (const QString p = problemWith(link); !p.isEmpty()) problems << where(link) + p;
        }
    }
    QVERIFY2(checked > 0, "no relative links found: the link pattern is broken");
    QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("\n") + problems.join(QLatin1Char('\n'))));
}

void tst_Docs::cliMdNamesEveryVerbAndOptionOfTheUsage() {
    const testutil::Run r = testutil::cli({QStringLiteral("--help")});
    QCOMPARE(r.status, 0);
    const Usage u = parseUsage(r.out);
    QVERIFY2(u.verbs.size() >= 5 && u.views.size() >= 5 && u.options.size() >= 20,
             qPrintable("the usage text did not parse:\n" + r.out));
    const QString cliMd = readText(QDir(sourceDir()).filePath(QStringLiteral("docs/cli.md")));
    QVERIFY2(!cliMd.isEmpty(), "docs/cli.md is missing or empty");
    QStringList missing;
    for (const QString& verb : u.verbs)
        if (!hasVerbHeading(cliMd, verb)) missing << QStringLiteral("verb %1 (a heading naming `%1`)").arg(verb);
    for (const QString& view : u.views)
        if (!cliMd.contains(QLatin1Char('`') + view + QLatin1Char('`'))) missing << QStringLiteral("view `%1`").arg(view);
    QStringList options(u.options.begin(), u.options.end());
    options.sort();
    for (const QString& o : options)
        if (!containsWord(cliMd, o)) missing << QStringLiteral("option %1").arg(o);
    QVERIFY2(missing.isEmpty(), qPrintable("docs/cli.md lacks what attnscope-cli --help lists:\n" + missing.join(QLatin1Char('\n'))));
}

void tst_Docs::cliMdNamesNoOptionTheUsageLacks() {
    const testutil::Run r = testutil::cli({QStringLiteral("--help")});
    QCOMPARE(r.status, 0);
    const Usage u = parseUsage(r.out);
    QVERIFY(!u.options.isEmpty());
    const QString cliMd = readText(QDir(sourceDir()).filePath(QStringLiteral("docs/cli.md")));
    QVERIFY(!cliMd.isEmpty());
    QStringList extra;
    for (const QString& o : optionsIn(cliMd))
        if (!u.options.contains(o)) extra << o;
    extra.sort();
    QVERIFY2(extra.isEmpty(), qPrintable("docs/cli.md names options attnscope-cli --help does not list: " +
                                         extra.join(QStringLiteral(", "))));
}

void tst_Docs::readmeIsShort() {
    const QString readme = readText(QDir(sourceDir()).filePath(QStringLiteral("README.md")));
    QVERIFY2(!readme.isEmpty(), "README.md is missing or empty");
    const qsizetype lines = readme.count(QLatin1Char('\n')) + (readme.endsWith(QLatin1Char('\n')) ? 0 : 1);
    QVERIFY2(lines <= kReadmeMaxLines, qPrintable(QStringLiteral("README.md has %1 lines, more than %2: move detail into docs/")
                                                      .arg(lines)
                                                      .arg(kReadmeMaxLines)));
}

QTEST_GUILESS_MAIN(tst_Docs)
#include "tst_docs.moc"
