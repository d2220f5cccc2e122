#pragma once
// tst_hf_tokenizers' test class, Llama 3's pre-tokenizer pattern and a small
// SentencePiece tokenizer.json, shared by tst_hf_tokenizers.cpp (the real
// tokenizers against the reference, the pre-tokenizer regex) and
// tst_hf_tokenizers_small.cpp (small generated tokenizers, malformed files,
// speed).
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

const QString kLlama3Pattern =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

// A small SentencePiece-style tokenizer.json: <unk> <s> </s>, the 256 byte
// tokens, "▁" and a few letters, and merges up to "▁ab".
inline QJsonObject tinySentencePiece() {
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

static const QStringList kReal = {"llama2", "llama3", "qwen3"};

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
