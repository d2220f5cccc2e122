// Finding the models already on a machine (model/local_models.h) in fake
// Ollama, LM Studio and Hugging Face cache trees made here: names as people
// know them, sizes, and what does not open said before it is chosen
// (missing blobs, broken manifests, dangling links, unsupported types); and
// the CLI's `models` verb and `--model name:tag` / `org/name`.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

#include "attnscope/model/local_models.h"
#include "testutil.h"

using namespace attnscope;

namespace {

const QString kDigest = QStringLiteral("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");

bool write(const QString& path, const QByteArray& bytes) { return testutil::writeFile(path, bytes); }

// The bundled demo model (a safetensors file) copied to `to`.
bool copyDemo(const QString& to) {
    QDir().mkpath(QFileInfo(to).path());
    return QFile::copy(QStringLiteral(ATTNSCOPE_RESOURCES "/demo/shakespeare-char.safetensors"), to);
}

QByteArray manifest(const QString& digest) {
    return QStringLiteral(R"({"schemaVersion":2,"layers":[{"mediaType":"application/vnd.ollama.image.license","digest":"sha256:%2"},)"
                          R"({"mediaType":"application/vnd.ollama.image.model","digest":"sha256:%1","size":10}]})")
        .arg(digest, QString(64, QLatin1Char('e')))
        .toUtf8();
}

// A GGUF header: magic, version, no tensors, no metadata.
QByteArray ggufHeader(uint32_t version) {
    QByteArray b("GGUF");
    b.append(reinterpret_cast<const char*>(&version), 4);
    b.append(QByteArray(16, '\0'));
    return b;
}

template <typename T>
void put(QByteArray& b, T v) {
    b.append(reinterpret_cast<const char*>(&v), sizeof v);
}
void putString(QByteArray& b, const QByteArray& s) {
    put<uint64_t>(b, uint64_t(s.size()));
    b.append(s);
}

// A GGUF v3 file whose metadata names `arch`, with one 32-value tensor of
// ggml type `type` (16 is IQ2_XXS, which AttnScope refuses) when type >= 0.
QByteArray ggufOf(const QByteArray& arch, int type = -1) {
    QByteArray b("GGUF");
    put<uint32_t>(b, 3);
    put<uint64_t>(b, type >= 0 ? 1 : 0);  // tensors
    put<uint64_t>(b, 1);                  // keys
    putString(b, "general.architecture");
    put<uint32_t>(b, 8);  // string
    putString(b, arch);
    if (type >= 0) {
        putString(b, "token_embd.weight");
        put<uint32_t>(b, 1);
        put<uint64_t>(b, 32);
        put<uint32_t>(b, uint32_t(type));
        put<uint64_t>(b, 0);
    }
    b.append(QByteArray((32 - b.size() % 32) % 32, '\0'));
    b.append(QByteArray(256, '\0'));
    return b;
}

QByteArray fixture(const QString& name) {
    QFile f(testutil::fixtures(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const LocalModel* byName(const std::vector<LocalModel>& all, const std::string& name) {
    for (const LocalModel& m : all)
        if (m.name == name) return &m;
    return nullptr;
}

}  // namespace

class tst_LocalModels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void ollamaManifestsAndBlobs();
    void huggingFaceCacheSnapshots();
    void lmStudioAndAddedFolders();
    void namesResolveToPaths();
    void cliListsAndOpensByName();

private:
    QTemporaryDir tmp_;
    LocalModelRoots roots_;
    QByteArray llama_;  // the committed llama GGUF fixture, as the Ollama blob
};

void tst_LocalModels::initTestCase() {
    QVERIFY(tmp_.isValid());
    const QString ollama = tmp_.filePath(QStringLiteral("ollama"));
    const QString lib = ollama + QStringLiteral("/manifests/registry.ollama.ai/library");
    // llama3:8b opens (its blob is a small llama GGUF); phi:latest's blob is
    // missing; broken:1 has a manifest that is not JSON; nomodel:1 lists no
    // model layer; user/custom:v2 is in another namespace.
    QVERIFY(write(lib + "/llama3/8b", manifest(kDigest)));
    llama_ = fixture(QStringLiteral("gguf/llama.gguf"));
    QVERIFY(!llama_.isEmpty());
    QVERIFY(write(ollama + "/blobs/sha256-" + kDigest, llama_));
    QVERIFY(write(lib + "/phi/latest", manifest(QString(64, QLatin1Char('a')))));
    QVERIFY(write(lib + "/broken/1", "{not json"));
    QVERIFY(write(lib + "/nomodel/1", R"({"layers":[]})"));
    QVERIFY(write(ollama + "/manifests/registry.ollama.ai/user/custom/v2", manifest(kDigest)));
    roots_.ollama = ollama.toStdString();

    const QString hub = tmp_.filePath(QStringLiteral("hf/hub"));
    // A Qwen2 folder (a committed fixture) with its files links into blobs/,
    // as the cache stores them; refs/main names the snapshot.
    const QString snap = hub + "/models--openai--tiny/snapshots/abc123";
    QVERIFY(write(hub + "/models--openai--tiny/refs/main", "abc123"));
    QDir().mkpath(snap);
    QDir().mkpath(hub + "/models--openai--tiny/blobs");
    for (const char* file : {"config.json", "model.safetensors"}) {
        const QString blob = hub + "/models--openai--tiny/blobs/" + QString::fromLatin1(file) + ".blob";
        QVERIFY(QFile::copy(testutil::fixtures(QStringLiteral("arch/qwen2/") + QString::fromLatin1(file)), blob));
        QVERIFY(QFile::link(blob, snap + "/" + QString::fromLatin1(file)));
    }
    // An older snapshot beside it, which refs/main does not name.
    QVERIFY(write(hub + "/models--openai--tiny/snapshots/old/config.json", R"({"model_type": "bert"})"));
    // A download that stopped: the link points at a blob that is not there.
    const QString half = hub + "/models--org--half/snapshots/r1";
    QVERIFY(write(half + "/config.json", R"({"model_type": "llama"})"));
    QVERIFY(QFile::link(hub + "/models--org--half/blobs/missing", half + "/model.safetensors"));
    // A model type AttnScope does not compute.
    QVERIFY(write(hub + "/models--org--bert/snapshots/r1/config.json", R"({"model_type": "bert"})"));
    QVERIFY(write(hub + "/models--org--bert/snapshots/r1/model.safetensors", "x"));
    // Config and no weights.
    QVERIFY(write(hub + "/models--org--empty/snapshots/r1/config.json", R"({"model_type": "gpt2"})"));
    roots_.huggingface = hub.toStdString();

    const QString lms = tmp_.filePath(QStringLiteral("lmstudio"));
    QVERIFY(write(lms + "/pub/repo/model-Q4_K_M.gguf", fixture(QStringLiteral("gguf/llama_q4_k.gguf"))));
    QVERIFY(write(lms + "/pub/repo/bert.gguf", ggufOf("bert")));
    QVERIFY(write(lms + "/pub/repo/iq2.gguf", ggufOf("llama", 16)));
    QVERIFY(write(lms + "/pub/repo/plain.gguf", ggufHeader(3)));  // no architecture
    QVERIFY(write(lms + "/pub/old/model.gguf", ggufHeader(1)));
    QVERIFY(QFile::link(lms + "/pub/gone.gguf", lms + "/pub/repo/dangling.gguf"));
    roots_.lmstudio = {lms.toStdString()};

    const QString mine = tmp_.filePath(QStringLiteral("mine"));
    QVERIFY(copyDemo(mine + "/a/demo.safetensors"));
    QVERIFY(write(mine + "/a/notes.txt", "not a model"));
    QVERIFY(write(mine + "/b/junk.pt", "definitely not a zip"));
    QVERIFY(QFile::link(mine, mine + "/a/loop"));  // a link back up: searched once
    roots_.folders = {mine.toStdString()};
}

void tst_LocalModels::ollamaManifestsAndBlobs() {
    const std::vector<LocalModel> all = find_local_models(roots_);
    const LocalModel* m = byName(all, "llama3:8b");
    QVERIFY(m);
    QCOMPARE(m->source, std::string("ollama"));
    QVERIFY(m->opens);
    QCOMPARE(m->format, std::string("gguf"));
    QVERIFY(QString::fromStdString(m->path).endsWith("blobs/sha256-" + kDigest));
    QCOMPARE(m->bytes, int64_t(llama_.size()));
    QCOMPARE(m->architecture, std::string("llama"));  // read from the GGUF's metadata
    QVERIFY(byName(all, "user/custom:v2") && byName(all, "user/custom:v2")->opens);
    const struct {
        const char* name;
        const char* says;
    } broken[] = {{"phi:latest", "is missing"}, {"broken:1", "cannot be read"}, {"nomodel:1", "no model layer"}};
    for (const auto& b : broken) {
        const LocalModel* x = byName(all, b.name);
        QVERIFY2(x, b.name);
        QVERIFY(!x->opens);
        QVERIFY2(QString::fromStdString(x->why_not).contains(QString::fromLatin1(b.says)), x->why_not.c_str());
    }
}

void tst_LocalModels::huggingFaceCacheSnapshots() {
    const std::vector<LocalModel> all = find_local_models(roots_);
    const LocalModel* tiny = byName(all, "openai/tiny");
    QVERIFY(tiny);
    QVERIFY2(tiny->opens, tiny->why_not.c_str());
    QCOMPARE(tiny->architecture, std::string("qwen2"));
    QVERIFY(QString::fromStdString(tiny->path).endsWith("snapshots/abc123"));
    QCOMPARE(tiny->bytes, QFileInfo(testutil::fixtures("arch/qwen2/model.safetensors")).size());
    const struct {
        const char* name;
        const char* says;
    } broken[] = {{"org/half", "missing"}, {"org/bert", "bert"}, {"org/empty", "no weights"}};
    for (const auto& b : broken) {
        const LocalModel* x = byName(all, b.name);
        QVERIFY2(x, b.name);
        QVERIFY(!x->opens);
        QVERIFY2(QString::fromStdString(x->why_not).contains(QString::fromLatin1(b.says)), x->why_not.c_str());
    }
}

void tst_LocalModels::lmStudioAndAddedFolders() {
    const std::vector<LocalModel> all = find_local_models(roots_);
    const LocalModel* q4 = byName(all, "pub/repo/model-Q4_K_M.gguf");
    QVERIFY(q4 && q4->opens && q4->source == "lmstudio");
    QCOMPARE(q4->architecture, std::string("llama"));
    // What a GGUF's header says keeps it from opening, said before it is chosen.
    const struct {
        const char* name;
        const char* arch;
        const char* says;
    } refused[] = {{"pub/repo/bert.gguf", "bert", "architecture 'bert' is not supported"},
                   {"pub/repo/iq2.gguf", "", "IQ2_XXS"},
                   {"pub/repo/plain.gguf", "", "general.architecture"}};
    for (const auto& r : refused) {
        const LocalModel* x = byName(all, r.name);
        QVERIFY2(x, r.name);
        QVERIFY(!x->opens);
        QCOMPARE(x->format, std::string("gguf"));
        QVERIFY2(QString::fromStdString(x->why_not).contains(QString::fromLatin1(r.says)), x->why_not.c_str());
        if (*r.arch) QCOMPARE(x->architecture, std::string(r.arch));
    }
    const LocalModel* old = byName(all, "pub/old/model.gguf");
    QVERIFY(old && !old->opens);
    QVERIFY(QString::fromStdString(old->why_not).contains("version 1"));
    const LocalModel* dangling = byName(all, "pub/repo/dangling.gguf");
    QVERIFY(dangling && !dangling->opens);
    QVERIFY(QString::fromStdString(dangling->why_not).contains("missing"));
    int demos = 0;
    for (const LocalModel& m : all)
        if (m.source == "folder" && m.name == "demo.safetensors") {
            ++demos;
            QVERIFY(m.opens);
            QCOMPARE(m.format, std::string("safetensors"));
        }
    QCOMPARE(demos, 1);  // the loop is not followed twice
    const LocalModel* junk = byName(all, "junk.pt");
    QVERIFY(junk && !junk->opens);
    QVERIFY(!byName(all, "notes.txt"));
    // Sorted by source, then name.
    for (size_t i = 1; i < all.size(); ++i)
        QVERIFY(all[i - 1].source < all[i].source ||
                (all[i - 1].source == all[i].source && all[i - 1].name <= all[i].name));
    // A limit bounds the search.
    QCOMPARE(find_local_models(roots_, 3).size(), size_t(3));
}

void tst_LocalModels::namesResolveToPaths() {
    QVERIFY(QString::fromStdString(resolve_local_model("llama3:8b", roots_)).endsWith("sha256-" + kDigest));
    QCOMPARE(resolve_local_model("llama3", roots_), std::string());  // no "latest" tag
    QVERIFY(QString::fromStdString(resolve_local_model("user/custom:v2", roots_)).endsWith("sha256-" + kDigest));
    QVERIFY(QString::fromStdString(resolve_local_model("openai/tiny", roots_)).endsWith("snapshots/abc123"));
    QCOMPARE(resolve_local_model("nobody/nothing", roots_), std::string());
    QCOMPARE(resolve_local_model("/abs/path", roots_), std::string());
}

// The CLI finds the same trees through the environment the tools use.
void tst_LocalModels::cliListsAndOpensByName() {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("OLLAMA_MODELS", QString::fromStdString(roots_.ollama));
    env.insert("HF_HUB_CACHE", QString::fromStdString(roots_.huggingface));
    env.insert("HOME", tmp_.filePath(QStringLiteral("nohome")));
    testutil::Run r = testutil::cli({"models", "--json", QString::fromStdString(roots_.folders[0])}, env);
    QVERIFY2(r.status == 0, qPrintable(r.err));
    const QJsonArray list = QJsonDocument::fromJson(r.out.toUtf8()).array();
    QStringList names;
    for (const QJsonValue v : list) names << v.toObject()["name"].toString();
    QVERIFY(names.contains("llama3:8b") && names.contains("openai/tiny") && names.contains("demo.safetensors"));
    for (const QJsonValue v : list)
        if (v.toObject()["name"] == "phi:latest") QVERIFY(v.toObject()["why_not"].toString().contains("missing"));
    // `info` and --model take the cache's name.
    r = testutil::cli({"info", "openai/tiny", "--json"}, env);
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY(r.out.contains("qwen2"));
    r = testutil::cli({"predict", "--model", "openai/tiny", "--tokens", "1,2,3", "--json"}, env);
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8()).object()["position"].toInt(), 2);
    r = testutil::cli({"predict", "--model", "nobody/nothing", "--text", "x"}, env);
    QCOMPARE(r.status, 1);
    QVERIFY(r.err.contains("nobody/nothing"));
}

QTEST_GUILESS_MAIN(tst_LocalModels)
#include "tst_local_models.moc"
