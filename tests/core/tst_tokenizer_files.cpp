// tst_tokenizer, continued: one clear error per corrupt tokenizer file, empty
// text, loading and finding tokenizer files, and long texts and pieces kept
// fast (tst_tokenizer.h has the test class).
#include "tst_tokenizer.h"

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
