// tst_gguf, continued: the dequantizers against the reference, the GEMM and
// runs and gradients on stored weights against their dequantized copy, and
// models and tokenizers against llama.cpp (tst_gguf.h has the test class).
#include "tst_gguf.h"

namespace {

// ---- random stored blocks for the GEMM tests

uint16_t randomHalf(std::mt19937& rng, int lo, int hi) {
    std::uniform_int_distribution<int> e(lo, hi), m(0, 1023), s(0, 1);
    return uint16_t((s(rng) << 15) | (e(rng) << 10) | m(rng));
}

// A (rows, cols) matrix of `type` with random bits and scales of a sane size.
std::vector<std::byte> randomBlocks(GgmlType type, int64_t rows, int64_t cols, std::mt19937& rng) {
    const size_t rb = ggml_row_bytes(type, cols);
    std::vector<std::byte> out(rb * size_t(rows));
    std::uniform_int_distribution<int> byte(0, 255);
    for (std::byte& b : out) b = std::byte(byte(rng));
    const auto setHalf = [&](size_t at, uint16_t h) {
        out[at] = std::byte(h & 0xFF);
        out[at + 1] = std::byte(h >> 8);
    };
    const int bb = ggml_block_bytes(type);
    const size_t blocks = out.size() / size_t(bb);
    for (size_t k = 0; k < blocks; ++k) {
        const size_t b0 = k * size_t(bb);
        switch (type) {
        case GgmlType::F16: setHalf(b0, randomHalf(rng, 10, 16)); break;
        case GgmlType::BF16: {
            std::uniform_int_distribution<int> e(118, 128), m(0, 127), s(0, 1);
            const uint16_t v = uint16_t((s(rng) << 15) | (e(rng) << 7) | m(rng));
            setHalf(b0, v);
            break;
        }
        case GgmlType::Q6_K: setHalf(b0 + 208, uint16_t(randomHalf(rng, 3, 7) & 0x7FFF)); break;
        case GgmlType::Q4_1: case GgmlType::Q5_1: case GgmlType::Q4_K: case GgmlType::Q5_K:
            setHalf(b0, uint16_t(randomHalf(rng, 3, 8) & 0x7FFF));
            setHalf(b0 + 2, uint16_t(randomHalf(rng, 3, 8) & 0x7FFF));
            break;
        default: setHalf(b0, uint16_t(randomHalf(rng, 3, 8) & 0x7FFF)); break;
        }
    }
    return out;
}

QuantizedMatrix viewOf(GgmlType type, int64_t rows, int64_t cols, const std::vector<std::byte>& blocks) {
    QuantizedMatrix q;
    q.type = type;
    q.rows = rows;
    q.cols = cols;
    q.data = blocks.data();
    q.row_bytes = ggml_row_bytes(type, cols);
    return q;
}

QString ggufFixture(const QString& sub) { return testutil::fixtures("gguf/" + sub); }

QByteArray readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

Json readJson(const QString& path) {
    const QByteArray b = readAll(path);
    return Json::parse(std::string_view(b.constData(), size_t(b.size())));
}

const Json& reference() {
    static const Json j = readJson(ggufFixture("reference.json"));
    return j;
}

std::vector<int> intsOf(const Json& a) {
    std::vector<int> out;
    for (const Json& x : a.items()) out.push_back(int(x.as_int()));
    return out;
}

// softmax of a row of logits, in double.
std::vector<double> softmaxOf(const float* row, int n) {
    double mx = row[0];
    for (int i = 1; i < n; ++i) mx = std::max(mx, double(row[i]));
    std::vector<double> p(static_cast<size_t>(n));
    double sum = 0;
    for (int i = 0; i < n; ++i) sum += (p[size_t(i)] = std::exp(double(row[i]) - mx));
    for (double& x : p) x /= sum;
    return p;
}

// Every position's logits for `tokens`, (T, V).
MatrixRM allLogits(const Model& model, const std::vector<int>& tokens) {
    RunOptions opt;
    opt.logits_rows = -1;
    const Trace tr = model.run(tokens, opt);
    const int T = int(tokens.size()), V = model.weights().config.vocab_size;
    MatrixRM out(T, V);
    for (int t = 0; t < T; ++t) out.row(t) = tr.logits_at(t).transpose();
    return out;
}

// The greedy continuation of `tokens`, n tokens (the first of equal logits).
std::vector<int> greedy(const Model& model, std::vector<int> tokens, int n) {
    std::vector<int> out;
    Trace tr;
    RunOptions opt;
    for (int k = 0; k < n; ++k) {
        model.run(tokens, opt, tr);
        const auto row = tr.logits_at(int(tokens.size()) - 1);
        int best = 0;
        for (int i = 1; i < int(row.size()); ++i)
            if (row[i] > row[best]) best = i;
        out.push_back(best);
        tokens.push_back(best);
    }
    return out;
}

bool isQuantizedFixture(const std::string& name) {
    return name.starts_with("llama_q");
}

}  // namespace

void tst_Gguf::dequantizeRange_data() {
    QTest::addColumn<int>("type");
    for (GgmlType t : {GgmlType::F16, GgmlType::BF16, GgmlType::Q8_0, GgmlType::Q4_0, GgmlType::Q4_1, GgmlType::Q5_0,
                       GgmlType::Q5_1, GgmlType::Q4_K, GgmlType::Q5_K, GgmlType::Q6_K})
        QTest::newRow(ggml_type_name(uint32_t(t)).c_str()) << int(t);
}

void tst_Gguf::dequantizeRange() {
    QFETCH(int, type);
    const GgmlType t = GgmlType(type);
    std::mt19937 rng(7);
    const int64_t cols = 1024;
    const std::vector<std::byte> blocks = randomBlocks(t, 1, cols, rng);
    std::vector<float> whole(static_cast<size_t>(cols)), part(static_cast<size_t>(cols)), scratch(static_cast<size_t>(cols) + 512);
    dequantize_row(t, blocks.data(), cols, whole.data());
    for (const auto& [c0, c1] : {std::pair<int64_t, int64_t>{0, 1024}, {3, 700}, {255, 257}, {512, 1024}, {1000, 1001}}) {
        dequantize_range(t, blocks.data(), c0, c1, part.data(), scratch.data());
        QVERIFY(std::memcmp(part.data(), whole.data() + c0, sizeof(float) * size_t(c1 - c0)) == 0);
    }
    for (float x : whole) QVERIFY(std::isfinite(x));
}

void tst_Gguf::storedGemmMatchesDense_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("threads");
    for (GgmlType t : {GgmlType::F16, GgmlType::BF16, GgmlType::Q8_0, GgmlType::Q4_0, GgmlType::Q4_1, GgmlType::Q5_0,
                       GgmlType::Q5_1, GgmlType::Q4_K, GgmlType::Q5_K, GgmlType::Q6_K}) {
        const std::string name = ggml_type_name(uint32_t(t));
        for (int m : {1, 3, 7, 100})
            for (int threads : {1, 2})
                QTest::newRow((name + " m" + std::to_string(m) + " t" + std::to_string(threads)).c_str())
                    << int(t) << m << 37 << 512 << threads;
        // k past one k block (3072): blocks split mid-block; n past one column block.
        QTest::newRow((name + " long k").c_str()) << int(t) << 20 << 70 << 4352 << 2;
        QTest::newRow((name + " wide").c_str()) << int(t) << 30 << 2100 << 256 << 2;
    }
}

void tst_Gguf::storedGemmMatchesDense() {
    QFETCH(int, type);
    QFETCH(int, m);
    QFETCH(int, n);
    QFETCH(int, k);
    QFETCH(int, threads);
    const GgmlType t = GgmlType(type);
    std::mt19937 rng(uint32_t(type * 1000 + m));
    const std::vector<std::byte> blocks = randomBlocks(t, n, k, rng);
    const QuantizedMatrix q = viewOf(t, n, k, blocks);
    const MatrixRM dense = q.dense();
    std::normal_distribution<float> g(0.0f, 1.0f);
    MatrixRM x(m, k), dy(m, n);
    for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = g(rng);
    for (Eigen::Index i = 0; i < dy.size(); ++i) dy.data()[i] = g(rng);
    VectorF b(n);
    for (int i = 0; i < n; ++i) b[i] = g(rng);
    MatrixRM y1(m, n), y2(m, n), dx1(m, k), dx2(m, k);
    const ConstMapRM xm(x.data(), m, k), dym(dy.data(), m, n);
    kernels::linear(xm, q, b, MapRM(y1.data(), m, n), threads);
    kernels::linear(xm, dense, b, MapRM(y2.data(), m, n), threads);
    QVERIFY2(std::memcmp(y1.data(), y2.data(), sizeof(float) * size_t(y1.size())) == 0,
             "xwt on stored blocks differs from xwt on their dequantized copy");
    kernels::linear_backward(dym, q, MapRM(dx1.data(), m, k), threads);
    kernels::linear_backward(dym, dense, MapRM(dx2.data(), m, k), threads);
    QVERIFY2(std::memcmp(dx1.data(), dx2.data(), sizeof(float) * size_t(dx1.size())) == 0,
             "xw on stored blocks differs from xw on their dequantized copy");
    // One thread and one row at a time give the same bits (gemm.h's promise).
    MatrixRM y3(1, n);
    kernels::linear(ConstMapRM(x.data() + (m - 1) * k, 1, k), q, b, MapRM(y3.data(), 1, n), 1);
    QVERIFY(std::memcmp(y3.data(), y1.data() + (m - 1) * n, sizeof(float) * size_t(n)) == 0);
}

void tst_Gguf::dequantizersMatchReference_data() { dequantizeRange_data(); }

// blocks.gguf: random blocks of every type, and their values as the plain
// reference dequantizer of make_gguf_fixtures.py computes them: bit for bit.
void tst_Gguf::dequantizersMatchReference() {
    QFETCH(int, type);
    const std::string name = ggml_type_name(uint32_t(type));
    const QByteArray bytes = readAll(ggufFixture("blocks.gguf"));
    const GgufFile f = GgufFile::parse(reinterpret_cast<const std::byte*>(bytes.constData()), size_t(bytes.size()), "blocks.gguf");
    const GgufTensor* blocks = f.tensor("blocks." + name);
    const GgufTensor* ref = f.tensor("ref." + name);
    QVERIFY(blocks && ref);
    QCOMPARE(int(blocks->type), type);
    const int64_t n = blocks->numel();
    std::vector<float> got(static_cast<size_t>(n)), want(static_cast<size_t>(n));
    dequantize_row(blocks->type, blocks->data, n, got.data());
    dequantize_row(GgmlType::F32, ref->data, n, want.data());
    for (int64_t i = 0; i < n; ++i)
        if (std::memcmp(&got[size_t(i)], &want[size_t(i)], 4) != 0)
            QFAIL(qPrintable(QString("value %1: %2, the reference %3").arg(i).arg(double(got[size_t(i)]), 0, 'g', 9)
                                 .arg(double(want[size_t(i)]), 0, 'g', 9)));
}

void tst_Gguf::modelsMatchLlamaCpp_data() {
    QTest::addColumn<QString>("name");
    for (const auto& [name, m] : reference().find("models")->members()) QTest::newRow(name.c_str()) << QString::fromStdString(name);
}

namespace {

// How far our distributions at every position are from llama.cpp's.
struct Agreement {
    double worst = 0;     // largest |p - p_llama.cpp|
    double worst_kl = 0;  // largest KL(llama.cpp || ours)
    int top1 = 0;         // positions whose top token is the same
};

Agreement agreement(const MatrixRM& logits, const Json& probs, int V) {
    Agreement a;
    for (int t = 0; t < int(logits.rows()); ++t) {
        const std::vector<double> p = softmaxOf(logits.data() + Eigen::Index(t) * V, V);
        const auto& q = probs.items()[size_t(t)].items();
        double kl = 0;
        int ours = 0, theirs = 0;
        for (int i = 0; i < V; ++i) {
            const double qi = q[size_t(i)].as_double();
            a.worst = std::max(a.worst, std::abs(p[size_t(i)] - qi));
            if (qi > 0) kl += qi * std::log(qi / std::max(p[size_t(i)], 1e-300));
            if (p[size_t(i)] > p[size_t(ours)]) ours = i;
            if (qi > q[size_t(theirs)].as_double()) theirs = i;
        }
        a.worst_kl = std::max(a.worst_kl, kl);
        a.top1 += ours == theirs ? 1 : 0;
    }
    return a;
}

}  // namespace

// llama.cpp's next-token probabilities at every position of the prompt and its
// greedy continuation, against ours on the same file with llama.cpp's
// rounding of the activations (with_llama_cpp_rounding: float16, bfloat16,
// Q8_0 or Q8_K, as its CPU dot products take them). F32, F16 and BF16
// weights: every probability within 1e-4 and the same 32 greedy tokens.
// Quantized: the distributions within KL 1e-3 (the top token may still
// differ where two are close: the agreement is reported, not required). The
// exact float32 run's distance is reported beside it.
void tst_Gguf::modelsMatchLlamaCpp() {
    QFETCH(QString, name);
    const Json& ref = *reference().find("models")->find(name.toStdString());
    const LoadedModel lm = load_model(testutil::str(ggufFixture(name + ".gguf")));
    QCOMPARE(lm.format, std::string("gguf"));
    const Model exact(lm.weights);
    const Model model(std::make_shared<Weights>(with_llama_cpp_rounding(*lm.weights)));
    const std::vector<int> tokens = intsOf(*ref.find("tokens"));
    const int V = lm.weights->config.vocab_size;
    QCOMPARE(V, int(ref.find("vocab")->as_int()));
    const Json& probs = *ref.find("probs");
    QCOMPARE(int(probs.items().size()), int(tokens.size()));
    for (const Json& q : probs.items()) QCOMPARE(int(q.items().size()), V);
    const Agreement a = agreement(allLogits(model, tokens), probs, V);
    const Agreement f = agreement(allLogits(exact, tokens), probs, V);
    qInfo("%s: largest |p - p_llama.cpp| %.3g (exact float32: %.3g), largest KL(llama.cpp || ours) %.3g (%.3g), "
          "top-1 agreement %d/%d (%d)",
          qPrintable(name), a.worst, f.worst, a.worst_kl, f.worst_kl, a.top1, int(tokens.size()), f.top1);
    if (isQuantizedFixture(name.toStdString())) {
        QVERIFY2(a.worst_kl <= 1e-3, qPrintable(QString("KL %1").arg(a.worst_kl)));
        return;
    }
    const std::vector<int> ours = greedy(model, tokens, 32), theirs = intsOf(*ref.find("greedy"));
    int same = 0;
    while (same < 32 && ours[size_t(same)] == theirs[size_t(same)]) ++same;
    qInfo("%s: greedy continuation: the first %d of 32 tokens equal llama.cpp's", qPrintable(name), same);
    QCOMPARE(ours, theirs);
    // BF16 needs llama.cpp's order of additions and its RoPE angles too
    // (llama_cpp_order.h, rope.h) to be well inside 1e-4.
    QVERIFY2(a.worst <= 1e-4, qPrintable(QString("probabilities differ by %1").arg(a.worst)));
}

void tst_Gguf::storedRunMatchesDequantizedRun_data() { modelsMatchLlamaCpp_data(); }

// Our run on stored blocks against a float32 run on their dequantized copy:
// the GEMM dequantizes into its packing buffer, so the logits are the same bits.
void tst_Gguf::storedRunMatchesDequantizedRun() {
    QFETCH(QString, name);
    const LoadedModel lm = load_model(testutil::str(ggufFixture(name + ".gguf")));
    if (!lm.weights->has_stored()) QSKIP("float32 weights: nothing stored");
    const Json& ref = *reference().find("models")->find(name.toStdString());
    const std::vector<int> tokens = intsOf(*ref.find("tokens"));
    const MatrixRM stored = allLogits(Model(lm.weights), tokens);
    const MatrixRM dense = allLogits(Model(std::make_shared<Weights>(dequantized_copy(*lm.weights))), tokens);
    QString report;
    const double d = testutil::maxAbsDiff(stored.data(), dense.data(), stored.size(), 1e-4, &report);
    QVERIFY2(d <= 1e-4, qPrintable(report));
    QVERIFY(std::memcmp(stored.data(), dense.data(), sizeof(float) * size_t(stored.size())) == 0);
}

void tst_Gguf::storedGradientsMatchDequantized_data() {
    QTest::addColumn<QString>("name");
    for (const char* n : {"llama_q4_k", "llama_q8_0", "llama_f16"}) QTest::newRow(n) << QString(n);
}

// The backward pass reads stored weights through the same GEMM (dx = dy · W,
// W's panels dequantized as they are packed): the gradients of a stored model
// are those of its dequantized copy, bit for bit.
void tst_Gguf::storedGradientsMatchDequantized() {
    QFETCH(QString, name);
    const LoadedModel lm = load_model(testutil::str(ggufFixture(name + ".gguf")));
    const std::vector<int> tokens{1, 40, 300, 7, 99, 250, 12, 5};
    GradientTarget target;
    target.kind = GradientTarget::Kind::MeanLoss;
    const Gradients a = gradients(Model(lm.weights), tokens, RunOptions{}, target);
    const Gradients b = gradients(Model(std::make_shared<Weights>(dequantized_copy(*lm.weights))), tokens, RunOptions{}, target);
    QCOMPARE(a.value, b.value);
    QVERIFY(a.embed.data == b.embed.data);
    for (size_t l = 0; l < a.layers.size(); ++l) QVERIFY(a.layers[l].weights.data == b.layers[l].weights.data);
}

// Gemma 2's soft-capping and post-norms have no backward yet: refused, named.
void tst_Gguf::gemmaGradientsRefused() {
    const LoadedModel lm = load_model(testutil::str(ggufFixture("gemma2.gguf")));
    GradientTarget target;
    target.kind = GradientTarget::Kind::MeanLoss;
    const auto err = testutil::errorOf([&] { (void)gradients(Model(lm.weights), std::vector<int>{1, 2, 3}, RunOptions{}, target); });
    QVERIFY(err && err->code() == ErrorCode::InvalidArgument);
    QVERIFY2(QString(err->what()).contains("gemma2"), err->what());
}

void tst_Gguf::tokenizersMatchLlamaCpp_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("ids");
    for (const auto& [name, t] : reference().find("tokenizers")->members()) {
        int k = 0;
        for (const Json& s : t.find("strings")->items()) {
            QString ids;
            for (const Json& id : s.find("ids")->items()) ids += QString::number(id.as_int()) + " ";
            QTest::newRow((name + " " + std::to_string(k++)).c_str())
                << QString::fromStdString(t.find("file")->as_string()) << QByteArray::fromStdString(s.find("text")->as_string())
                << ids.trimmed();
        }
    }
}

// llama.cpp's tokenization of each string (no BOS) against the tokenizer
// AttnScope reads from the same file's metadata.
void tst_Gguf::tokenizersMatchLlamaCpp() {
    QFETCH(QString, file);
    QFETCH(QByteArray, text);
    QFETCH(QString, ids);
    const std::string path = testutil::str(ggufFixture(file));
    static std::map<std::string, std::unique_ptr<Tokenizer>> cache;
    auto& tok = cache[path];
    if (!tok) {
        std::vector<std::string> looked;
        tok = find_tokenizer(path, {}, &looked);
    }
    QVERIFY(tok);
    Encoding e = tok->encode(std::string_view(text.constData(), size_t(text.size())));
    // Without the BOS the file asks for (llama.cpp's tokenize adds none).
    const QByteArray bytes = readAll(ggufFixture(file));
    const GgufFile g = GgufFile::parse(reinterpret_cast<const std::byte*>(bytes.constData()), size_t(bytes.size()), path);
    if (g.get_bool("tokenizer.ggml.add_bos_token").value_or(false)) {
        QVERIFY(!e.ids.empty());
        QCOMPARE(int64_t(e.ids.front()), g.get_int("tokenizer.ggml.bos_token_id").value());
        e.ids.erase(e.ids.begin());
    }
    QString got;
    for (int id : e.ids) got += QString::number(id) + " ";
    QCOMPARE(got.trimmed(), ids);
}

void tst_Gguf::sixteenBitRunsAreAsCloseAsAnUlpAllows_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("share");
    // Float16 products are summed in our order, so llama.cpp is as far as a
    // one-ulp change moves us. Bfloat16 ones in llama.cpp's, so it is far closer.
    QTest::newRow("llama_f16") << "llama_f16" << 1.6;
    QTest::newRow("llama_bf16") << "llama_bf16" << 0.25;
}

// How close to llama.cpp a run that rounds its activations to 16 bits can
// be. Each rounding to float16 or bfloat16 turns a float32 value that differs
// by one ulp into one 16-bit step (2^-8 of the value for bfloat16) when it lies
// by a rounding boundary, and a summation order that is not llama.cpp's makes
// such ulps everywhere. So our own run is moved by one-ulp changes of its norm
// weights, and llama.cpp's distance is measured against that spread: within
// it where our order is not llama.cpp's (float16), far inside it where it is.
void tst_Gguf::sixteenBitRunsAreAsCloseAsAnUlpAllows() {
    QFETCH(QString, name);
    const Json& ref = *reference().find("models")->find(name.toStdString());
    const LoadedModel lm = load_model(testutil::str(ggufFixture(name + ".gguf")));
    const std::vector<int> tokens = intsOf(*ref.find("tokens"));
    const int V = lm.weights->config.vocab_size;
    const Model model(std::make_shared<Weights>(with_llama_cpp_rounding(*lm.weights)));
    const MatrixRM ours = allLogits(model, tokens);
    double spread = 0;
    for (uint32_t trial = 0; trial < 4; ++trial) {
        Weights w = with_llama_cpp_rounding(*lm.weights);
        std::mt19937 rng(trial);
        auto nudge = [&](VectorF& v) {  // every weight one ulp up or down
            for (Eigen::Index i = 0; i < v.size(); ++i)
                v[i] = std::nextafter(v[i], rng() & 1 ? INFINITY : -INFINITY);
        };
        for (LayerWeights& l : w.layers) nudge(l.ln1.weight), nudge(l.ln2.weight);
        nudge(w.ln_f.weight);
        const MatrixRM nudged = allLogits(Model(std::make_shared<Weights>(std::move(w))), tokens);
        for (int t = 0; t < int(tokens.size()); ++t) {
            const std::vector<double> p = softmaxOf(ours.data() + Eigen::Index(t) * V, V),
                                      q = softmaxOf(nudged.data() + Eigen::Index(t) * V, V);
            for (int i = 0; i < V; ++i) spread = std::max(spread, std::abs(p[size_t(i)] - q[size_t(i)]));
        }
    }
    const double theirs = agreement(ours, *ref.find("probs"), V).worst;
    qInfo("%s: one-ulp changes of the norm weights move our probabilities by up to %.3g; llama.cpp's are %.3g away",
          qPrintable(name), spread, theirs);
    QVERIFY2(spread > 0, "a one-ulp change moved nothing: the run does not round to 16 bits");
    QFETCH(double, share);
    QVERIFY2(theirs <= share * spread,
             qPrintable(QString("llama.cpp is %1 away, our own spread %2").arg(theirs).arg(spread)));
}
