// tst_hf_tokenizers, continued: small generated tokenizers (SentencePiece,
// byte-level, Metaspace and digits) that need no shared data, one clear error
// per malformed tokenizer.json, and a long text kept fast (tst_hf_tokenizers.h
// has the test class).
#include "tst_hf_tokenizers.h"

namespace {

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
