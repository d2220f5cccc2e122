// Hugging Face tokenizer.json pipelines: the real Llama 2, Llama 3 and Qwen3
// tokenizers against an independent reference (@lenml/tokenizers, the
// transformers.js port, run by tests/scripts/make_hf_reference.mjs), the
// pre-tokenizer regex matcher, small generated tokenizers that need no shared
// data, and one clear error per malformed tokenizer.json.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>
#include <memory>
#include <optional>

#include "attnscope/common/error.h"
#include "attnscope/tokenizers/tokenizer.h"
#include "testutil.h"

using namespace attnscope;
using testutil::errorOf;
using testutil::str;
using testutil::writeFile;

namespace {

QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::vector<int> intsOf(const QJsonValue& v) {
    std::vector<int> out;
    for (const QJsonValue id : v.toArray()) out.push_back(id.toInt());
    return out;
}

QString show(const std::vector<int>& ids) {
    QStringList parts;
    for (const int id : ids) parts << QString::number(id);
    return "[" + parts.join(",") + "]";
}

// "first difference at token 3: got ' wor' (995), expected ' w' (266)".
QString mismatch(const Tokenizer& t, const std::vector<int>& got, const std::vector<int>& want) {
    size_t i = 0;
    while (i < got.size() && i < want.size() && got[i] == want[i]) ++i;
    const auto one = [&](const std::vector<int>& ids) {
        if (i >= ids.size()) return QStringLiteral("<end>");
        const QString shown = QString::fromStdString(t.token_text(ids[i])).replace('\n', "\\n");
        return QStringLiteral("'%1' (%2)").arg(shown).arg(ids[i]);
    };
    return QStringLiteral("%1 tokens vs %2 expected; first difference at token %3: got %4, expected %5; got %6")
        .arg(got.size()).arg(want.size()).arg(i).arg(one(got), one(want), show(got));
}

const QString kLlama3Pattern =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

QStringList piecesOf(const QString& pattern, const QString& text) {
    const std::string t = str(text);
    QStringList out;
    for (const auto& [b, e] : regex_pretokenize(str(pattern), t))
        out << QString::fromStdString(t.substr(b, e - b));
    return out;
}

// A small SentencePiece-style tokenizer.json: <unk> <s> </s>, the 256 byte
// tokens, "▁" and a few letters, and merges up to "▁ab".
QJsonObject tinySentencePiece() {
    QJsonObject vocab{{"<unk>", 0}, {"<s>", 1}, {"</s>", 2}};
    for (int b = 0; b < 256; ++b)
        vocab.insert(QStringLiteral("<0x%1>").arg(QString::number(b, 16).toUpper().rightJustified(2, '0')), 3 + b);
    int id = 259;
    for (const QString& t : {QStringLiteral("\u2581"), QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"),
                            QStringLiteral("\u2581a"), QStringLiteral("ab"), QStringLiteral("\u2581ab")})
        vocab.insert(t, id++);
    const QJsonArray merges{QStringLiteral("\u2581 a"), "a b", QStringLiteral("\u2581a b")};
    return QJsonObject{
        {"version", "1.0"},
        {"added_tokens", QJsonArray{QJsonObject{{"id", 0}, {"content", "<unk>"}, {"special", true}},
                                    QJsonObject{{"id", 1}, {"content", "<s>"}, {"special", true}},
                                    QJsonObject{{"id", 2}, {"content", "</s>"}, {"special", true}}}},
        {"normalizer", QJsonObject{{"type", "Sequence"},
                                   {"normalizers", QJsonArray{
                                        QJsonObject{{"type", "Prepend"}, {"prepend", QStringLiteral("\u2581")}},
                                        QJsonObject{{"type", "Replace"}, {"pattern", QJsonObject{{"String", " "}}},
                                                    {"content", QStringLiteral("\u2581")}}}}}},
        {"pre_tokenizer", QJsonValue()},
        {"post_processor",
         QJsonObject{{"type", "TemplateProcessing"},
                     {"single", QJsonArray{QJsonObject{{"SpecialToken", QJsonObject{{"id", "<s>"}, {"type_id", 0}}}},
                                           QJsonObject{{"Sequence", QJsonObject{{"id", "A"}, {"type_id", 0}}}}}},
                     {"special_tokens", QJsonObject{{"<s>", QJsonObject{{"id", "<s>"}, {"ids", QJsonArray{1}},
                                                                        {"tokens", QJsonArray{"<s>"}}}}}}}},
        {"decoder", QJsonValue()},
        {"model", QJsonObject{{"type", "BPE"}, {"unk_token", "<unk>"}, {"fuse_unk", true},
                              {"byte_fallback", true}, {"vocab", vocab}, {"merges", merges}}}};
}

// A small byte-level tokenizer.json with NFC, a Split regex and one added token.
QJsonObject tinyByteLevel() {
    QJsonObject vocab;
    int moved = 0;
    for (int b = 0; b < 256; ++b) {
        const bool self = (b >= 0x21 && b <= 0x7E) || (b >= 0xA1 && b <= 0xAC) || b >= 0xAE;
        vocab.insert(QString(QChar(self ? b : 256 + moved++)), b);
    }
    vocab.insert(QStringLiteral("\u00c3\u00a9"), 256);  // "é" in the byte alphabet
    vocab.insert("ab", 257);
    vocab.insert("12", 259);
    return QJsonObject{
        {"added_tokens", QJsonArray{QJsonObject{{"id", 258}, {"content", "<|x|>"}, {"special", true}}}},
        {"normalizer", QJsonObject{{"type", "NFC"}}},
        {"pre_tokenizer",
         QJsonObject{{"type", "Sequence"},
                     {"pretokenizers",
                      QJsonArray{QJsonObject{{"type", "Split"}, {"pattern", QJsonObject{{"Regex", kLlama3Pattern}}},
                                             {"behavior", "Isolated"}, {"invert", false}},
                                 QJsonObject{{"type", "ByteLevel"}, {"add_prefix_space", false},
                                             {"use_regex", false}}}}}},
        {"post_processor", QJsonObject{{"type", "ByteLevel"}}},
        {"decoder", QJsonObject{{"type", "ByteLevel"}}},
        {"model", QJsonObject{{"type", "BPE"}, {"vocab", vocab},
                              {"merges", QJsonArray{QJsonArray{QStringLiteral("\u00c3"), QStringLiteral("\u00a9")},
                                                    QJsonArray{"a", "b"}, QJsonArray{"1", "2"}}}}}};
}

}  // namespace

class tst_HfTokenizers : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();

    void referenceFixtureMatchesCorpus();
    void matchesReference_data();
    void matchesReference();
    void spansCoverTheText_data();
    void spansCoverTheText();
    void kindsAndSpecialTokens();
    void tokenTextIsReadable();
    void bosFollowsTokenizerConfig();

    void pretokenizePattern_data();
    void pretokenizePattern();
    void unsupportedPatterns_data();
    void unsupportedPatterns();
    void tinySentencePiece();
    void tinyByteLevel();
    void metaspaceAndDigits();
    void malformedFiles_data();
    void malformedFiles();
    void longTextStaysFast();

private:
    std::shared_ptr<Tokenizer> real(const QString& name);

    QTemporaryDir tmp_;
    QString missing_;  // why the real tokenizers cannot be loaded, or empty
    QStringList corpus_;  // texts; invalid inputs as their U+FFFD-decoded text
    QList<QByteArray> raw_;  // the bytes to encode, per case
    QJsonArray cases_;
    QMap<QString, std::shared_ptr<Tokenizer>> loaded_;
};

static const QStringList kReal = {"llama2", "llama3", "qwen3"};

void tst_HfTokenizers::initTestCase() {
    QVERIFY(tmp_.isValid());
    const QJsonDocument plain = QJsonDocument::fromJson(readFile(testutil::fixtures("tokenizer/corpus.json")));
    const QJsonObject extra = QJsonDocument::fromJson(readFile(testutil::fixtures("tokenizer/hf_corpus.json"))).object();
    for (const QJsonValue v : plain.array()) corpus_ << v.toString();
    for (const QJsonValue v : extra["texts"].toArray()) corpus_ << v.toString();
    for (const QString& t : corpus_) raw_ << t.toUtf8();
    for (const QJsonValue v : extra["invalid_utf8_hex"].toArray()) {
        const QByteArray bytes = QByteArray::fromHex(v.toString().toLatin1());
        raw_ << bytes;
        // U+FFFD per maximal invalid subpart, as TextDecoder does (Qt's decoder differs).
        corpus_ << QString::fromStdString(sanitize_utf8(bytes.toStdString()));
    }
    cases_ = QJsonDocument::fromJson(readFile(testutil::fixtures("tokenizer/hf_reference.json")))
                 .object()["cases"].toArray();
    QVERIFY(cases_.size() >= 80);

    QStringList absent;
    for (const QString& name : kReal)
        for (const char* file : {"tokenizer.json", "tokenizer_config.json"})
            if (const QString p = testutil::sharedData("tokenizers/" + name + "/" + file); !QFileInfo::exists(p))
                absent << p;
    if (!absent.isEmpty())
        missing_ = absent.join(", ") + " missing, so the real tokenizer tests cannot run "
                   "(set ATTNSCOPE_SHARED_DATA to the folder holding tokenizers/{llama2,llama3,qwen3})";
}

std::shared_ptr<Tokenizer> tst_HfTokenizers::real(const QString& name) {
    if (!loaded_.contains(name))
        loaded_[name] = load_tokenizer(str(testutil::sharedData("tokenizers/" + name)));
    return loaded_[name];
}

// The fixture must be regenerated whenever a corpus changes.
void tst_HfTokenizers::referenceFixtureMatchesCorpus() {
    QCOMPARE(cases_.size(), corpus_.size());
    for (qsizetype i = 0; i < corpus_.size(); ++i) QCOMPARE(cases_[i].toObject()["text"].toString(), corpus_[i]);
}

void tst_HfTokenizers::matchesReference_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("index");
    for (const QString& name : kReal)
        for (int i = 0; i < cases_.size(); ++i) QTest::addRow("%s #%d", qPrintable(name), i) << name << i;
}

void tst_HfTokenizers::matchesReference() {
    QFETCH(QString, name);
    QFETCH(int, index);
    if (!missing_.isEmpty()) QSKIP(qPrintable(missing_));
    const auto t = real(name);
    const QJsonObject c = cases_[index].toObject();
    const std::vector<int> want = intsOf(c[name]);
    const std::string input(raw_[index].constData(), size_t(raw_[index].size()));
    if (c.contains("hex")) {
        // Refused by the strict encoder; read as U+FFFD by the lenient one.
        const auto e = errorOf([&] { t->encode(input); });
        QVERIFY(e && e->code() == ErrorCode::InvalidUtf8);
        std::vector<Skipped> skipped;
        const std::vector<int> got = t->encode_lenient(input, skipped).ids;
        QVERIFY2(got == want, qPrintable(mismatch(*t, got, want)));
        QVERIFY(skipped.empty());
    } else {
        const std::vector<int> got = t->encode_ids(input);
        QVERIFY2(got == want, qPrintable(mismatch(*t, got, want)));
    }
}

void tst_HfTokenizers::spansCoverTheText_data() { matchesReference_data(); }

// Spans are in order, inside the text, and (for text no normalizer changes)
// give back exactly the bytes of each token.
void tst_HfTokenizers::spansCoverTheText() {
    QFETCH(QString, name);
    QFETCH(int, index);
    if (!missing_.isEmpty()) QSKIP(qPrintable(missing_));
    const auto t = real(name);
    const std::string input(raw_[index].constData(), size_t(raw_[index].size()));
    std::vector<Skipped> skipped;
    const Encoding enc = t->encode_lenient(input, skipped);
    QCOMPARE(enc.spans.size(), enc.ids.size());
    size_t last_begin = 0;
    for (size_t i = 0; i < enc.ids.size(); ++i) {
        const auto [b, e] = enc.spans[i];
        QVERIFY(b <= e && e <= input.size());
        QVERIFY2(b >= last_begin, qPrintable(QStringLiteral("token %1 starts before token %2").arg(i).arg(i - 1)));
        last_begin = b;
    }
    const bool valid = raw_[index].isValidUtf8();
    const QString nfc = QString::fromUtf8(raw_[index]).normalized(QString::NormalizationForm_C);
    if (valid && (name == "llama3" || (name == "qwen3" && nfc == QString::fromUtf8(raw_[index])))) {
        // Byte-level: the tokens of valid text are its bytes, in order.
        QCOMPARE(QByteArray::fromStdString(t->decode(enc.ids)), raw_[index]);
        for (size_t i = 0; i < enc.ids.size(); ++i) {
            const auto [b, e] = enc.spans[i];
            QCOMPARE(QByteArray::fromStdString(input.substr(b, e - b)), QByteArray::fromStdString(t->token_bytes(enc.ids[i])));
        }
    }
    if (name == "qwen3" && valid) QCOMPARE(QString::fromStdString(t->decode(enc.ids)), nfc);
}

void tst_HfTokenizers::kindsAndSpecialTokens() {
    if (!missing_.isEmpty()) QSKIP(qPrintable(missing_));
    QCOMPARE(QString::fromStdString(real("llama2")->kind()), "sentencepiece-bpe");
    QCOMPARE(QString::fromStdString(real("llama3")->kind()), "byte-level-bpe");
    QCOMPARE(QString::fromStdString(real("qwen3")->kind()), "byte-level-bpe");
    QCOMPARE(real("llama2")->vocab_size(), 32000);
    QCOMPARE(real("llama3")->vocab_size(), 128256);
    QCOMPARE(real("qwen3")->vocab_size(), 151669);

    // A special token typed in the text is one token whose span is what was typed.
    const std::string text = "say <|im_start|>hi";
    const Encoding enc = real("qwen3")->encode(text);
    const auto it = std::find(enc.ids.begin(), enc.ids.end(), 151644);
    QVERIFY(it != enc.ids.end());
    const auto [b, e] = enc.spans[size_t(it - enc.ids.begin())];
    QCOMPARE(QString::fromStdString(text.substr(b, e - b)), "<|im_start|>");
    QCOMPARE(QString::fromStdString(real("qwen3")->token_text(151644)), "<|im_start|>");
    // Llama 3 has 256 specials, found by a byte trie.
    QCOMPARE(real("llama3")->encode_ids("<|reserved_special_token_25|>"), std::vector<int>{128030});
}

// Display strings: "▁" as a space, byte tokens as their byte.
void tst_HfTokenizers::tokenTextIsReadable() {
    if (!missing_.isEmpty()) QSKIP(qPrintable(missing_));
    const auto t = real("llama2");
    QCOMPARE(QString::fromStdString(t->token_text(22557)), " Hello");
    QCOMPARE(QString::fromStdString(t->token_text(13)), "\n");      // <0x0A>
    QCOMPARE(QString::fromStdString(t->token_text(231)), "\\xE4");  // <0xE4>, part of a character
    QCOMPARE(QString::fromStdString(t->token_text(1)), "<s>");
    const Encoding enc = t->encode("Hello world");
    QCOMPARE(enc.ids, (std::vector<int>{1, 22557, 1526}));
    QCOMPARE(enc.spans, (std::vector<std::pair<size_t, size_t>>{{0, 0}, {0, 5}, {5, 11}}));
    QCOMPARE(QString::fromStdString(real("llama3")->token_text(9906)), "Hello");
}

// add_bos_token in tokenizer_config.json wins over the post_processor.
void tst_HfTokenizers::bosFollowsTokenizerConfig() {
    const QString dir = tmp_.filePath("bos");
    QVERIFY(writeFile(dir + "/tokenizer.json", QJsonDocument(::tinySentencePiece()).toJson()));
    QCOMPARE(load_tokenizer(str(dir))->encode_ids("ab"), (std::vector<int>{1, 265}));
    QVERIFY(writeFile(dir + "/tokenizer_config.json", R"({"add_bos_token": false, "bos_token": "<s>"})"));
    QCOMPARE(load_tokenizer(str(dir))->encode_ids("ab"), (std::vector<int>{265}));
    QVERIFY(writeFile(dir + "/tokenizer_config.json",
                      R"({"add_bos_token": true, "add_eos_token": true, "bos_token": {"content": "<s>"}, "eos_token": "</s>"})"));
    QCOMPARE(load_tokenizer(str(dir))->encode_ids("ab"), (std::vector<int>{1, 265, 2}));
    QVERIFY(writeFile(dir + "/tokenizer_config.json", R"({"add_bos_token": true, "bos_token": "<nope>"})"));
    const auto e = errorOf([&] { load_tokenizer(str(dir)); });
    QVERIFY(e && QString(e->what()).contains("tokenizer_config.json: the special token '<nope>'"));
}

void tst_HfTokenizers::pretokenizePattern_data() {
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("pieces");
    const QString qwen = QString(kLlama3Pattern).replace("\\p{N}{1,3}", "\\p{N}");
    QTest::newRow("llama3 words") << kLlama3Pattern << "Hello world, I'M here"
                                  << QStringList{"Hello", " world", ",", " I", "'M", " here"};
    QTest::newRow("llama3 digits in threes") << kLlama3Pattern << "x1234567" << QStringList{"x", "123", "456", "7"};
    QTest::newRow("qwen digits one by one") << qwen << "x123" << QStringList{"x", "1", "2", "3"};
    QTest::newRow("llama3 newlines") << kLlama3Pattern << "a\n\n  b  \n"
                                     << QStringList{"a", "\n\n", " ", " b", "  \n"};
    QTest::newRow("llama3 space run before word") << kLlama3Pattern << "a   b" << QStringList{"a", "  ", " b"};
    QTest::newRow("llama3 punctuation and newline") << kLlama3Pattern << "x!?\n\ny" << QStringList{"x", "!?\n\n", "y"};
    // Oniguruma's \s is White_Space: U+0085 is space, U+FEFF is not.
    QTest::newRow("NEL is space") << kLlama3Pattern << QStringLiteral("a\u0085\u0085b")
                                  << QStringList{"a", QStringLiteral("\u0085"), QStringLiteral("\u0085b")};
    QTest::newRow("BOM is not space") << kLlama3Pattern << QStringLiteral("a \ufeffb")
                                      << QStringList{"a", QStringLiteral(" \ufeff"), "b"};
    // (?i) compares case foldings: 'ſ is a contraction as 's is.
    QTest::newRow("long s folds") << kLlama3Pattern << QStringLiteral("it'\u017f")
                                  << QStringList{"it", QStringLiteral("'\u017f")};
    QTest::newRow("gaps kept") << "[0-9]+" << "ab12cd" << QStringList{"ab", "12", "cd"};
    QTest::newRow("escapes and classes") << R"(\x41|\u00e9+|[^\sa-z]|\.)" << QStringLiteral("Aéé.b Z")
                                         << QStringList{"A", QStringLiteral("éé"), ".", "b ", "Z"};
    QTest::newRow("lookahead") << R"(a(?=b)|b)" << "aab" << QStringList{"a", "a", "b"};
    QTest::newRow("optional group") << R"(x(?:yz)?)" << "xyzxy" << QStringList{"xyz", "x", "y"};
    QTest::newRow("categories") << R"(\p{Lu}\p{Ll}*|\p{Nd}+|\P{L})" << "HelloWORLD42!"
                                << QStringList{"Hello", "W", "O", "R", "L", "D", "42", "!"};
    QTest::newRow("empty text") << kLlama3Pattern << "" << QStringList{};
}

void tst_HfTokenizers::pretokenizePattern() {
    QFETCH(QString, pattern);
    QFETCH(QString, text);
    QFETCH(QStringList, pieces);
    QCOMPARE(piecesOf(pattern, text), pieces);
}

void tst_HfTokenizers::unsupportedPatterns_data() {
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("problem");
    QTest::newRow("anchor") << "^a" << "anchors";
    QTest::newRow("word boundary") << R"(\bfoo)" << "unsupported escape '\\b'";
    QTest::newRow("backreference") << R"((a)\1)" << "unsupported escape '\\1'";
    QTest::newRow("lazy") << "a*?" << "lazy and possessive";
    QTest::newRow("star on group") << "(ab)*" << "not on groups";
    QTest::newRow("script") << R"(\p{Han})" << "unknown Unicode property 'Han'";
    QTest::newRow("named group") << "(?<n>a)" << "unsupported group syntax";
    QTest::newRow("open class") << "[abc" << "missing ']'";
    QTest::newRow("open group") << "(ab" << "missing ')'";
    QTest::newRow("stray paren") << "ab)" << "unbalanced ')'";
    QTest::newRow("huge count") << "a{1000}" << "repeat count above";
    QTest::newRow("nothing to repeat") << "+a" << "nothing to repeat";
    QTest::newRow("bad range") << "[z-a]" << "bad range";
    QTest::newRow("catastrophic") << "(?:a?){0,30}a{0,30}b|\\s*\\s*\\s*\\s*\\s*x" << "backtracks too much";
    QTest::newRow("stacked stars") << "a*a*a*a*a*a*a*c" << "backtracks too much";
}

void tst_HfTokenizers::unsupportedPatterns() {
    QFETCH(QString, pattern);
    QFETCH(QString, problem);
    const auto e = errorOf([&] { regex_pretokenize(str(pattern), "some text"); });
    QVERIFY2(e, "accepted");
    QCOMPARE(e->code(), ErrorCode::BadFormat);
    const QString message = QString::fromUtf8(e->what());
    QVERIFY2(message.contains(problem), qPrintable(message));
    QVERIFY2(message.contains(pattern.left(20)), qPrintable("the message does not name the pattern: " + message));
}

void tst_HfTokenizers::tinySentencePiece() {
    const QString dir = tmp_.filePath("tiny-sp");
    QVERIFY(writeFile(dir + "/tokenizer.json", QJsonDocument(::tinySentencePiece()).toJson()));
    const auto t = load_tokenizer(str(dir));
    QCOMPARE(QString::fromStdString(t->kind()), "sentencepiece-bpe");
    // "▁ab" merges whole; "c" is a token; "é" falls back to its two bytes.
    const Encoding enc = t->encode("ab cé");
    QCOMPARE(enc.ids, (std::vector<int>{1, 265, 259, 262, 3 + 0xC3, 3 + 0xA9}));
    QCOMPARE(enc.spans, (std::vector<std::pair<size_t, size_t>>{{0, 0}, {0, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}}));
    QCOMPARE(QString::fromStdString(t->decode(enc.ids)), QStringLiteral("<s> ab cé"));
    // A typed "<s>" is the special token; the text after it gets its own "▁".
    QCOMPARE(t->encode_ids("<s>ab"), (std::vector<int>{1, 1, 265}));
    // Invalid UTF-8: refused strictly, read as U+FFFD (three byte tokens) leniently.
    QVERIFY(errorOf([&] { t->encode("a\xff"); }));
    std::vector<Skipped> skipped;
    const Encoding lenient = t->encode_lenient("a\xff", skipped);
    QCOMPARE(lenient.ids, (std::vector<int>{1, 263, 3 + 0xEF, 3 + 0xBF, 3 + 0xBD}));
    QCOMPARE(lenient.spans.back(), (std::pair<size_t, size_t>{1, 2}));
}

void tst_HfTokenizers::tinyByteLevel() {
    const QString dir = tmp_.filePath("tiny-bl");
    QVERIFY(writeFile(dir + "/tokenizer.json", QJsonDocument(::tinyByteLevel()).toJson()));
    const auto t = load_tokenizer(str(dir));
    QCOMPARE(QString::fromStdString(t->kind()), "byte-level-bpe");
    // "e" + combining acute becomes "é" (NFC), one token spanning both characters.
    const std::string text = "abe\xCC\x81<|x|>ab";
    const Encoding enc = t->encode(text);
    QCOMPARE(enc.ids, (std::vector<int>{257, 256, 258, 257}));
    QCOMPARE(enc.spans, (std::vector<std::pair<size_t, size_t>>{{0, 2}, {2, 5}, {5, 10}, {10, 12}}));
    QCOMPARE(QString::fromStdString(t->decode(enc.ids)), QStringLiteral("ab\u00e9<|x|>ab"));
}

// Metaspace (newer SentencePiece exports) gives what Prepend + Replace give;
// Digits (SmolLM) splits numbers apart before the merges.
void tst_HfTokenizers::metaspaceAndDigits() {
    QJsonObject sp = ::tinySentencePiece();
    sp["normalizer"] = QJsonValue();
    sp["pre_tokenizer"] = QJsonObject{{"type", "Metaspace"}, {"replacement", QStringLiteral("\u2581")},
                                      {"prepend_scheme", "first"}, {"split", true}};
    const QString dir = tmp_.filePath("metaspace");
    QVERIFY(writeFile(dir + "/tokenizer.json", QJsonDocument(sp).toJson()));
    const auto t = load_tokenizer(str(dir));
    QCOMPARE(t->encode_ids("ab ab"), (std::vector<int>{1, 265, 265}));
    // "first": only the stretch at the start of the text gets its "▁".
    QCOMPARE(t->encode_ids("<s>ab"), (std::vector<int>{1, 1, 264}));
    const Encoding enc = t->encode(" ab");
    QCOMPARE(enc.ids, (std::vector<int>{1, 265}));  // the text's own space, nothing prepended
    QCOMPARE(enc.spans.back(), (std::pair<size_t, size_t>{0, 3}));

    QJsonObject bl = ::tinyByteLevel();
    QVERIFY(writeFile(tmp_.filePath("digits-off/tokenizer.json"), QJsonDocument(bl).toJson()));
    QCOMPARE(load_tokenizer(str(tmp_.filePath("digits-off")))->encode_ids("x12"), (std::vector<int>{'x', 259}));
    bl["pre_tokenizer"] = QJsonObject{
        {"type", "Sequence"},
        {"pretokenizers", QJsonArray{QJsonObject{{"type", "Digits"}, {"individual_digits", true}},
                                     QJsonObject{{"type", "ByteLevel"}, {"use_regex", true}}}}};
    QVERIFY(writeFile(tmp_.filePath("digits/tokenizer.json"), QJsonDocument(bl).toJson()));
    QCOMPARE(load_tokenizer(str(tmp_.filePath("digits")))->encode_ids("x12"), (std::vector<int>{'x', '1', '2'}));
}

// Each row edits the tiny SentencePiece or byte-level file and loads it.
void tst_HfTokenizers::malformedFiles_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("problem");
    const auto edit = [](QJsonObject doc, const QString& key, const QJsonValue& value) {
        doc[key] = value;
        return QJsonDocument(doc).toJson();
    };
    const auto editModel = [](QJsonObject doc, const QString& key, const QJsonValue& value) {
        QJsonObject m = doc["model"].toObject();
        if (value.isUndefined()) m.remove(key);
        else m[key] = value;
        doc["model"] = m;
        return QJsonDocument(doc).toJson();
    };
    const QJsonObject sp = ::tinySentencePiece(), bl = ::tinyByteLevel();
    const auto split = [](const QString& regex) {
        return QJsonObject{{"type", "Split"}, {"pattern", QJsonObject{{"Regex", regex}}}, {"behavior", "Isolated"}};
    };
    QTest::newRow("unknown model type") << editModel(sp, "type", "Unigram") << "model.type is 'Unigram', not 'BPE'";
    QTest::newRow("missing merges") << editModel(bl, "merges", QJsonValue::Undefined) << "model.merges is missing";
    QTest::newRow("merge of unknown") << editModel(sp, "merges", QJsonArray{"a zz"}) << "model.merges[0]: merges 'a' and 'zz'";
    QTest::newRow("bad regex") << edit(bl, "pre_tokenizer", split("(?<x>a)")) << "pre-tokenizer pattern '(?<x>a)'";
    QTest::newRow("regex not a string") << edit(bl, "pre_tokenizer", QJsonObject{{"type", "Split"}, {"pattern", QJsonObject{{"Regex", 3}}}})
                                        << "without a \"Regex\" or \"String\" pattern";
    QTest::newRow("split behavior") << edit(bl, "pre_tokenizer", QJsonObject{{"type", "Split"}, {"pattern", QJsonObject{{"String", " "}}}, {"behavior", "Contiguous"}})
                                    << "Split behavior 'Contiguous' is not supported";
    QTest::newRow("unknown pre_tokenizer") << edit(bl, "pre_tokenizer", QJsonObject{{"type", "BertPreTokenizer"}})
                                           << "pre_tokenizer type 'BertPreTokenizer' is not supported";
    QTest::newRow("Metaspace not first")
        << edit(sp, "pre_tokenizer", QJsonObject{{"type", "Sequence"}, {"pretokenizers", QJsonArray{split("a"), QJsonObject{{"type", "Metaspace"}}}}})
        << "Metaspace is supported only as the first pre-tokenizer";
    QTest::newRow("nested sequence") << edit(bl, "pre_tokenizer", QJsonObject{{"type", "Sequence"}, {"pretokenizers", QJsonArray{QJsonObject{{"type", "Sequence"}}}}})
                                     << "a Sequence inside a Sequence";
    QTest::newRow("unknown normalizer") << edit(sp, "normalizer", QJsonObject{{"type", "BertNormalizer"}})
                                        << "normalizer type 'BertNormalizer' is not supported";
    QTest::newRow("regex Replace") << edit(sp, "normalizer", QJsonObject{{"type", "Replace"}, {"pattern", QJsonObject{{"Regex", " +"}}}, {"content", "x"}})
                                   << "regex patterns are not supported";
    QTest::newRow("unknown post_processor") << edit(sp, "post_processor", QJsonObject{{"type", "BertProcessing"}})
                                            << "post_processor type 'BertProcessing' is not supported";
    QTest::newRow("template names unknown token")
        << edit(sp, "post_processor", QJsonObject{{"type", "TemplateProcessing"}, {"single", QJsonArray{QJsonObject{{"SpecialToken", QJsonObject{{"id", "<bos>"}}}}}}})
        << "the special token '<bos>' is not in the vocabulary";
    QJsonObject noBytes = sp;
    QJsonObject model = noBytes["model"].toObject(), vocab = model["vocab"].toObject();
    vocab.remove("<0x41>");
    model["vocab"] = vocab;
    noBytes["model"] = model;
    QTest::newRow("byte fallback without byte") << QJsonDocument(noBytes).toJson() << "byte_fallback is true but '<0x41>'";
    const QJsonObject noFallback = QJsonDocument::fromJson(editModel(sp, "byte_fallback", false)).object();
    QTest::newRow("no fallback no unk") << editModel(noFallback, "unk_token", QJsonValue())
                                        << "neither byte_fallback nor an unk_token";
    QTest::newRow("unk not in vocab") << editModel(noFallback, "unk_token", "<what>")
                                      << "the unk_token '<what>' is not in the vocabulary";
    QTest::newRow("byte-level lacks a byte") << editModel(bl, "vocab", QJsonObject{{"a", 0}}) << "no token for the byte";
    QTest::newRow("prefix space") << edit(bl, "pre_tokenizer", QJsonObject{{"type", "ByteLevel"}, {"add_prefix_space", true}})
                                  << "adds a prefix space";
    QTest::newRow("dropout") << editModel(sp, "dropout", 0.1) << "model.dropout is set";
}

void tst_HfTokenizers::malformedFiles() {
    QFETCH(QByteArray, json);
    QFETCH(QString, problem);
    const QString dir = tmp_.filePath("malformed/" + QString::fromLatin1(QTest::currentDataTag()).replace(' ', '_'));
    QVERIFY(writeFile(dir + "/tokenizer.json", json));
    const auto e = errorOf([&] { load_tokenizer(str(dir)); });
    QVERIFY2(e, "loaded without an error");
    const QString message = QString::fromUtf8(e->what());
    QCOMPARE(e->code(), ErrorCode::BadFormat);
    QVERIFY2(message.contains(problem), qPrintable(message));
    QVERIFY2(message.contains(dir), qPrintable("the message does not name the file: " + message));
}

// A long text of every kind of piece: no piece may make the matcher or the
// merges quadratic, and the spans still tile the text.
void tst_HfTokenizers::longTextStaysFast() {
    if (!missing_.isEmpty()) QSKIP(qPrintable(missing_));
    QByteArray text;
    for (int i = 0; i < 2000; ++i) text += "word " + QByteArray::number(i * 7919) + ",\n\t  \xE4\xBD\xA0\xE5\xA5\xBD \xF0\x9F\x98\x80 ";
    text += QByteArray(1 << 16, ' ') + QByteArray(1 << 16, 'a') + QByteArray(1 << 15, '!');
    const std::string input = text.toStdString();
    for (const QString& name : kReal) {
        QElapsedTimer timer;
        timer.start();
        const Encoding enc = real(name)->encode(input);
        qInfo("%s: %zu bytes into %zu tokens in %lld ms", qPrintable(name), input.size(), enc.ids.size(),
              static_cast<long long>(timer.elapsed()));
        QVERIFY(enc.ids.size() > 10000);
        QCOMPARE(enc.spans.back().second, input.size());
        if (name == "llama3") QCOMPARE(QByteArray::fromStdString(real(name)->decode(enc.ids)), text);
    }
}

QTEST_GUILESS_MAIN(tst_HfTokenizers)
#include "tst_hf_tokenizers.moc"
