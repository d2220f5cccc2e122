// tst_gguf: llama.cpp's order of additions in "Compute as llama.cpp does".
// The sums are built so that each order gives a different float32: the
// expected values follow by hand from the orders llama_cpp_order.h and
// rope.h describe, so a change of order fails here, not only against the
// fixtures (which reach neither ggml_vec_dot_bf16's 64-value pairs nor RoPE
// scaling).
#include "tst_gguf.h"

#include "run/rope.h"

namespace {

// n rows of k bfloat16 ones, as a GGUF file stores them.
QuantizedMatrix bf16Ones(int64_t n, int64_t k, std::vector<std::byte>& bytes) {
    bytes.assign(size_t(n * k * 2), std::byte{0});
    for (size_t i = 0; i < bytes.size(); i += 2) {  // 1.0f = 0x3f800000: bfloat16 0x3f80, little-endian
        bytes[i] = std::byte{0x80};
        bytes[i + 1] = std::byte{0x3f};
    }
    QuantizedMatrix q;
    q.type = GgmlType::BF16;
    q.rows = n;
    q.cols = k;
    q.data = bytes.data();
    q.row_bytes = size_t(k * 2);
    return q;
}

// Rows of k values: 1 at index 1 (lane 0's odd value), then
//   "lanes": 2⁻²⁴ at the odd index 2l + 1 of lanes 1..15 of every chunk of 32;
//   "pair": lane 0's pair of the second chunk, 2⁻²⁴ (odd, index 33) and 2⁻²³
//           (even, index 32), added to the 1 already there.
MatrixRM pattern(int m, int k, const QString& kind) {
    MatrixRM x = MatrixRM::Zero(m, k);
    for (int r = 0; r < m; ++r) {
        x(r, 1) = 1.0f;
        if (kind == "pair") {
            x(r, 33) = std::ldexp(1.0f, -24);
            x(r, 32) = std::ldexp(1.0f, -23);
            continue;
        }
        for (int c = 0; c < k; c += 32)
            for (int l = 1; l < 16; ++l) x(r, c + 2 * l + 1) = std::ldexp(1.0f, -24);
    }
    return x;
}

float sumOf(const MatrixRM& x, bool llamaCpp) {
    std::vector<std::byte> bytes;
    QuantizedMatrix w = bf16Ones(4, x.cols(), bytes);
    w.llama_cpp_rounding = llamaCpp;
    MatrixRM y(x.rows(), 4);
    kernels::linear(ConstMapRM(x.data(), x.rows(), x.cols()), w, VectorF(), MapRM(y.data(), y.rows(), 4), 1);
    for (Eigen::Index r = 0; r < y.rows(); ++r)
        for (int j = 0; j < 4; ++j)
            if (y(r, j) != y(0, 0)) return NAN;  // every output is the same sum
    return y(0, 0);
}

}  // namespace

void tst_Gguf::bf16ProductsAddAsLlamaCppDoes_data() {
    const float u = std::ldexp(1.0f, -23);  // one ulp of 1
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("k");
    QTest::addColumn<bool>("llamaCpp");
    QTest::addColumn<float>("expected");
    // Our float32 chain from k = 0: each 2⁻²⁴ is half an ulp of 1, rounded away.
    QTest::newRow("exact, one chain") << "lanes" << 2 << 64 << false << 1.0f;
    // tinyBLAS: lanes 1..15 meet lane 0 only in the reduction, 2⁻²⁴ · 15 of
    // them, but lane 8's meets it alone and is lost: 1 + 7 ulp.
    QTest::newRow("tinyBLAS, k 32") << "lanes" << 2 << 32 << true << 1.0f + 7 * u;
    // Two chunks: lanes 1..15 hold 2⁻²³ each, and all of them count: 1 + 15 ulp.
    QTest::newRow("tinyBLAS, k 64") << "lanes" << 2 << 64 << true << 1.0f + 15 * u;
    // One row, k 32 < 64: every product added into a double, 1 + 7.5 ulp,
    // rounded to even: 1 + 8 ulp.
    QTest::newRow("vec_dot, k 32") << "lanes" << 1 << 32 << true << 1.0f + 8 * u;
    // One row, k 64: the first chunk's lanes reduced (1 + 7 ulp), the
    // second's (15 · 2⁻²⁴), added in double: 1 + 14.5 ulp, to even: 1 + 14 ulp.
    QTest::newRow("vec_dot, k 64") << "lanes" << 1 << 64 << true << 1.0f + 14 * u;
    // k 96: the third chunk is after the last whole 64, added value by value
    // into the double: 1 + 14.5 ulp + 7.5 ulp = 1 + 22 ulp exactly.
    QTest::newRow("vec_dot, k 96") << "lanes" << 1 << 96 << true << 1.0f + 22 * u;
    // Three rows, three chunks: lane 8 holds 3 · 2⁻²⁴ when it meets lane 0,
    // 1 + 1.5 ulp, to even 1 + 2 ulp; the rest adds 21 ulp.
    QTest::newRow("tinyBLAS, k 96") << "lanes" << 3 << 96 << true << 1.0f + 23 * u;
    // VDPBF16PS adds a pair's odd product first: (1 + 2⁻²⁴) rounds back to 1,
    // then + 2⁻²³ = 1 + 1 ulp. The even one first would give 1 + 2 ulp.
    QTest::newRow("tinyBLAS, odd then even") << "pair" << 2 << 64 << true << 1.0f + u;
}

void tst_Gguf::bf16ProductsAddAsLlamaCppDoes() {
    QFETCH(QString, kind);
    QFETCH(int, rows);
    QFETCH(int, k);
    QFETCH(bool, llamaCpp);
    QFETCH(float, expected);
    const float got = sumOf(pattern(rows, k, kind), llamaCpp);
    QVERIFY2(got == expected, qPrintable(QString("1 + %1 ulp, expected 1 + %2 ulp")
                                             .arg(double(got - 1.0f) / std::ldexp(1.0, -23))
                                             .arg(double(expected - 1.0f) / std::ldexp(1.0, -23))));
}

// RoPE's angles as llama.cpp steps them: within a few float32 ulps of Hugging
// Face's (with linear and Llama 3.1 scaling too), and not always the same bits.
void tst_Gguf::ropeAnglesAsLlamaCppStepsThem() {
    ModelConfig c;
    c.n_embed = 128;
    c.n_head = 1;
    c.rope_theta = 500000.0f;
    for (RopeScaling s : {RopeScaling::None, RopeScaling::Linear, RopeScaling::Llama3}) {
        c.rope_scaling = s;
        c.rope_factor = s == RopeScaling::None ? 1.0f : 8.0f;
        c.rope_original_context = 8192;
        const rope::Angles hf = rope::angles(c, false), ours = rope::angles(c, true);
        QCOMPARE(ours.pairs(), 64);
        std::vector<float> a(64), b(64);
        int differ = 0;
        for (float p : {0.0f, 1.0f, 7.0f, 100.0f, 1023.0f}) {
            hf.at(p, a.data());
            ours.at(p, b.data());
            for (int i = 0; i < 64; ++i) {
                QVERIFY2(std::abs(a[size_t(i)] - b[size_t(i)]) <= 1e-5f * std::abs(a[size_t(i)]),
                         qPrintable(QString("scaling %1, p %2, pair %3: %4 and %5")
                                        .arg(int(s)).arg(double(p)).arg(i).arg(double(a[size_t(i)])).arg(double(b[size_t(i)]))));
                differ += a[size_t(i)] != b[size_t(i)];
            }
        }
        QVERIFY2(differ > 0, "llama.cpp's angles are Hugging Face's bit for bit: the fixtures would not need them");
    }
}
