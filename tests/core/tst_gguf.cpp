// GGUF files (llama.cpp, Ollama, LM Studio): the reader against hostile
// files (one data row per corrupt file), the dequantizers against the
// reference dequantizer of tests/scripts/make_gguf_fixtures.py, the GEMM on
// stored weights against the same GEMM on their dequantized copy (the same
// bits), and whole models against llama.cpp's own outputs
// (tests/fixtures/gguf, written by make_gguf_fixtures.py and evaluated by
// make_gguf_reference.mjs through node-llama-cpp).
#include "tst_gguf.h"

namespace {

// ---- a small GGUF writer with lies on request

void put(QByteArray& b, uint64_t v, int n) {
    for (int i = 0; i < n; ++i) b += char((v >> (8 * i)) & 0xFF);
}
void putStr(QByteArray& b, const QByteArray& s) {
    put(b, uint64_t(s.size()), 8);
    b += s;
}

struct GTensor {
    QByteArray name;
    std::vector<uint64_t> dims;
    uint32_t type = 0;
    QByteArray data;
    int64_t offset = -1;  // -1: placed after the one before, aligned
};

struct GFile {
    uint32_t version = 3;
    QByteArray kvs;  // already encoded key/values
    int nKv = 0;
    std::vector<GTensor> tensors;
    uint32_t alignment = 32;
    int64_t tensorCount = -1, kvCount = -1;  // lies

    void kvString(const QByteArray& key, const QByteArray& value) {
        putStr(kvs, key);
        put(kvs, 8, 4);
        putStr(kvs, value);
        ++nKv;
    }
    void kvU32(const QByteArray& key, uint32_t value) {
        putStr(kvs, key);
        put(kvs, 4, 4);
        put(kvs, value, 4);
        ++nKv;
    }
    void kvF32(const QByteArray& key, float value) {
        putStr(kvs, key);
        put(kvs, 6, 4);
        uint32_t bits;
        std::memcpy(&bits, &value, 4);
        put(kvs, bits, 4);
        ++nKv;
    }

    QByteArray bytes() const {
        QByteArray b("GGUF");
        put(b, version, 4);
        put(b, tensorCount >= 0 ? uint64_t(tensorCount) : tensors.size(), 8);
        put(b, kvCount >= 0 ? uint64_t(kvCount) : uint64_t(nKv), 8);
        b += kvs;
        uint64_t next = 0;
        std::vector<uint64_t> offsets;
        for (const GTensor& t : tensors) {
            putStr(b, t.name);
            put(b, t.dims.size(), 4);
            for (uint64_t d : t.dims) put(b, d, 8);
            put(b, t.type, 4);
            const uint64_t off = t.offset >= 0 ? uint64_t(t.offset) : next;
            offsets.push_back(off);
            put(b, off, 8);
            next = (off + uint64_t(t.data.size()) + alignment - 1) / alignment * alignment;
        }
        while (b.size() % alignment) b += char(0);
        const qsizetype base = b.size();
        for (size_t i = 0; i < tensors.size(); ++i) {
            if (offsets[i] > uint64_t(1) << 24) continue;  // a lie: nothing is written there
            const qsizetype at = base + qsizetype(offsets[i]);
            if (b.size() < at + tensors[i].data.size()) b.resize(at + tensors[i].data.size(), char(0));
            std::memcpy(b.data() + at, tensors[i].data.constData(), size_t(tensors[i].data.size()));
        }
        return b;
    }
};

QByteArray f32Bytes(int n, float v = 0.5f) {
    QByteArray b;
    for (int i = 0; i < n; ++i) {
        uint32_t bits;
        const float x = v + 0.01f * float(i);
        std::memcpy(&bits, &x, 4);
        put(b, bits, 4);
    }
    return b;
}

GFile goodFile() {
    GFile f;
    f.kvString("general.architecture", "llama");
    f.kvU32("general.alignment", 32);
    f.tensors.push_back({"a.weight", {4, 2}, 0, f32Bytes(8), -1});
    f.tensors.push_back({"b.weight", {4}, 0, f32Bytes(4), -1});
    return f;
}

}  // namespace

void tst_Gguf::hostile_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("needle");
    const auto E = [](ErrorCode c) { return int(c); };

    QByteArray good = goodFile().bytes();
    {
        QByteArray b = good;
        b[0] = 'X';
        QTest::newRow("bad magic") << b << E(ErrorCode::UnknownFormat) << "bad magic";
    }
    {
        GFile f = goodFile();
        f.version = 1;
        QTest::newRow("version 1") << f.bytes() << E(ErrorCode::BadFormat) << "version 1";
        f.version = 99;
        QTest::newRow("version 99") << f.bytes() << E(ErrorCode::BadFormat) << "version 99";
    }
    QTest::newRow("truncated header") << good.left(14) << E(ErrorCode::Truncated) << "ends inside";
    QTest::newRow("truncated in tensor infos") << good.left(good.indexOf("b.weight") + 4) << E(ErrorCode::Truncated)
                                               << "past the end of the file";
    QTest::newRow("truncated data") << good.left(good.size() - 8) << E(ErrorCode::Truncated) << "past the end";
    {
        GFile f = goodFile();
        f.tensorCount = int64_t(1) << 40;
        QTest::newRow("huge tensor count") << f.bytes() << E(ErrorCode::TooLarge) << "tensors";
        f = goodFile();
        f.tensorCount = 5000;
        QTest::newRow("tensor count past the file") << f.bytes() << E(ErrorCode::Truncated) << "tensors";
        f = goodFile();
        f.kvCount = int64_t(1) << 50;
        QTest::newRow("huge metadata count") << f.bytes() << E(ErrorCode::TooLarge) << "metadata entries";
    }
    {
        QByteArray b("GGUF");
        put(b, 3, 4);
        put(b, 0, 8);
        put(b, 1, 8);
        put(b, 1000000, 8);  // key length past the end
        b += QByteArray(40, 'a');
        QTest::newRow("string length past the end") << b << E(ErrorCode::Truncated) << "past the end of the file";
        QByteArray c("GGUF");
        put(c, 3, 4);
        put(c, 0, 8);
        put(c, 1, 8);
        put(c, uint64_t(1) << 62, 8);
        c += QByteArray(40, 'a');
        QTest::newRow("string length huge") << c << E(ErrorCode::TooLarge) << "bytes long";
    }
    {
        GFile f;
        putStr(f.kvs, "tokenizer.ggml.tokens");
        put(f.kvs, 9, 4);
        put(f.kvs, 8, 4);
        put(f.kvs, uint64_t(1) << 60, 8);
        f.nKv = 1;
        QTest::newRow("array length huge") << f.bytes() << E(ErrorCode::Truncated) << "array of";
        GFile g;
        putStr(g.kvs, "x");
        put(g.kvs, 9, 4);
        put(g.kvs, 9, 4);
        put(g.kvs, 1, 8);
        g.nKv = 1;
        QTest::newRow("array of arrays") << g.bytes() << E(ErrorCode::BadFormat) << "array of arrays";
        GFile h;
        putStr(h.kvs, "x");
        put(h.kvs, 77, 4);
        h.nKv = 1;
        QTest::newRow("unknown value type") << h.bytes() << E(ErrorCode::BadFormat) << "unknown type 77";
        GFile k;
        k.kvU32("x", 1);
        k.kvU32("x", 2);
        QTest::newRow("duplicate key") << k.bytes() << E(ErrorCode::BadFormat) << "appears twice";
        GFile a;
        a.kvU32("general.alignment", 24);
        QTest::newRow("alignment not a power of two") << a.bytes() << E(ErrorCode::BadFormat) << "power of two";
    }
    {
        GFile f = goodFile();
        f.tensors[1].offset = 16;  // inside a.weight's 32 bytes, aligned to... 16 is not 32
        QTest::newRow("misaligned tensor data") << f.bytes() << E(ErrorCode::BadFormat) << "not a multiple of the alignment";
        f = goodFile();
        f.tensors[1].offset = 0;
        QTest::newRow("overlapping tensor data") << f.bytes() << E(ErrorCode::BadFormat) << "overlap";
        f = goodFile();
        f.tensors[1].type = 99;
        QTest::newRow("unknown tensor type") << f.bytes() << E(ErrorCode::BadFormat) << "unknown ggml type 99";
        f = goodFile();
        f.tensors[0].type = 16;  // IQ2_XXS
        f.tensors[0].dims = {256, 2};
        QTest::newRow("unsupported type IQ2_XXS") << f.bytes() << E(ErrorCode::UnsupportedDType)
                                                  << "tensor 'a.weight' is of type IQ2_XXS";
        f = goodFile();
        f.tensors[1].name = "a.weight";
        QTest::newRow("duplicate tensor name") << f.bytes() << E(ErrorCode::DuplicateTensor) << "appears twice";
        f = goodFile();
        f.tensors[0].dims = {1, 2, 2, 2, 1};
        QTest::newRow("n_dims > 4") << f.bytes() << E(ErrorCode::BadFormat) << "5 dimensions";
        f = goodFile();
        f.tensors[0].dims = {};
        QTest::newRow("n_dims 0") << f.bytes() << E(ErrorCode::BadFormat) << "0 dimensions";
        f = goodFile();
        f.tensors[0].dims = {uint64_t(1) << 40, uint64_t(1) << 40};
        QTest::newRow("overflowing shape") << f.bytes() << E(ErrorCode::TooLarge) << "overflows";
        f = goodFile();
        f.tensors[0].dims = {uint64_t(1) << 20, uint64_t(1) << 20};
        QTest::newRow("shape past the data") << f.bytes() << E(ErrorCode::Truncated) << "past the end of the data";
        f = goodFile();
        f.tensors[0].type = 8;  // Q8_0 rows of 4 values
        QTest::newRow("rows not whole blocks") << f.bytes() << E(ErrorCode::BadFormat) << "not whole Q8_0 blocks";
        f = goodFile();
        f.tensors[1].offset = int64_t(1) << 62;
        QTest::newRow("offset past the end") << f.bytes() << E(ErrorCode::Truncated) << "past the end of the data";
    }
    // Well-formed files that are not models AttnScope opens: load_model names why.
    {
        GFile f = goodFile();
        QTest::newRow("model: metadata missing") << f.bytes() << E(ErrorCode::BadFormat) << "llama.embedding_length";
        GFile g;
        g.kvString("general.architecture", "mamba");
        QTest::newRow("model: unknown architecture") << g.bytes() << E(ErrorCode::BadFormat) << "'mamba' is not supported";
        GFile h;
        h.kvString("general.architecture", "llama");
        h.kvU32("llama.embedding_length", 8);
        h.kvU32("llama.block_count", 1);
        h.kvU32("llama.attention.head_count", 2);
        h.kvU32("llama.feed_forward_length", 16);
        h.kvU32("llama.context_length", 16);
        h.tensors.push_back({"token_embd.weight", {8, 4}, 0, f32Bytes(32), -1});
        QTest::newRow("model: tensor missing") << h.bytes() << E(ErrorCode::MissingTensor) << "blk.0.attn_norm.weight";
    }
}

void tst_Gguf::hostile() {
    QFETCH(QByteArray, bytes);
    QFETCH(int, code);
    QFETCH(QString, needle);
    QTemporaryDir dir;
    const QString path = dir.filePath("hostile.gguf");
    QVERIFY(testutil::writeFile(path, bytes));
    const auto err = testutil::errorOf([&] { (void)load_model(testutil::str(path)); });
    QVERIFY2(err, "load_model accepted a broken file");
    const QString msg = QString::fromStdString(err->what());
    QVERIFY2(msg.startsWith(path), qPrintable(msg));
    QVERIFY2(msg.contains(needle), qPrintable(msg));
    QCOMPARE(int(err->code()), code);
}

void tst_Gguf::readsMetadataAndTensors() {
    GFile f = goodFile();
    f.kvF32("x.eps", 1e-6f);
    f.version = 2;
    const QByteArray b = f.bytes();
    const GgufFile g = GgufFile::parse(reinterpret_cast<const std::byte*>(b.constData()), size_t(b.size()), "mem");
    QCOMPARE(g.version, 2u);
    QCOMPARE(g.get_string("general.architecture").value(), std::string("llama"));
    QCOMPARE(float(g.get_float("x.eps").value()), 1e-6f);
    QCOMPARE(g.tensors.size(), size_t(2));
    QCOMPARE(g.tensor("a.weight")->rows(), int64_t(2));
    QCOMPARE(g.tensor("b.weight")->offset, uint64_t(32));
    float v[4];
    dequantize_row(GgmlType::F32, g.tensor("b.weight")->data, 4, v);
    QCOMPARE(v[1], 0.51f);
    const auto err = testutil::errorOf([&] { (void)g.get_int("general.architecture"); });
    QVERIFY(err && err->code() == ErrorCode::BadFormat);
}

QTEST_GUILESS_MAIN(tst_Gguf)
#include "moc_tst_gguf.cpp"
