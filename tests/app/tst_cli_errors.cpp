// tst_cli, continued: exit statuses with one clear line for every mistake,
// and the CLI in its surroundings: a decimal-comma locale, paths that are not
// UTF-8, text files with a byte-order mark, progress on a terminal only, and
// the app's --screenshots (tst_cli.h has the test class).
#include "tst_cli.h"

void tst_Cli::badUsageExitsTwo_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("needle");
    QTest::newRow("no verb") << QStringList{} << "usage";
    QTest::newRow("unknown verb") << QStringList{"frobnicate"} << "unknown verb";
    QTest::newRow("unknown option") << QStringList{"dump", "--bogus"} << "--bogus";
    QTest::newRow("no input") << QStringList{"dump", "-o", "x.json"} << "--text";
    QTest::newRow("two inputs") << QStringList{"dump", "--text", "a", "--tokens", "1", "-o", "x.json"} << "exactly one";
    QTest::newRow("both models") << QStringList{"dump", "--model", "a", "--random", "b", "--tokens", "1", "-o", "x"} << "not both";
    QTest::newRow("info without file") << QStringList{"info"} << "FILE";
    QTest::newRow("tokenize without text") << QStringList{"tokenize", "--tokenizer", "x"} << "--text";
    QTest::newRow("convert without output") << QStringList{"convert", "in.pt"} << "-o";
    QTest::newRow("bad tokens") << QStringList{"dump", "--random", "x", "--tokens", "1,a", "-o", "x"} << "--tokens";
    QTest::newRow("rounding a random model") << QStringList{"predict", "--random", "n_layer=1,n_head=1,n_embed=8,context=8,vocab=9",
                                                           "--tokens", "1", "--llama-cpp-rounding"} << "GGUF";
    QTest::newRow("rounding float32 weights") << QStringList{"predict", "--tokens", "1", "--llama-cpp-rounding"} << "no GGUF";
    QTest::newRow("bad ablate") << QStringList{"dump", "--random", "n_layer=1,n_head=1,n_embed=4,context=4,vocab=4", "--tokens", "1", "-o", "x", "--ablate", "zero"} << "--ablate";
    QTest::newRow("bad threads") << QStringList{"dump", "--random", "n_layer=1,n_head=1,n_embed=4,context=4,vocab=4", "--tokens", "1", "-o", "x", "--threads", "-3"} << "--threads";
    QTest::newRow("missing value") << QStringList{"dump", "--tokens"} << "needs a value";
    const QString tiny = "n_layer=1,n_head=2,n_embed=8,context=16,vocab=10";
    QTest::newRow("bench input without model") << QStringList{"bench", "--tokens", "8", "--json"} << "--model";
    QTest::newRow("bench without json") << QStringList{"bench", "--random", tiny, "--tokens", "8"} << "--json";
    QTest::newRow("bench bad edit") << QStringList{"bench", "--random", tiny, "--tokens", "8", "--edit", "typo", "--json"} << "--edit";
    QTest::newRow("bench two inputs") << QStringList{"bench", "--random", tiny, "--tokens", "8", "--text-file", "f", "--json"} << "exactly one";
    QTest::newRow("bench no room to append") << QStringList{"bench", "--random", tiny, "--tokens", "16", "--json"} << "no room";
    QTest::newRow("bench baseline without scan") << QStringList{"bench", "--random", tiny, "--tokens", "8", "--baseline", "--json"} << "--scan";
    QTest::newRow("bench scan one token") << QStringList{"bench", "--random", tiny, "--tokens", "1", "--scan", "--json"} << "two tokens";
    QTest::newRow("bench too many tokens") << QStringList{"bench", "--random", tiny, "--tokens", "17", "--json"} << "--tokens";
    // Names the view refused, and offers every other one but not it.
    QTest::newRow("csv of several heads") << QStringList{"export", "--random", tiny, "--tokens", "1,2", "--view", "heads",
                                                         "--format", "csv", "-o", "x.csv"}
                                          << "--view heads writes several here: use --format npy or json, or --view head, mask";
}

// A model's config and the CLI's numbers read the same in a locale that
// writes 0,5: the Qt application sets the C locale from the user's, and
// strtod then read rotary_pct 0.5 as 0 (refused) and --font-size 9.5 as an
// error. The locale is compiled here (glibc's localedef, from Debian's
// `locales` sources) since a fresh machine has none but C.
void tst_Cli::numbersReadTheSameUnderADecimalCommaLocale() {
    const QString localedef = QStandardPaths::findExecutable(QStringLiteral("localedef"));
    if (localedef.isEmpty()) QSKIP("glibc's localedef is not installed: no decimal-comma locale to run under");
    const QString locDir = tmp_.filePath("locales");
    QDir().mkpath(locDir);
    QProcess def;
    def.start(localedef, {"-i", "de_DE", "-f", "UTF-8", locDir + "/de_DE.UTF-8"});
    if (!def.waitForFinished(60000) || def.exitCode() != 0)
        QSKIP("localedef could not build de_DE.UTF-8 (Debian's `locales` package holds its source)");
    const QStringList args = {"export", "--model", testutil::fixtures("arch/gpt_neox"), "--tokens", "1,2,3,4,5",
                              "--view", "head", "--layer", "1", "--head", "1", "--font-size", "9.5"};
    QProcessEnvironment de = QProcessEnvironment::systemEnvironment();
    de.insert("LOCPATH", locDir);
    de.insert("LC_ALL", "de_DE.UTF-8");
    QProcessEnvironment c = QProcessEnvironment::systemEnvironment();
    c.insert("LC_ALL", "C");
    for (const QString& ext : {QStringLiteral("csv"), QStringLiteral("svg")}) {
        const Run inC = cli(args + QStringList{"-o", tmp_.filePath("c." + ext)}, c);
        QVERIFY2(inC.status == 0, qPrintable(inC.err));
        const Run inDe = cli(args + QStringList{"-o", tmp_.filePath("de." + ext)}, de);
        QVERIFY2(inDe.status == 0, qPrintable(inDe.err));
        QFile a(tmp_.filePath("c." + ext)), b(tmp_.filePath("de." + ext));
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        const QByteArray ab = a.readAll();
        QVERIFY(ab.size() > 100);
        QVERIFY2(ab == b.readAll(), qPrintable(ext + " differs between the C and the de_DE locale"));
    }
}

// An output named with a byte that is not UTF-8 was written under another
// name (the byte became U+FFFD) and reported as written. Such a path is bad
// usage now, and nothing is written.
void tst_Cli::pathsThatAreNotUtf8AreRefused() {
    const QString dir = tmp_.filePath("latin1");
    QVERIFY(QDir().mkpath(dir));
    const QString command = QStringLiteral("exec '%1' export --text 'to be' --view head -o \"$0/$(printf 'bad\\377name').csv\"")
                                .arg(QStringLiteral(ATTNSCOPE_CLI));
    QProcess p;
    p.start("/bin/bash", {"-c", command, dir});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 2);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(err.contains("-o: the path is not valid UTF-8"), qPrintable(err));
    QVERIFY2(QDir(dir).isEmpty(), qPrintable(QDir(dir).entryList().join(", ")));
}

// A --text-file saved as UTF-16 or UTF-32 with a byte-order mark (Windows'
// "Unicode") was refused at its first byte; it is decoded, as the app does,
// and gives the same tokens as the text typed. A broken one names its encoding.
void tst_Cli::textFilesWithAByteOrderMarkAreDecoded() {
    const QString text = QStringLiteral("To be, or not\nto be");
    const auto ids = [](const Run& r) { return QJsonDocument::fromJson(r.out.toUtf8()).object()["ids"].toArray(); };
    const Run typed = cli({"tokenize", "--text", text});
    QVERIFY2(typed.status == 0, qPrintable(typed.err));
    QCOMPARE(ids(typed).size(), text.size());
    for (const auto enc : {QStringConverter::Utf16LE, QStringConverter::Utf16BE, QStringConverter::Utf32LE}) {
        const QString name = QString::fromLatin1(QStringConverter::nameForEncoding(enc));
        const QString path = tmp_.filePath(name + ".txt");
        QStringEncoder encode(enc, QStringEncoder::Flag::WriteBom);
        QByteArray bytes = encode(text);
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bytes);
        }
        const Run r = cli({"tokenize", "--text-file", path});
        QVERIFY2(r.status == 0, qPrintable(name + ": " + r.err));
        QCOMPARE(ids(r), ids(typed));
        // The same text reaches the model: the dumped runs agree.
        const QString a = tmp_.filePath(name + "-file.json"), b = tmp_.filePath(name + "-typed.json");
        QCOMPARE(cli({"dump", "--text-file", path, "-o", a}).status, 0);
        QCOMPARE(cli({"dump", "--text", text, "-o", b}).status, 0);
        QCOMPARE(readJson(a)["logits_last"], readJson(b)["logits_last"]);
        // Cut in the middle of a character: refused, naming the encoding.
        bytes.chop(1);
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(bytes);
        }
        const Run bad = cli({"tokenize", "--text-file", path});
        QCOMPARE(bad.status, 1);
        QVERIFY2(bad.err.contains("byte-order mark but is not valid " + name), qPrintable(bad.err));
    }
}

void tst_Cli::badUsageExitsTwo() {
    QFETCH(QStringList, args);
    QFETCH(QString, needle);
    const Run r = cli(args);
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.contains(needle), qPrintable(r.err));
}

void tst_Cli::otherErrorsExitOne_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("needle");
    const QString spec = "n_layer=1,n_head=2,n_embed=8,context=4,vocab=10";
    QTest::newRow("missing file") << QStringList{"dump", "--model", "/nonexistent/m.safetensors", "--tokens", "1", "-o", "x"} << "/nonexistent/m.safetensors";
    QTest::newRow("context overflow") << QStringList{"dump", "--random", spec, "--tokens", "1,2,3,4,5", "-o", "x"} << "context length of 4";
    QTest::newRow("token outside vocab") << QStringList{"dump", "--random", spec, "--tokens", "1,10", "-o", "x"} << "token id 10";
    QTest::newRow("bad spec") << QStringList{"dump", "--random", "n_layer=1,n_head=3,n_embed=8,context=4,vocab=10", "--tokens", "1", "-o", "x"} << "divisible";
    QTest::newRow("invalid UTF-8") << QStringList{"dump", "--text-file", testutil::fixtures("cli/invalid_utf8.txt"), "-o", "x"} << "not valid UTF-8 at byte 3";
    QTest::newRow("no tokenizer") << QStringList{"dump", "--model", testutil::fixtures("checkpoints/seed_adamw.pt"), "--text", "hi", "-o", "x"} << "looked in";
    QTest::newRow("hostile checkpoint") << QStringList{"info", testutil::fixtures("checkpoints/hostile/builtins_eval.pt")}
                                        << "no model weights found: the payload holds no dict of tensors; it asks to run '__builtin__.eval', which AttnScope never runs";
    QTest::newRow("broken tokenizer file")
        << QStringList{"info", "--tokenizer", testutil::fixtures("cli/invalid_utf8.txt"), testutil::fixtures("checkpoints/seed_adamw.pt")}
        << "tokenizer " + testutil::fixtures("cli/invalid_utf8.txt") + ": not a tokenizer file";
    QTest::newRow("unwritable output") << QStringList{"dump", "--random", spec, "--tokens", "1", "-o", "/nonexistent/dir/x.json"} << "cannot write";
    // 2 x 144 heads x 700 x 700 values: refused before the run, not 1.6 GB of JSON built in memory.
    QStringList ids;
    for (int i = 0; i < 700; ++i) ids << QString::number(i % 50);
    QTest::newRow("dump past its size")
        << QStringList{"dump", "--random", "n_layer=12,n_head=12,n_embed=48,context=1024,vocab=50", "--tokens", ids.join(','), "-o", "x"}
        << "144 heads of 700 x 700 make 141 million values, past the 134 million it writes";
}

void tst_Cli::otherErrorsExitOne() {
    QFETCH(QStringList, args);
    QFETCH(QString, needle);
    const Run r = cli(args);
    QCOMPARE(r.status, 1);
    QVERIFY2(r.err.contains(needle), qPrintable(r.err));
    QCOMPARE(r.err.trimmed().count('\n'), 0);  // one line
}

// A long run says how far it is on stderr when stderr is a terminal (here a
// pseudo-terminal from util-linux's `script`), rewriting one line in place
// and erasing it when done; through a pipe it says nothing, and stdout is the
// same either way. ATTNSCOPE_PROGRESS_AFTER_MS=0 shows it from the first step
// (by default only a job that has taken a second shows it).
void tst_Cli::longJobsShowProgressOnATerminalOnly() {
    const QString script = QStandardPaths::findExecutable(QStringLiteral("script"));
    if (script.isEmpty()) QSKIP("util-linux's `script` (a pseudo-terminal for the run) is not installed");
    const QString out = tmp_.filePath("scan.json");
    const QStringList args = {"ablate-scan", "--text", "ROMEO: what light", "--threads", "1"};
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("ATTNSCOPE_PROGRESS_AFTER_MS", "0");
    p.setProcessEnvironment(env);
    QString command = QStringLiteral(ATTNSCOPE_CLI);
    for (const QString& a : args) command += QStringLiteral(" '") + a + QLatin1Char('\'');
    command += QStringLiteral(" > '") + out + QLatin1Char('\'');
    p.start(script, {"-qec", command, "/dev/null"});
    QVERIFY(p.waitForFinished(180000));
    QCOMPARE(p.exitCode(), 0);
    const QString terminal = QString::fromUtf8(p.readAllStandardOutput());
    // 4 x 4 heads and the base run: 17 runs, each one step of the line.
    QVERIFY2(terminal.contains(QStringLiteral("\rattnscope-cli: ablation scan, runs: 1/17, ")), qPrintable(terminal));
    QVERIFY2(terminal.contains(QStringLiteral("ablation scan, runs: 16/17")), qPrintable(terminal));
    QVERIFY2(!terminal.contains(QStringLiteral("17/17")), qPrintable(terminal));
    QVERIFY2(QRegularExpression(QStringLiteral("\r +\r\\s*$")).match(terminal).hasMatch(), qPrintable(terminal));  // erased
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray onTerminal = f.readAll();
    const Run piped = cli(args, env);
    QVERIFY2(piped.status == 0, qPrintable(piped.err));
    QCOMPARE(piped.err, QString());
    QCOMPARE(piped.out.toUtf8(), onTerminal);
    QVERIFY(QJsonDocument::fromJson(onTerminal).object()["heads"].toArray().size() == 16);
}

// The window's --screenshots waited for a trace that never came when the
// model did not open: it hung until killed. It now names the problem and
// exits with 1.
void tst_Cli::appScreenshotsOfAModelThatDoesNotOpenFail() {
    const QString empty = tmp_.filePath("empty.safetensors");
    QFile f(empty);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    env.insert("XDG_CONFIG_HOME", tmp_.filePath("config"));  // no remembered model or text
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(ATTNSCOPE_APP), {empty, "--screenshots", tmp_.filePath("shots")});
    QVERIFY(p.waitForStarted());
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        QFAIL("attnscope --screenshots did not end within 60 s");
    }
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 1);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(err.contains(QStringLiteral("--screenshots: cannot open ") + empty) && err.contains(QStringLiteral("empty")),
             qPrintable(err));
    QVERIFY(QDir(tmp_.filePath("shots")).entryList(QDir::Files).isEmpty());
}

// A screenshot run with --text wrote its text over the user's saved text,
// and its window size and layout over theirs. It now runs on settings and a
// text file of its own, and leaves the user's as they were.
void tst_Cli::appScreenshotsLeaveTheUsersTextAndSettingsAlone() {
    const QString config = tmp_.filePath("user-config"), data = tmp_.filePath("user-data");
    const QString textPath = data + "/AttnScope/AttnScope/text.txt", confPath = config + "/AttnScope/AttnScope.conf";
    QVERIFY(QDir().mkpath(QFileInfo(textPath).absolutePath()) && QDir().mkpath(QFileInfo(confPath).absolutePath()));
    const QByteArray myText = "MY PRECIOUS TEXT typed yesterday";
    const QByteArray myConf = "[window]\ntab=2\n[text]\nlast=MY PRECIOUS TEXT typed yesterday\n";
    for (const auto& [path, bytes] : {std::pair{textPath, myText}, std::pair{confPath, myConf}}) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size());
    }
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    env.insert("XDG_CONFIG_HOME", config);
    env.insert("XDG_DATA_HOME", data);
    p.setProcessEnvironment(env);
    const QString shots = tmp_.filePath("own-shots");
    p.start(QStringLiteral(ATTNSCOPE_APP), {"--random", "n_layer=1,n_head=2,n_embed=16,context=32,vocab=96", "--text",
                                            "hello there", "--size", "900x600", "--screenshots", shots});
    QVERIFY(p.waitForStarted());
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        QFAIL("attnscope --screenshots did not end within 120 s");
    }
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, p.readAllStandardError().constData());
    QVERIFY(QFileInfo::exists(shots + "/head.png"));
    for (const auto& [path, bytes] : {std::pair{textPath, myText}, std::pair{confPath, myConf}}) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), bytes);
    }
    QCOMPARE(QDir(config + "/AttnScope").entryList(QDir::Files), QStringList{"AttnScope.conf"});
}
