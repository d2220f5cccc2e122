// Tokenizers: GPT-2 BPE against an independent reference (gpt-3-encoder, made by
// tests/scripts/make_bpe_reference.mjs) in every file format AttnScope reads,
// round trips and spans, strict UTF-8, the char tokenizer, and one clear error
// per corrupt or hostile tokenizer file.
#include "tst_tokenizer.h"

namespace {

// "first difference at token 3: got ' wor' (995), expected ' w' (266)".
QString mismatch(const Tokenizer& t, const std::vector<int>& got, const std::vector<int>& want) {
    size_t i = 0;
    while (i < got.size() && i < want.size() && got[i] == want[i]) ++i;
    const auto show = [&](const std::vector<int>& ids) {
        if (i >= ids.size()) return QStringLiteral("<end>");
        const QString shown = QString::fromStdString(t.token_text(ids[i]))
                                  .replace('\n', "\\n").replace('\r', "\\r").replace('\t', "\\t");
        return QStringLiteral("'%1' (%2)").arg(shown).arg(ids[i]);
    };
    return QStringLiteral("%1 tokens vs %2 expected; first difference at token %3: got %4, expected %5")
        .arg(got.size()).arg(want.size()).arg(i).arg(show(got), show(want));
}

}  // namespace

void tst_Tokenizer::initTestCase() {
    QVERIFY(tmp_.isValid());
    QFile corpus(testutil::fixtures("tokenizer/corpus.json"));
    QVERIFY2(corpus.open(QIODevice::ReadOnly), qPrintable(corpus.fileName()));
    for (const QJsonValue v : QJsonDocument::fromJson(corpus.readAll()).array()) corpus_ << v.toString();
    QFile ref(testutil::fixtures("tokenizer/gpt2_reference.json"));
    QVERIFY2(ref.open(QIODevice::ReadOnly), qPrintable(ref.fileName()));
    for (const QJsonValue c : QJsonDocument::fromJson(ref.readAll()).object().value("cases").toArray()) {
        std::vector<int> ids;
        for (const QJsonValue id : c.toObject().value("ids").toArray()) ids.push_back(id.toInt());
        reference_.append({c.toObject().value("text").toString(), ids});
    }
    QVERIFY(reference_.size() >= 30);

    // The tiny vocabulary in the two file pairs, for tests that need no shared data.
    const QString tiny = tmp_.filePath("tiny");
    QVERIFY(writeFile(tiny + "/encoder.json", tinyEncoderJson()));
    QVERIFY(writeFile(tiny + "/vocab.bpe", tinyMergesText()));
    QVERIFY(writeFile(tmp_.filePath("tiny-tiktoken/tiny.tiktoken"), tinyTiktoken()));
    variantPaths_["tiny"] = tiny;
    variantPaths_["tiny-tiktoken"] = tmp_.filePath("tiny-tiktoken/tiny.tiktoken");

    // GPT-2's files, and the other formats generated from them (never committed).
    const QString encoder = testutil::sharedData("gpt2/encoder.json");
    const QString merges = testutil::sharedData("gpt2/vocab.bpe");
    QStringList absent;
    for (const QString& f : {encoder, merges})
        if (!QFileInfo::exists(f)) absent << f;
    if (!absent.isEmpty())
        missing_ = absent.join(" and ") + " missing, so the GPT-2 tokenizer tests cannot run "
                   "(set ATTNSCOPE_SHARED_DATA to the folder holding gpt2/encoder.json and gpt2/vocab.bpe)";
    if (!missing_.isEmpty()) return;
    QFile ef(encoder), mf(merges);
    QVERIFY(ef.open(QIODevice::ReadOnly) && mf.open(QIODevice::ReadOnly));
    const QByteArray encoderJson = ef.readAll(), mergesText = mf.readAll();
    const QJsonObject vocab = QJsonDocument::fromJson(encoderJson).object();
    QCOMPARE(vocab.size(), 50257);
    QStringList mergeLines = QString::fromUtf8(mergesText).split('\n', Qt::SkipEmptyParts);
    mergeLines.removeFirst();  // "#version: 0.2"

    variantPaths_["encoder.json+vocab.bpe"] = encoder;
    QVERIFY(writeFile(tmp_.filePath("hf/vocab.json"), encoderJson));
    QVERIFY(writeFile(tmp_.filePath("hf/merges.txt"), mergesText));
    variantPaths_["vocab.json+merges.txt"] = tmp_.filePath("hf");
    QVERIFY(writeFile(tmp_.filePath("tj-strings/tokenizer.json"), hfTokenizerJson(vocab, mergeLines, false)));
    variantPaths_["tokenizer.json (\"a b\" merges)"] = tmp_.filePath("tj-strings/tokenizer.json");
    QVERIFY(writeFile(tmp_.filePath("tj-pairs/tokenizer.json"), hfTokenizerJson(vocab, mergeLines, true)));
    variantPaths_["tokenizer.json ([a, b] merges)"] = tmp_.filePath("tj-pairs");
    QVERIFY(writeFile(tmp_.filePath("tiktoken/r50k_base.tiktoken"), tiktokenFile(vocab)));
    variantPaths_["r50k_base.tiktoken"] = tmp_.filePath("tiktoken/r50k_base.tiktoken");
}

std::shared_ptr<Tokenizer> tst_Tokenizer::variant(const QString& name) {
    if (!loaded_.contains(name)) loaded_[name] = load_tokenizer(str(variantPaths_.value(name)));
    return loaded_[name];
}

// The fixture must be regenerated whenever the corpus changes.
void tst_Tokenizer::referenceFixtureMatchesCorpus() {
    QCOMPARE(reference_.size(), corpus_.size());
    for (qsizetype i = 0; i < corpus_.size(); ++i) QCOMPARE(reference_[i].first, corpus_[i]);
}

void tst_Tokenizer::matchesGpt2Reference_data() {
    QTest::addColumn<QString>("variant");
    QTest::addColumn<int>("index");
    for (const QString& v : kGpt2Variants)
        for (int i = 0; i < reference_.size(); ++i)
            QTest::addRow("%s #%d", qPrintable(v), i) << v << i;
}

void tst_Tokenizer::matchesGpt2Reference() {
    QFETCH(QString, variant);
    QFETCH(int, index);
    if (!missing_.isEmpty()) QSKIP(qPrintable(missing_));
    const auto t = this->variant(variant);
    QCOMPARE(QString::fromStdString(t->kind()), variant.endsWith("tiktoken") ? "tiktoken" : "gpt2-bpe");
    const auto& [input, want] = reference_[index];
    const std::vector<int> got = t->encode_ids(str(input));
    QVERIFY2(got == want, qPrintable(mismatch(*t, got, want)));
}

void tst_Tokenizer::roundTripAndSpans_data() {
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QByteArray>("input");
    QList<QPair<QString, QByteArray>> texts;
    for (int i = 0; i < corpus_.size(); ++i) texts.append({QString::number(i), corpus_[i].toUtf8()});
    // Beyond the reference corpus: where JavaScript's \s differs, and odd bytes.
    texts.append({"NEL", QByteArray("a \xC2\x85" "b\xC2\x85 \xC2\x85")});
    texts.append({"BOM", QByteArray("\xEF\xBB\xBF" "a \xEF\xBB\xBF" "b")});
    texts.append({"C0 controls", QByteArray("\x00\x1C\x1F x\x7F", 6)});
    texts.append({"max code point", QByteArray("\xF4\x8F\xBF\xBF \xEE\x80\x80")});
    for (const QString& v : QStringList{"tiny", "tiny-tiktoken", "encoder.json+vocab.bpe", "r50k_base.tiktoken"})
        for (const auto& [name, input] : texts)
            QTest::addRow("%s %s", qPrintable(v), qPrintable(name)) << v << input;
}

void tst_Tokenizer::roundTripAndSpans() {
    QFETCH(QString, variant);
    QFETCH(QByteArray, input);
    if (!variant.startsWith("tiny") && !missing_.isEmpty()) QSKIP(qPrintable(missing_));
    const auto t = this->variant(variant);
    const Encoding enc = t->encode(text(input));
    QCOMPARE(bytes(t->decode(enc.ids)), input);
    QCOMPARE(enc.spans.size(), enc.ids.size());
    size_t at = 0;
    for (size_t i = 0; i < enc.ids.size(); ++i) {
        QCOMPARE(enc.spans[i].first, at);  // spans tile the text in order
        const QByteArray piece = input.mid(qsizetype(at), qsizetype(enc.spans[i].second - at));
        QCOMPARE(piece, bytes(t->token_bytes(enc.ids[i])));
        at = enc.spans[i].second;
    }
    QCOMPARE(at, size_t(input.size()));
}

void tst_Tokenizer::pretokenize_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QStringList>("pieces");
    const auto row = [](const char* name, const QByteArray& in, const QStringList& out) {
        QTest::newRow(name) << in << out;
    };
    row("empty", "", {});
    row("words", "Hello world", {"Hello", " world"});
    row("space run before a word", "a   b", {"a", "  ", " b"});
    row("trailing spaces", "a   ", {"a", "   "});
    row("leading spaces", "  x", {" ", " x"});
    row("newlines then space", "a\n\n x", {"a", "\n\n", " x"});
    row("single newline", "a\nb", {"a", "\n", "b"});
    row("space before newline", "a \nb", {"a", " ", "\n", "b"});
    row("contractions", "I'm we'll they'RE", {"I", "'m", " we", "'ll", " they", "'", "RE"});
    row("quotes before s", "'''s", {"'''", "s"});
    row("digits split from letters", "abc123def", {"abc", "123", "def"});
    row("number with commas", "1,000", {"1", ",", "000"});
    row("vulgar fraction is a number", "x\xC2\xBD", {"x", QStringLiteral("\u00bd")});
    row("combining mark is punctuation", "e\xCC\x81", {"e", QStringLiteral("\u0301")});
    row("emoji after space", " \xF0\x9F\x98\x80\xF0\x9F\x98\x80", {QStringLiteral(" \U0001F600\U0001F600")});
    row("CJK", "\xE4\xBD\xA0\xE5\xA5\xBD\xEF\xBC\x8C", {QStringLiteral("\u4f60\u597d"), QStringLiteral("\uff0c")});
    row("no-break space is whitespace", "a\xC2\xA0" "b", {"a", QStringLiteral("\u00a0"), "b"});
    // Unicode White_Space (Python's regex, tiktoken): U+0085 is space, U+FEFF
    // and U+001C are not. JavaScript's \s says the opposite for U+0085 and U+FEFF.
    row("NEL is whitespace", "a \xC2\x85" "b", {"a", " ", QStringLiteral("\u0085"), "b"});
    row("BOM is not whitespace", "a \xEF\xBB\xBF" "b", {"a", QStringLiteral(" \ufeff"), "b"});
    row("file separator is not whitespace", "x\x1C y", {"x", "\x1C", " y"});
}

void tst_Tokenizer::pretokenize() {
    QFETCH(QByteArray, input);
    QFETCH(QStringList, pieces);
    QStringList got;
    for (const auto& [b, e] : gpt2_pretokenize(text(input)))
        got << QString::fromUtf8(input.mid(qsizetype(b), qsizetype(e - b)));
    QCOMPARE(got, pieces);
}

// With the tiny vocabulary: merges apply by rank, all the way up, leftmost first.
void tst_Tokenizer::mergesLowestRankFirst_data() {
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QList<int>>("ids");
    for (const QString v : {"tiny", "tiny-tiktoken"}) {
        QTest::addRow("%s hello", qPrintable(v)) << v << QByteArray("hello") << QList<int>{259};
        QTest::addRow("%s world", qPrintable(v)) << v << QByteArray(" world") << QList<int>{260, 'o', 'r', 'l', 'd'};
        QTest::addRow("%s lll", qPrintable(v)) << v << QByteArray("lll") << QList<int>{257, 'l'};
        QTest::addRow("%s llll", qPrintable(v)) << v << QByteArray("llll") << QList<int>{257, 257};
        QTest::addRow("%s e-acute", qPrintable(v)) << v << QByteArray("\xC3\xA9") << QList<int>{261};
    }
}

void tst_Tokenizer::mergesLowestRankFirst() {
    QFETCH(QString, variant);
    QFETCH(QByteArray, input);
    QFETCH(QList<int>, ids);
    const std::vector<int> got = this->variant(variant)->encode_ids(text(input));
    QCOMPARE(QList<int>(got.begin(), got.end()), ids);
}

void tst_Tokenizer::strictUtf8_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<qsizetype>("offset");  // -1: valid
    QTest::newRow("ascii") << QByteArray("abc") << qsizetype(-1);
    QTest::newRow("4-byte emoji") << QByteArray("\xF0\x9F\x98\x80") << qsizetype(-1);
    QTest::newRow("U+10FFFF") << QByteArray("\xF4\x8F\xBF\xBF") << qsizetype(-1);
    QTest::newRow("stray 0xFF") << QByteArray("abc\xFF") << qsizetype(3);
    QTest::newRow("lone continuation") << QByteArray("a\x80") << qsizetype(1);
    QTest::newRow("overlong NUL") << QByteArray("\xC0\x80") << qsizetype(0);
    QTest::newRow("overlong 3-byte") << QByteArray("x\xE0\x80\xAF") << qsizetype(1);
    QTest::newRow("overlong 4-byte") << QByteArray("\xF0\x82\x82\xAC") << qsizetype(0);
    QTest::newRow("surrogate") << QByteArray("ab\xED\xA0\x80") << qsizetype(2);
    QTest::newRow("past U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << qsizetype(0);
    QTest::newRow("F5 lead") << QByteArray("\xF5\x80\x80\x80") << qsizetype(0);
    QTest::newRow("truncated at end") << QByteArray("\xC3\xA9\xE2\x82") << qsizetype(2);
    QTest::newRow("truncated mid-text") << QByteArray("\xE2\x82" "a") << qsizetype(0);
}

void tst_Tokenizer::strictUtf8() {
    QFETCH(QByteArray, input);
    QFETCH(qsizetype, offset);
    const size_t found = find_invalid_utf8(text(input));
    QCOMPARE(found == std::string_view::npos ? qsizetype(-1) : qsizetype(found), offset);
    if (offset < 0) return;
    // Every tokenizer refuses the text and names the offset.
    const auto chars = make_char_tokenizer({"a", "b", "x", "\xC3\xA9"});
    for (const Tokenizer* t : {chars.get(), variant("tiny").get(), variant("tiny-tiktoken").get()}) {
        const auto e = errorOf([&] { t->encode(text(input)); });
        QVERIFY(e);
        QCOMPARE(e->code(), ErrorCode::InvalidUtf8);
        QVERIFY2(QString(e->what()).contains(QStringLiteral("byte %1").arg(offset)), e->what());
        QCOMPARE(e->args().at(0), std::to_string(offset));
    }
}

void tst_Tokenizer::sanitizeUtf8_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("output");
    const QByteArray r = "\xEF\xBF\xBD";
    QTest::newRow("valid") << QByteArray("h\xC3\xA9llo") << QByteArray("h\xC3\xA9llo");
    QTest::newRow("stray byte") << QByteArray("a\xFF" "b") << "a" + r + "b";
    QTest::newRow("truncated sequence is one") << QByteArray("\xE2\x82" "a") << r + "a";
    QTest::newRow("overlong is two") << QByteArray("\xC0\x80") << r + r;
    QTest::newRow("surrogate is three") << QByteArray("\xED\xA0\x80") << r + r + r;
    QTest::newRow("truncated at end") << QByteArray("ok\xF0\x9F\x98") << "ok" + r;
}

void tst_Tokenizer::sanitizeUtf8() {
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, output);
    bool replaced = true;
    const std::string clean = sanitize_utf8(text(input), &replaced);
    QCOMPARE(bytes(clean), output);
    QCOMPARE(replaced, input != output);
    QCOMPARE(find_invalid_utf8(clean), std::string_view::npos);
}

void tst_Tokenizer::tokenTextEscapesStrayBytes() {
    const auto t = variant("tiny");
    QCOMPARE(t->token_text(0xC3), std::string("\\xC3"));  // half of a character
    QCOMPARE(t->token_text(0xFF), std::string("\\xFF"));
    QCOMPARE(t->token_text(261), std::string("\xC3\xA9"));  // both halves: valid UTF-8
    QCOMPARE(t->token_text(260), std::string(" w"));
    QCOMPARE(t->token_text('\n'), std::string("\n"));
}

void tst_Tokenizer::unknownIdsAreRejected() {
    const auto chars = make_char_tokenizer({"a", "b"});
    for (const Tokenizer* t : {chars.get(), variant("tiny").get(), variant("tiny-tiktoken").get()}) {
        for (const int id : {-1, t->vocab_size(), 1 << 30}) {
            const auto e = errorOf([&] { t->token_bytes(id); });
            QVERIFY(e);
            QCOMPARE(e->code(), ErrorCode::InvalidArgument);
            QVERIFY2(QString(e->what()).contains(QString::number(id)), e->what());
        }
        const std::vector<int> ids{0, t->vocab_size()};
        QVERIFY(errorOf([&] { t->decode(ids); }));
    }
}

void tst_Tokenizer::charTokenizer() {
    const Metadata meta{{kMetaTokenizer, R"({"type":"char","vocab":["\n"," ","!","a","b","é","😀"]})"}};
    const auto t = tokenizer_from_metadata(meta);
    QVERIFY(t);
    QCOMPARE(t->kind(), std::string("char"));
    QCOMPARE(t->source(), std::string("model metadata"));
    QCOMPARE(t->vocab_size(), 7);
    const std::string input = "ab é!😀\n";
    const Encoding enc = t->encode(input);
    QCOMPARE(QList<int>(enc.ids.begin(), enc.ids.end()), (QList<int>{3, 4, 1, 5, 2, 6, 0}));
    const std::vector<std::pair<size_t, size_t>> spans{{0, 1}, {1, 2}, {2, 3}, {3, 5}, {5, 6}, {6, 10}, {10, 11}};
    QCOMPARE(enc.spans, spans);
    QCOMPARE(t->decode(enc.ids), input);
    QCOMPARE(t->token_bytes(6), std::string("😀"));
    QVERIFY(!tokenizer_from_metadata(Metadata{{kMetaConfig, "{}"}}));
    // A vocabulary the caller builds is checked too.
    const auto e = errorOf([] { make_char_tokenizer({"a", "bc"}); });
    QVERIFY(e && e->code() == ErrorCode::InvalidArgument);
}

void tst_Tokenizer::charTokenizerUnknownCharacter_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("named");
    QTest::addColumn<int>("offset");
    QTest::newRow("letter") << QByteArray("abz") << "'z' (U+007A)" << 2;
    QTest::newRow("accent") << QByteArray("a\xC3\xA8") << QStringLiteral("'\u00e8' (U+00E8)") << 1;
    QTest::newRow("tab") << QByteArray("ab\t") << "'\\t' (U+0009)" << 2;
    QTest::newRow("zero width space") << QByteArray("a\xE2\x80\x8B" "b") << "U+200B" << 1;
    QTest::newRow("control") << QByteArray("\x01") << "U+0001" << 0;
}

void tst_Tokenizer::charTokenizerUnknownCharacter() {
    QFETCH(QByteArray, input);
    QFETCH(QString, named);
    QFETCH(int, offset);
    const auto t = make_char_tokenizer({"a", "b"});
    const auto e = errorOf([&] { t->encode(text(input)); });
    QVERIFY(e);
    QCOMPARE(e->code(), ErrorCode::InvalidArgument);
    const QString message = QString::fromUtf8(e->what());
    QVERIFY2(message.contains("character " + named + QStringLiteral(" at byte %1").arg(offset)),
             qPrintable(message));
    QCOMPARE(e->args(), (std::vector<std::string>{str(named), std::to_string(offset)}));
}

void tst_Tokenizer::charMetadataErrors_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("problem");
    QTest::newRow("truncated") << QByteArray(R"({"type":"char","vocab":["a",)") << "invalid JSON";
    QTest::newRow("not an object") << QByteArray(R"(["a"])") << "expected a JSON object";
    QTest::newRow("no type") << QByteArray(R"({"vocab":["a"]})") << "no \"type\"";
    QTest::newRow("unknown type") << QByteArray(R"({"type":"bpe","vocab":["a"]})") << "type 'bpe'";
    QTest::newRow("no vocab") << QByteArray(R"({"type":"char"})") << "\"vocab\" is missing";
    QTest::newRow("number entry") << QByteArray(R"({"type":"char","vocab":["a","b",3]})") << "entry 2 is not a string";
    QTest::newRow("two characters") << QByteArray(R"({"type":"char","vocab":["a","bc"]})") << "entry 1 holds more than one character";
    QTest::newRow("empty entry") << QByteArray(R"({"type":"char","vocab":[""]})") << "entry 0 is empty";
    QTest::newRow("repeated") << QByteArray(R"({"type":"char","vocab":["a","b","a"]})") << "repeats entry 0";
    QTest::newRow("empty vocab") << QByteArray(R"({"type":"char","vocab":[]})") << "vocabulary is empty";
    QTest::newRow("invalid UTF-8") << QByteArray("{\"type\":\"char\",\"vocab\":[\"\xC3\"]}") << "not valid UTF-8";
}

void tst_Tokenizer::charMetadataErrors() {
    QFETCH(QByteArray, json);
    QFETCH(QString, problem);
    const auto e = errorOf([&] { tokenizer_from_metadata(Metadata{{kMetaTokenizer, text(json)}}); });
    QVERIFY(e);
    QCOMPARE(e->code(), ErrorCode::BadFormat);
    const QString message = QString::fromUtf8(e->what());
    QVERIFY2(message.contains(problem) && message.contains(kMetaTokenizer), qPrintable(message));
}

QTEST_GUILESS_MAIN(tst_Tokenizer)
#include "moc_tst_tokenizer.cpp"
