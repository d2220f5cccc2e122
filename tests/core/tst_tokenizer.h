#pragma once
// tst_tokenizer's test class and the tokenizer files it writes, shared by
// tst_tokenizer.cpp (the fixture, GPT-2 BPE against the reference, UTF-8, the
// char tokenizer) and tst_tokenizer_files.cpp (corrupt files, finding and
// loading tokenizers, speed).
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

inline QByteArray bytes(const std::string& s) { return QByteArray(s.data(), qsizetype(s.size())); }
inline std::string text(const QByteArray& b) { return std::string(b.constData(), size_t(b.size())); }

// GPT-2's bytes_to_unicode(), written out again here so the generated files do
// not depend on the code under test.
inline const QList<QChar>& byteChars() {
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

inline QString byteChar(int b) { return QString(byteChars()[b]); }

inline QByteArray tokenBytes(const QString& token) {
    QByteArray out;
    for (const QChar c : token) out += char(byteChars().indexOf(c));
    return out;
}

// A small valid GPT-2 vocabulary: the 256 byte tokens (id = byte) and six merges.
const QStringList kTinyMerges = {"h e", "l l", "he ll", "hell o",
                                 QStringLiteral("\u0120 w"), QStringLiteral("\u00c3 \u00a9")};

inline QJsonObject tinyVocab() {
    QJsonObject v;
    for (int b = 0; b < 256; ++b) v.insert(byteChar(b), b);
    int id = 256;
    for (const QString& m : kTinyMerges) v.insert(QString(m).remove(' '), id++);
    return v;
}

inline QByteArray tinyEncoderJson() { return QJsonDocument(tinyVocab()).toJson(QJsonDocument::Compact); }
inline QByteArray tinyMergesText() { return ("#version: 0.2\n" + kTinyMerges.join('\n') + "\n").toUtf8(); }

inline QByteArray hfTokenizerJson(const QJsonObject& vocab, const QStringList& merges, bool mergePairs) {
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

inline QByteArray tiktokenFile(const QJsonObject& vocab) {
    std::map<int, QByteArray> lines;
    for (auto it = vocab.begin(); it != vocab.end(); ++it)
        if (it.key() != "<|endoftext|>") lines[it.value().toInt()] = tokenBytes(it.key()).toBase64();
    QByteArray out;
    for (const auto& [rank, b64] : lines) out += b64 + ' ' + QByteArray::number(rank) + '\n';
    return out;
}

inline QByteArray tinyTiktoken() { return tiktokenFile(tinyVocab()); }

static const QStringList kGpt2Variants = {"encoder.json+vocab.bpe", "vocab.json+merges.txt",
                                          "tokenizer.json (\"a b\" merges)",
                                          "tokenizer.json ([a, b] merges)", "r50k_base.tiktoken"};

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
