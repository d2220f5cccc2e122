// Hugging Face tokenizer.json pipelines: the real Llama 2, Llama 3 and Qwen3
// tokenizers against an independent reference (@lenml/tokenizers, the
// transformers.js port, run by tests/scripts/make_hf_reference.mjs), the
// pre-tokenizer regex matcher, small generated tokenizers that need no shared
// data, and one clear error per malformed tokenizer.json.
#include "tst_hf_tokenizers.h"

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

QStringList piecesOf(const QString& pattern, const QString& text) {
    const std::string t = str(text);
    QStringList out;
    for (const auto& [b, e] : regex_pretokenize(str(pattern), t))
        out << QString::fromStdString(t.substr(b, e - b));
    return out;
}

}  // namespace

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

QTEST_GUILESS_MAIN(tst_HfTokenizers)
#include "moc_tst_hf_tokenizers.cpp"
