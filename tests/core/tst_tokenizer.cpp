// Tokenizers: GPT-2 BPE against an independent reference (gpt-3-encoder, made by
// tests/scripts/make_bpe_reference.mjs) in every file format AttnScope reads,
// round trips and spans, strict UTF-8, the char tokenizer, and one clear error
// per corrupt or hostile tokenizer file.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>
#include <map>
#include <memory>
#include <optional>

#include "attnscope/common/error.h"
#include "attnscope/model/model_file.h"
#include "attnscope/tokenizers/tokenizer.h"
#include "testutil.h"

using namespace attnscope;
using testutil::errorOf;
using testutil::str;
using testutil::writeFile;

namespace {

QByteArray bytes(const std::string& s) { return QByteArray(s.data(), qsizetype(s.size())); }
std::string text(const QByteArray& b) { return std::string(b.constData(), size_t(b.size())); }

// GPT-2's bytes_to_unicode(), written out again here so the generated files do
// not depend on the code under test.
const QList<QChar>& byteChars() {
    static const QList<QChar> chars = [] {
        QList<QChar> c;
        int moved = 0;
        for (int b = 0; b < 256; ++b) {
            const bool self = (b >= 0x21 && b <= 0x7E) || (b >= 0xA1 && b <= 0xAC) || b >= 0xAE;
            c.append(QChar(self ? b : 256 + moved++));
        }
        return c;
    }();
    return chars;
}

QString byteChar(int b) { return QString(byteChars()[b]); }

QByteArray tokenBytes(const QString& token) {
    QByteArray out;
    for (const QChar c : token) out += char(byteChars().indexOf(c));
    return out;
}

// A small valid GPT-2 vocabulary: the 256 byte tokens (id = byte) and six merges.
const QStringList kTinyMerges = {"h e", "l l", "he ll", "hell o",
                                 QStringLiteral("\u0120 w"), QStringLiteral("\u00c3 \u00a9")};

QJsonObject tinyVocab() {
    QJsonObject v;
    for (int b = 0; b < 256; ++b) v.insert(byteChar(b), b);
    int id = 256;
    for (const QString& m : kTinyMerges) v.insert(QString(m).remove(' '), id++);
    return v;
}

QByteArray tinyEncoderJson() { return QJsonDocument(tinyVocab()).toJson(QJsonDocument::Compact); }
QByteArray tinyMergesText() { return ("#version: 0.2\n" + kTinyMerges.join('\n') + "\n").toUtf8(); }

QByteArray hfTokenizerJson(const QJsonObject& vocab, const QStringList& merges, bool mergePairs) {
    QJsonArray m;
    for (const QString& line : merges)
        m.append(mergePairs ? QJsonValue(QJsonArray::fromStringList(line.split(' '))) : QJsonValue(line));
    const QJsonObject model{{"type", "BPE"}, {"dropout", QJsonValue()}, {"unk_token", QJsonValue()},
                            {"continuing_subword_prefix", ""}, {"end_of_word_suffix", ""},
                            {"fuse_unk", false}, {"vocab", vocab}, {"merges", m}};
    const QJsonObject root{
        {"version", "1.0"},
        {"added_tokens", QJsonArray{QJsonObject{{"id", 50256}, {"content", "<|endoftext|>"}, {"special", true}}}},
        {"normalizer", QJsonValue()},
        {"pre_tokenizer", QJsonObject{{"type", "ByteLevel"}, {"add_prefix_space", false},
                                      {"trim_offsets", true}, {"use_regex", true}}},
        {"decoder", QJsonObject{{"type", "ByteLevel"}}},
        {"model", model}};
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

QByteArray tiktokenFile(const QJsonObject& vocab) {
    std::map<int, QByteArray> lines;
    for (auto it = vocab.begin(); it != vocab.end(); ++it)
        if (it.key() != "<|endoftext|>") lines[it.value().toInt()] = tokenBytes(it.key()).toBase64();
    QByteArray out;
    for (const auto& [rank, b64] : lines) out += b64 + ' ' + QByteArray::number(rank) + '\n';
    return out;
}

QByteArray tinyTiktoken() { return tiktokenFile(tinyVocab()); }

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

class tst_Tokenizer : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();

    void referenceFixtureMatchesCorpus();
    void matchesGpt2Reference_data();
    void matchesGpt2Reference();
    void roundTripAndSpans_data();
    void roundTripAndSpans();
    void pretokenize_data();
    void pretokenize();
    void mergesLowestRankFirst_data();
    void mergesLowestRankFirst();
    void strictUtf8_data();
    void strictUtf8();
    void sanitizeUtf8_data();
    void sanitizeUtf8();
    void tokenTextEscapesStrayBytes();
    void unknownIdsAreRejected();
    void charTokenizer();
    void charTokenizerUnknownCharacter_data();
    void charTokenizerUnknownCharacter();
    void charMetadataErrors_data();
    void charMetadataErrors();
    void corruptFiles_data();
    void corruptFiles();
    void tooManyJsonValuesIsTooLarge();
    void emptyTextGivesNoTokens();
    void loadTokenizerFromFolderOrFile();
    void findTokenizerPrefersMetadataAndListsPlaces();
    void megabyteOfShakespeare();
    void longPiecesStayFast_data();
    void longPiecesStayFast();

private:
    std::shared_ptr<Tokenizer> variant(const QString& name);

    QTemporaryDir tmp_;
    QString missing_;  // why the GPT-2 variants cannot be built, or empty
    QStringList corpus_;
    QList<QPair<QString, std::vector<int>>> reference_;
    QMap<QString, QString> variantPaths_;  // variant name -> path for load_tokenizer
    QMap<QString, std::shared_ptr<Tokenizer>> loaded_;
};

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

static const QStringList kGpt2Variants = {"encoder.json+vocab.bpe", "vocab.json+merges.txt",
                                          "tokenizer.json (\"a b\" merges)",
                                          "tokenizer.json ([a, b] merges)", "r50k_base.tiktoken"};

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

// Each row writes files into a fresh folder and loads the first one.
void tst_Tokenizer::corruptFiles_data() {
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QList<QByteArray>>("contents");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("problem");
    const QByteArray enc = tinyEncoderJson(), merges = tinyMergesText(), tik = tinyTiktoken();
    const auto pair = [&](const char* name, const QByteArray& e, const QByteArray& m, const QString& problem) {
        QTest::newRow(name) << QStringList{"encoder.json", "vocab.bpe"} << QList<QByteArray>{e, m}
                            << "bad_format" << problem;
    };
    const auto one = [](const char* name, const QString& file, const QByteArray& data, const QString& code,
                        const QString& problem) {
        QTest::newRow(name) << QStringList{file} << QList<QByteArray>{data} << code << problem;
    };
    QJsonObject v = tinyVocab();
    pair("encoder.json truncated", enc.left(enc.size() / 2), merges, "encoder.json: invalid JSON");
    pair("encoder.json empty", "", merges, "encoder.json: invalid JSON");
    pair("encoder.json not an object", "[1,2]", merges, "expected a JSON object");
    pair("encoder.json id not an integer", R"({"a":"1"})", merges, "not an integer");
    pair("encoder.json absurd id", enc.left(enc.size() - 1) + R"(,"zz":99999999999})", merges, "has id 99999999999, outside");
    pair("encoder.json negative id", enc.left(enc.size() - 1) + R"(,"zz":-4})", merges, "has id -4, outside");
    pair("encoder.json id twice", enc.left(enc.size() - 1) + R"(,"zz":5})", merges, "id 5 is given to both");
    pair("encoder.json token twice", enc.left(enc.size() - 1) + R"(,"he":300})", merges, "token 'he' appears twice");
    pair("encoder.json invalid UTF-8", enc.left(enc.size() - 1) + ",\"\xC3\":300}", merges, "not valid UTF-8");
    v.remove("A");
    pair("encoder.json lacks a byte", QJsonDocument(v).toJson(), merges, "no token for the byte \\x41");
    pair("vocab.bpe unknown symbol", enc, merges + "q zz\n", "vocab.bpe line 8: merges 'q' and 'zz', but 'zz' is not in the vocabulary");
    pair("vocab.bpe result unknown", enc, merges + "a b\n", "line 8: merges 'a' and 'b' into 'ab', which is not in the vocabulary");
    pair("vocab.bpe one token", enc, merges + "abc\n", "vocab.bpe line 8: expected two tokens");
    pair("vocab.bpe three tokens", enc, "#version: 0.2\nh e l\n", "vocab.bpe line 2: expected two tokens");
    pair("nesting bomb", QByteArray(5000, '['), merges, "nesting deeper than");
    one("vocab.json without merges.txt", "vocab.json", enc, "tokenizer_missing", "merges.txt");
    one("vocab.bpe without encoder.json", "vocab.bpe", merges, "tokenizer_missing", "encoder.json");

    const QJsonObject tiny = tinyVocab();
    const QStringList ms = kTinyMerges;
    QJsonObject doc = QJsonDocument::fromJson(hfTokenizerJson(tiny, ms, false)).object();
    const auto tj = [&](const char* name, const std::function<void(QJsonObject&)>& edit, const QString& problem) {
        QJsonObject d = doc;
        edit(d);
        one(name, "tokenizer.json", QJsonDocument(d).toJson(), "bad_format", problem);
    };
    one("tokenizer.json truncated", "tokenizer.json", hfTokenizerJson(tiny, ms, true).left(700), "bad_format", "tokenizer.json: invalid JSON");
    one("tokenizer.json binary", "tokenizer.json", QByteArray("\x89PNG\r\n\x1a\n\0\0", 10), "bad_format", "invalid JSON");
    tj("tokenizer.json without model", [](QJsonObject& d) { d.remove("model"); }, "no \"model\" object");
    const auto editModel = [](const QString& key, const QJsonValue& value) {
        return [key, value](QJsonObject& d) {
            QJsonObject m = d["model"].toObject();
            if (value.isUndefined()) m.remove(key); else m[key] = value;
            d["model"] = m;
        };
    };
    tj("tokenizer.json WordPiece", editModel("type", "WordPiece"), "model.type is 'WordPiece', not 'BPE'");
    tj("tokenizer.json without merges", editModel("merges", QJsonValue::Undefined), "model.merges is missing");
    tj("tokenizer.json merge not a pair", editModel("merges", QJsonArray{QJsonArray{"h"}}), "model.merges[0]: expected");
    tj("tokenizer.json merge of unknown", editModel("merges", QJsonArray{"h zz"}), "model.merges[0]: merges 'h' and 'zz'");
    tj("tokenizer.json vocab not object", editModel("vocab", QJsonArray{}), "model.vocab: expected a JSON object");
    tj("tokenizer.json subword prefix", editModel("continuing_subword_prefix", "##"), "continuing_subword_prefix is set");
    tj("tokenizer.json unknown pre_tokenizer", [](QJsonObject& d) { d["pre_tokenizer"] = QJsonObject{{"type", "Whitespace"}}; },
       "pre_tokenizer type 'Whitespace' is not supported");
    tj("tokenizer.json prefix space", [](QJsonObject& d) {
        d["pre_tokenizer"] = QJsonObject{{"type", "ByteLevel"}, {"add_prefix_space", true}};
    }, "adds a prefix space");
    tj("tokenizer.json unknown normalizer", [](QJsonObject& d) { d["normalizer"] = QJsonObject{{"type", "Lowercase"}}; },
       "normalizer type 'Lowercase' is not supported");
    tj("tokenizer.json added token id", [](QJsonObject& d) {
        d["added_tokens"] = QJsonArray{QJsonObject{{"id", 1e12}, {"content", "<x>"}}};
    }, "added token");
    one("json of neither kind", "tok.json", R"({"hello":1})", "bad_format", "neither a Hugging Face tokenizer.json");

    const auto tk = [&](const char* name, const QByteArray& data, const QString& problem, const char* file = "r.tiktoken") {
        one(name, file, data, "bad_format", problem);
    };
    tk("tiktoken bad base64", tik + "@@@@ 300\n", "line 263: bad base64 '@@@@'");
    tk("tiktoken non-canonical base64", tik + "QR== 300\n", "line 263: bad base64 'QR=='");
    tk("tiktoken rank twice", tik + "enp6 5\n", "line 263: rank 5 appears twice (also on line 6)");
    tk("tiktoken bytes twice", tik + "aGU= 300\n", "line 263: the same token bytes appear twice (also on line 257)");
    tk("tiktoken absurd rank", tik + "enp6 99999999999\n",
       QStringLiteral("line 263: rank 99999999999 is outside [0, %1)").arg(kMaxTokenizerVocab));
    tk("tiktoken huge rank", tik + "enp6 999999999999999999999999\n", "line 263: rank 999999999999999999999999 is outside");
    tk("tiktoken rank not a number", tik + "enp6 12x\n", "line 263: rank '12x' is not a number");
    tk("tiktoken negative rank", tik + "enp6 -3\n", "line 263: rank '-3' is not a number");
    tk("tiktoken no rank", tik + "enp6\n", "line 263: expected \"<base64 token> <rank>\"");
    tk("tiktoken missing byte", tik.mid(tik.indexOf('\n') + 1), "no rank for the single byte \\x00");
    tk("tiktoken empty", "", "no ranks in the file");
    tk("tiktoken cl100k", tik, "cl100k encodings split text with a pattern AttnScope does not implement",
       "cl100k_base.tiktoken");
    one("unknown file kind", "model.txt", "hello", "unknown_format", "not a tokenizer file");
}

void tst_Tokenizer::corruptFiles() {
    QFETCH(QStringList, names);
    QFETCH(QList<QByteArray>, contents);
    QFETCH(QString, code);
    QFETCH(QString, problem);
    const QString dir = tmp_.filePath("corrupt/" + QString::fromLatin1(QTest::currentDataTag()));
    for (qsizetype i = 0; i < names.size(); ++i) QVERIFY(writeFile(dir + "/" + names[i], contents[i]));
    const QString path = dir + "/" + names.first();
    const auto e = errorOf([&] { load_tokenizer(str(path)); });
    QVERIFY2(e, "loaded without an error");
    const QString message = QString::fromUtf8(e->what());
    QCOMPARE(QString(error_code_name(e->code())), code);
    QVERIFY2(message.contains(problem), qPrintable(message));
    QVERIFY2(message.contains(dir), qPrintable("the message does not name the file: " + message));
}

void tst_Tokenizer::tooManyJsonValuesIsTooLarge() {
    // Two million values in 4 MB: refused before the parser allocates for them.
    QByteArray json = "[";
    json += QByteArray("0,").repeated(int(kMaxTokenizerJsonValues));
    json += "0]";
    const QString path = tmp_.filePath("large/tokenizer.json");
    QVERIFY(writeFile(path, json));
    const auto e = errorOf([&] { load_tokenizer(str(path)); });
    QVERIFY(e);
    QCOMPARE(e->code(), ErrorCode::TooLarge);
    QVERIFY2(QString(e->what()).contains(path), e->what());
}

void tst_Tokenizer::emptyTextGivesNoTokens() {
    const auto chars = make_char_tokenizer({"a"});
    for (const Tokenizer* t : {chars.get(), variant("tiny").get(), variant("tiny-tiktoken").get()}) {
        const Encoding enc = t->encode("");
        QVERIFY(enc.ids.empty());
        QVERIFY(enc.spans.empty());
        QCOMPARE(t->decode({}), std::string());
    }
}

void tst_Tokenizer::loadTokenizerFromFolderOrFile() {
    const std::string tiny = str(variantPaths_["tiny"]);
    const auto byFolder = load_tokenizer(tiny);
    const auto byFile = load_tokenizer(tiny + "/vocab.bpe");  // finds encoder.json beside it
    for (const auto* t : {byFolder.get(), byFile.get()}) {
        QCOMPARE(t->kind(), std::string("gpt2-bpe"));
        QCOMPARE(t->vocab_size(), 256 + int(kTinyMerges.size()));
        QCOMPARE(t->source(), tiny + "/encoder.json + " + tiny + "/vocab.bpe");
    }
    const auto tk = variant("tiny-tiktoken");
    QCOMPARE(tk->kind(), std::string("tiktoken"));
    QCOMPARE(tk->source(), str(variantPaths_["tiny-tiktoken"]));

    // A char tokenizer saved as a JSON file.
    const QString charFile = tmp_.filePath("char/chars.json");
    QVERIFY(writeFile(charFile, R"({"type":"char","vocab":["x","y"]})"));
    const auto chars = load_tokenizer(str(charFile));
    QCOMPARE(chars->kind(), std::string("char"));
    QCOMPARE(chars->encode_ids("yx"), (std::vector<int>{1, 0}));

    const QString empty = tmp_.filePath("empty");
    QVERIFY(QDir().mkpath(empty));
    auto e = errorOf([&] { load_tokenizer(str(empty)); });
    QVERIFY(e && e->code() == ErrorCode::TokenizerMissing);
    QCOMPARE(e->args().size(), size_t(4));  // tokenizer.json, two pairs, *.tiktoken
    for (const char* name : {"tokenizer.json", "merges.txt", "vocab.bpe", "*.tiktoken"})
        QVERIFY2(QString(e->what()).contains(name), e->what());
    e = errorOf([&] { load_tokenizer(str(empty) + "/nothing-here"); });
    QVERIFY(e && e->code() == ErrorCode::TokenizerMissing);
    QVERIFY2(QString(e->what()).contains("nothing-here"), e->what());

    if (!missing_.isEmpty()) QSKIP(qPrintable(missing_));
    for (const QString& v : kGpt2Variants)
        QCOMPARE(variant(v)->vocab_size(), v.endsWith("tiktoken") ? 50256 : 50257);
    QCOMPARE(variant("encoder.json+vocab.bpe")->token_bytes(50256), std::string("<|endoftext|>"));
}

void tst_Tokenizer::findTokenizerPrefersMetadataAndListsPlaces() {
    const std::string tiny = str(variantPaths_["tiny"]);
    const std::string model = tiny + "/model.safetensors";  // need not exist
    const Metadata chars{{kMetaTokenizer, R"({"type":"char","vocab":["a"]})"}};

    std::vector<std::string> looked;
    auto t = find_tokenizer(model, chars, &looked);
    QVERIFY(t);
    QCOMPARE(t->kind(), std::string("char"));
    QCOMPARE(looked.size(), size_t(1));

    looked.clear();
    t = find_tokenizer(model, {}, &looked);
    QVERIFY(t);
    QCOMPARE(t->kind(), std::string("gpt2-bpe"));
    QCOMPARE(looked.back(), tiny + "/encoder.json + " + tiny + "/vocab.bpe");

    looked.clear();
    t = find_tokenizer(str(tmp_.filePath("empty/model.safetensors")), {}, &looked);
    QVERIFY(!t);
    QCOMPARE(looked.size(), size_t(5));  // metadata, tokenizer.json, two pairs, *.tiktoken
    QVERIFY(QString::fromStdString(looked[0]).contains(kMetaTokenizer));
    QVERIFY(QString::fromStdString(looked[1]).endsWith("empty/tokenizer.json"));
    QVERIFY(!find_tokenizer(str(tmp_.filePath("empty")), {}, nullptr));

    // A broken tokenizer is reported, not passed over.
    const Metadata broken{{kMetaTokenizer, "{"}};
    QVERIFY(errorOf([&] { find_tokenizer(model, broken, nullptr); }));
}

void tst_Tokenizer::megabyteOfShakespeare() {
    const QString path = testutil::sharedData("tinyshakespeare.txt");
    if (!QFileInfo::exists(path))
        QSKIP(qPrintable(path + " is missing, so the 1 MB encoding test cannot run"));
    if (!missing_.isEmpty()) QSKIP(qPrintable(missing_));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const std::string input = text(f.readAll());
    QVERIFY(input.size() > 1000000);
    QElapsedTimer timer;
    timer.start();
    const Encoding enc = variant("encoder.json+vocab.bpe")->encode(input);
    qInfo("encoded %zu bytes into %zu tokens in %lld ms", input.size(), enc.ids.size(),
          static_cast<long long>(timer.elapsed()));
    QVERIFY(enc.ids.size() > input.size() / 6 && enc.ids.size() < input.size() / 2);
    QCOMPARE(enc.spans.back().second, input.size());
    QVERIFY(variant("encoder.json+vocab.bpe")->decode(enc.ids) == input);
    // The tiktoken rule on r50k's ranks gives the same tokens.
    QVERIFY(variant("r50k_base.tiktoken")->encode_ids(input) == enc.ids);
}

// One pre-token of 256 KB: the merge loop must not be quadratic.
void tst_Tokenizer::longPiecesStayFast_data() {
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QByteArray>("input");
    for (const QString v : {"tiny", "tiny-tiktoken"}) {
        QTest::addRow("%s letters", qPrintable(v)) << v << QByteArray("hel").repeated(1 << 16);
        QTest::addRow("%s spaces", qPrintable(v)) << v << QByteArray(1 << 18, ' ');
        QTest::addRow("%s punctuation", qPrintable(v)) << v << QByteArray("!?").repeated(1 << 17);
    }
}

void tst_Tokenizer::longPiecesStayFast() {
    QFETCH(QString, variant);
    QFETCH(QByteArray, input);
    const auto t = this->variant(variant);
    const Encoding enc = t->encode(text(input));
    QCOMPARE(bytes(t->decode(enc.ids)), input);
    QCOMPARE(enc.spans.back().second, size_t(input.size()));
}

QTEST_GUILESS_MAIN(tst_Tokenizer)
#include "tst_tokenizer.moc"
