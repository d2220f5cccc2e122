// Generation (run/generate.h): greedy continuations equal PyTorch's greedy
// loops token for token (tests/scripts/make_generate_golden.py) on the demo,
// a random GPT-2 and a random Llama; sampling is the defined distribution (a
// chi-square test over many draws), the same ids on 1 to 4 threads, and stops
// where it says.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "attnscope/common/error.h"
#include "attnscope/model/model_file.h"
#include "attnscope/run/generate.h"
#include "attnscope/run/model.h"
#include "attnscope/run/threads.h"
#include "attnscope/model/weights.h"
#include "testutil.h"

using namespace attnscope;

namespace {

struct Golden {
    std::shared_ptr<const Weights> weights;
    std::vector<int> prompt, greedy;
};

Golden golden(const QString& name) {
    QFile f(testutil::fixtures("generate/" + name + ".json"));
    if (!f.open(QIODevice::ReadOnly)) qFatal("missing fixture");
    const QJsonObject j = QJsonDocument::fromJson(f.readAll()).object();
    Golden g;
    g.weights = load_model(std::string(ATTNSCOPE_SOURCE_DIR) + "/" + j["model"].toString().toStdString()).weights;
    for (const QJsonValue v : j["prompt"].toArray()) g.prompt.push_back(v.toInt());
    for (const QJsonValue v : j["greedy"].toArray()) g.greedy.push_back(v.toInt());
    return g;
}

GenerateOptions sampling(int n, uint64_t seed, int threads) {
    GenerateOptions o;
    o.max_new = n;
    o.sampling = {.greedy = false, .temperature = 0.8, .top_k = 20, .top_p = 0.9, .rng_seed = seed};
    o.run.threads = threads;
    return o;
}

}  // namespace

class tst_Generate : public QObject {
    Q_OBJECT
private slots:
    void greedyMatchesPyTorch_data();
    void greedyMatchesPyTorch();
    void samplingIsTheSameOnOneToFourThreads();
    void aLentCoreChangesNoBit();
    void samplerDrawsTheDefinedDistribution();
    void samplerOrderTopKAndTopP();
    void splitMix64GivesItsReferenceValues();
    void stopsAtEndOfTextAndAtTheContext();
    void theTraceHoldsEveryTokenAsAFullRunDoes();
    void theTraceTakesRoomForEveryTokenAtOnce();
    void ablationsAndKnockoutsApplyWhileGenerating();
    void badOptionsAreRefused();
    void cliGenerateMatchesTheCore();
    void cliRefusesBadGenerateOptions();
    void exportGeneratesAndItsRecipeReplays();
    void aRandomGpt2SizedModelGetsTheGpt2Tokenizer();
};

void tst_Generate::greedyMatchesPyTorch_data() {
    QTest::addColumn<QString>("name");
    for (const char* n : {"demo", "gpt2", "llama"}) QTest::newRow(n) << QString::fromLatin1(n);
}

void tst_Generate::greedyMatchesPyTorch() {
    QFETCH(QString, name);
    const Golden g = golden(name);
    QCOMPARE(int(g.greedy.size()), 64);
    GenerateOptions o;
    o.max_new = 64;
    Trace trace;
    const Generation out = generate(Model(g.weights), g.prompt, o, trace);
    QCOMPARE(out.stop, StopReason::MaxNew);
    QCOMPARE(out.ids, g.greedy);
    QCOMPARE(int(out.steps.size()), 64);
    for (const SampledToken& s : out.steps) {
        QCOMPARE(s.rank, 1);  // greedy takes the most probable
        QCOMPARE(s.top.front().id, s.id);
        QCOMPARE(s.kept, 1);
    }
}

void tst_Generate::samplingIsTheSameOnOneToFourThreads() {
    const Golden g = golden(QStringLiteral("llama"));
    const Model model(g.weights);
    Trace t1;
    const Generation one = generate(model, g.prompt, sampling(40, 7, 1), t1);
    QCOMPARE(int(one.ids.size()), 40);
    for (int threads = 2; threads <= 4; ++threads) {
        Trace t;
        const Generation other = generate(model, g.prompt, sampling(40, 7, threads), t);
        QCOMPARE(other.ids, one.ids);
        for (size_t i = 0; i < one.steps.size(); ++i) QCOMPARE(other.steps[i].prob, one.steps[i].prob);
    }
    // Another seed, another text (a check that the seed is used at all).
    Trace t;
    QVERIFY(generate(model, g.prompt, sampling(40, 8, 1), t).ids != one.ids);
}

// A core lent to the GUI (attnscope/run/threads.h) takes a thread from each
// parallel region that starts meanwhile, and the unembedding (9,000 x 256,
// past one slab of columns) goes in slabs: the ids, the probabilities and
// the maps stay the same bits.
void tst_Generate::aLentCoreChangesNoBit() {
    const Model model(std::make_shared<Weights>(random_weights(ModelConfig::gpt2(9000, 64, 256, 4, 1), 7)));
    const std::vector<int> prompt{5, 800, 8999, 42, 7, 3000, 12};
    const auto run = [&](int threads, bool lent, Trace& t) {
        GenerateOptions o = sampling(16, 11, threads);
        attnscope::lend_core(lent);
        const Generation g = generate(model, prompt, o, t);
        attnscope::lend_core(false);
        return g;
    };
    attnscope::lend_core(true);
    QCOMPARE(attnscope::threads_now(2), 1);
    QCOMPARE(attnscope::threads_now(1), 1);
    attnscope::lend_core(false);
    Trace t1, t2, tl;
    const Generation one = run(1, false, t1), two = run(2, false, t2), lent = run(2, true, tl);
    QCOMPARE(int(one.ids.size()), 16);
    for (const Generation* g : {&two, &lent}) {
        QCOMPARE(g->ids, one.ids);
        for (size_t i = 0; i < one.steps.size(); ++i) QCOMPARE(g->steps[i].prob, one.steps[i].prob);
    }
    for (const Trace* t : {&t2, &tl}) {
        QCOMPARE(t->T(), t1.T());
        QVERIFY(t->layers[0].weights.data == t1.layers[0].weights.data);
    }
    QCOMPARE(attnscope::threads_now(2), 2);
}

// 200,000 draws from fixed logits at temperature 0.7, top-k 6, top-p 0.8:
// only the kept ids are drawn, each as often as q says (chi-square, p = 0.001).
void tst_Generate::samplerDrawsTheDefinedDistribution() {
    const std::vector<float> logits{1.0f, 2.5f, 0.3f, 2.5f, -1.0f, 1.7f, 0.9f, 3.1f, -0.2f, 1.2f};
    const SamplingOptions o{.greedy = false, .temperature = 0.7, .top_k = 6, .top_p = 0.8, .rng_seed = 11};
    // The definition, step by step, in double.
    std::vector<double> p(logits.size());
    double max = -INFINITY, sum = 0;
    for (const float l : logits) max = std::max(max, double(l) / 0.7);
    for (size_t i = 0; i < p.size(); ++i) sum += p[i] = std::exp(double(logits[i]) / 0.7 - max);
    for (double& x : p) x /= sum;
    std::vector<int> order(p.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return p[size_t(a)] > p[size_t(b)]; });
    std::vector<int> kept;
    double running = 0;
    for (int i = 0; i < 6; ++i) {
        kept.push_back(order[size_t(i)]);
        running += p[size_t(order[size_t(i)])];
        if (running >= 0.8) break;
    }
    QVERIFY(kept.size() >= 2 && kept.size() < 6);  // top-p, not top-k, ends the list here
    SplitMix64 rng(o.rng_seed);
    constexpr int kDraws = 200000;
    std::vector<int> count(logits.size(), 0);
    for (int i = 0; i < kDraws; ++i) {
        const SampledToken s = sample(logits, o, rng);
        ++count[size_t(s.id)];
        if (i == 0) QCOMPARE(s.kept, int(kept.size()));
    }
    double chi2 = 0;
    for (size_t id = 0; id < logits.size(); ++id) {
        const bool in = std::find(kept.begin(), kept.end(), int(id)) != kept.end();
        if (!in) {
            QCOMPARE(count[id], 0);
            continue;
        }
        const double expected = kDraws * p[id] / running;
        chi2 += (count[id] - expected) * (count[id] - expected) / expected;
    }
    // The 0.999 quantiles of chi-square with 1 to 4 degrees of freedom.
    const double critical[] = {10.83, 13.82, 16.27, 18.47};
    qInfo("chi-square %.2f with %d degrees of freedom (critical %.2f)", chi2, int(kept.size()) - 1,
          critical[kept.size() - 2]);
    QVERIFY(chi2 < critical[kept.size() - 2]);
}

void tst_Generate::samplerOrderTopKAndTopP() {
    SplitMix64 rng(1);
    // Greedy: a tie goes to the lowest id; top holds the ties lowest first.
    const std::vector<float> tie{0.5f, 2.0f, 1.0f, 2.0f};
    SampledToken s = sample(tie, {}, rng);
    QCOMPARE(s.id, 1);
    QCOMPARE(s.top[0].id, 1);
    QCOMPARE(s.top[1].id, 3);
    QCOMPARE(s.rank, 1);
    // top-k 1 always takes the most probable, a tie to the lower id.
    for (int i = 0; i < 50; ++i) QCOMPARE(sample(tie, {.greedy = false, .top_k = 1, .rng_seed = 3}, rng).id, 1);
    // top-p so small that one token reaches it: the top one alone.
    for (int i = 0; i < 50; ++i) QCOMPARE(sample(tie, {.greedy = false, .top_p = 0.01}, rng).id, 1);
    // Rank and probability are those after the temperature.
    s = sample(tie, {.greedy = false, .temperature = 2.0, .top_k = 0, .top_p = 1.0, .rng_seed = 9}, rng);
    double z = 0;
    for (const float l : tie) z += std::exp(double(l) / 2.0);
    QVERIFY(std::fabs(s.prob - std::exp(double(tie[size_t(s.id)]) / 2.0) / z) < 1e-12);
    QCOMPARE(int(s.top.size()), 4);
}

// SplitMix64 seeded with 0 gives these first values in its reference
// implementation (Vigna's splitmix64.c).
void tst_Generate::splitMix64GivesItsReferenceValues() {
    SplitMix64 r(0);
    QCOMPARE(r.next(), 0xE220A8397B1DCDAFull);
    QCOMPARE(r.next(), 0x6E789E6AA1B965F4ull);
    QCOMPARE(r.next(), 0x06C45D188009454Full);
    SplitMix64 u(42);
    for (int i = 0; i < 1000; ++i) {
        const double x = u.uniform();
        QVERIFY(x >= 0 && x < 1);
    }
}

void tst_Generate::stopsAtEndOfTextAndAtTheContext() {
    const Golden g = golden(QStringLiteral("gpt2"));
    const Model model(g.weights);
    GenerateOptions o;
    o.max_new = 64;
    o.eos_id = g.greedy[5];
    const int first = int(std::find(g.greedy.begin(), g.greedy.end(), o.eos_id) - g.greedy.begin());
    Trace t;
    Generation out = generate(model, g.prompt, o, t);
    QCOMPARE(out.stop, StopReason::EndOfText);
    QCOMPARE(int(out.ids.size()), first + 1);  // the end-of-text token is the last new id
    QCOMPARE(out.ids.back(), o.eos_id);
    o.ignore_eos = true;
    out = generate(model, g.prompt, o, t);
    QCOMPARE(out.stop, StopReason::MaxNew);
    QCOMPARE(out.ids, g.greedy);
    // The context (128) ends it: a prompt of 120 leaves room for 8.
    std::vector<int> longPrompt(120, 3);
    o.ignore_eos = false;
    o.eos_id = -1;
    out = generate(model, longPrompt, o, t);
    QCOMPARE(out.stop, StopReason::Context);
    QCOMPARE(int(out.ids.size()), 8);
    QCOMPARE(t.T(), 128);
    out = generate(model, std::vector<int>(128, 3), o, t);
    QCOMPARE(out.stop, StopReason::Context);
    QVERIFY(out.ids.empty());
    // A callback that says stop.
    out = generate(model, g.prompt, o, t, [](const SampledToken&) { return false; });
    QCOMPARE(out.stop, StopReason::Cancelled);
    QCOMPARE(int(out.ids.size()), 1);
    QCOMPARE(std::string(stop_reason_name(StopReason::EndOfText)), std::string("eos"));
}

// Step k's view is the first rows of the final trace: that trace is the full
// run's, bit for bit.
void tst_Generate::theTraceHoldsEveryTokenAsAFullRunDoes() {
    const Golden g = golden(QStringLiteral("llama"));
    const Model model(g.weights);
    GenerateOptions o;
    o.max_new = 20;
    Trace t;
    const Generation out = generate(model, g.prompt, o, t);
    std::vector<int> all = g.prompt;
    all.insert(all.end(), out.ids.begin(), out.ids.end());
    QCOMPARE(t.tokens, all);
    const Trace full = model.run(all);
    for (int l = 0; l < full.n_layer(); ++l)
        for (int h = 0; h < full.n_head(); ++h) {
            const MatrixRM a = t.head_weights(l, h), b = full.head_weights(l, h);
            QVERIFY(std::memcmp(a.data(), b.data(), sizeof(float) * size_t(a.size())) == 0);
        }
    // And each step's prediction was the one of the trace's first rows.
    const Trace prefix = model.run(std::span<const int>(all).first(g.prompt.size() + 9));
    QCOMPARE(out.ids[9], int(std::max_element(prefix.logits_at(prefix.T() - 1).begin(),
                                               prefix.logits_at(prefix.T() - 1).end()) -
                             prefix.logits_at(prefix.T() - 1).begin()));
}

// Generating, the trace takes room for the prompt and every new token at the
// second step (RunOptions::reserve_rows): no buffer moves after that, though
// the rows pass the usual room (64 rows), and the result is
// the full run's, bit for bit.
void tst_Generate::theTraceTakesRoomForEveryTokenAtOnce() {
    const Golden g = golden(QStringLiteral("llama"));
    const Model model(g.weights);
    GenerateOptions o;
    o.max_new = std::min(150, model.config().context_length - int(g.prompt.size()));
    QVERIFY2(int(g.prompt.size()) < 64 && int(g.prompt.size()) + o.max_new > 64, qPrintable(QString::number(o.max_new)));
    o.ignore_eos = true;
    Trace t;
    std::vector<const float*> seen;  // the buffers after each step's run
    const auto buffers = [&] {
        return std::vector<const float*>{t.embed.data.data(), t.layers[0].mlp_hidden.data.data(),
                                         t.layers.back().weights.data.data(), t.layers.back().row_max.data.data(),
                                         t.ln_f.data.data()};
    };
    int steps = 0, moved = 0;
    generate(model, g.prompt, o, t, [&](const SampledToken&) {
        const auto now = buffers();
        if (++steps > 2 && now != seen) ++moved;
        seen = now;
        return true;
    });
    QCOMPARE(steps, o.max_new);
    QCOMPARE(moved, 0);
    const Trace full = model.run(t.tokens);
    for (int l = 0; l < full.n_layer(); ++l) {
        QVERIFY(full.layers[size_t(l)].mlp_hidden.data == t.layers[size_t(l)].mlp_hidden.data);
        QVERIFY(full.layers[size_t(l)].weights.data == t.layers[size_t(l)].weights.data);
    }
    QVERIFY(full.ln_f.data == t.ln_f.data);
}

// With a head ablated and an edge knocked out, each step is the argmax of a
// whole run with them.
void tst_Generate::ablationsAndKnockoutsApplyWhileGenerating() {
    const Golden g = golden(QStringLiteral("demo"));
    const Model model(g.weights);
    GenerateOptions o;
    o.max_new = 12;
    o.run.ablate = {{1, 2}};
    o.run.knockout = {{0, -1, -1, 0}};
    Trace t;
    const Generation out = generate(model, g.prompt, o, t);
    std::vector<int> ids = g.prompt;
    for (int i = 0; i < 12; ++i) {
        RunOptions whole = o.run;
        whole.incremental = false;
        const Trace tr = model.run(ids, whole);
        const auto row = tr.logits_at(tr.T() - 1);
        const int want = int(std::max_element(row.begin(), row.end()) - row.begin());
        QCOMPARE(out.ids[size_t(i)], want);
        ids.push_back(want);
    }
    QVERIFY(out.ids != std::vector<int>(g.greedy.begin(), g.greedy.begin() + 12));  // they changed the text
}

void tst_Generate::badOptionsAreRefused() {
    const Golden g = golden(QStringLiteral("gpt2"));
    const Model model(g.weights);
    Trace t;
    for (const SamplingOptions& s : {SamplingOptions{.greedy = false, .temperature = 0},
                                     SamplingOptions{.greedy = false, .temperature = NAN},
                                     SamplingOptions{.greedy = false, .top_k = -1},
                                     SamplingOptions{.greedy = false, .top_p = 0},
                                     SamplingOptions{.greedy = false, .top_p = 1.5}}) {
        GenerateOptions o;
        o.sampling = s;
        QVERIFY_THROWS_EXCEPTION(Error, generate(model, g.prompt, o, t));
    }
    GenerateOptions o;
    o.max_new = -1;
    QVERIFY_THROWS_EXCEPTION(Error, generate(model, g.prompt, o, t));
    o.max_new = 2;
    QVERIFY_THROWS_EXCEPTION(Error, generate(model, std::vector<int>{500}, o, t));  // outside the vocabulary
}

void tst_Generate::cliGenerateMatchesTheCore() {
    const Golden g = golden(QStringLiteral("demo"));
    QStringList ids;
    for (const int t : g.prompt) ids << QString::number(t);
    testutil::Run r = testutil::cli({"generate", "--tokens", ids.join(','), "--max-new", "16", "--json"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(j["prompt_tokens"].toInt(), int(g.prompt.size()));
    QCOMPARE(j["stop"].toString(), QStringLiteral("max_new"));
    const QJsonArray got = j["ids"].toArray();
    QCOMPARE(got.size(), 16);
    for (int i = 0; i < 16; ++i) QCOMPARE(got[i].toInt(), g.greedy[size_t(i)]);
    const QJsonArray steps = j["steps"].toArray();
    QCOMPARE(steps.size(), 16);
    QCOMPARE(steps[0].toObject()["top"].toArray().size(), 10);
    QCOMPARE(steps[0].toObject()["id"].toInt(), g.greedy[0]);
    QVERIFY(j["tokens_per_s"].toDouble() > 0);
    QVERIFY(!j["text"].toString().isEmpty());
    // Sampled with a seed: the same ids every time and on every thread count.
    const QStringList sampled{"generate", "--tokens", ids.join(','), "--max-new", "12", "--temperature", "0.9",
                              "--top-k", "20", "--top-p", "0.95", "--seed", "5", "--json"};
    r = testutil::cli(sampled + QStringList{"--threads", "1"});
    const testutil::Run again = testutil::cli(sampled + QStringList{"--threads", "2"});
    QVERIFY2(r.status == 0 && again.status == 0, qPrintable(r.err + again.err));
    QCOMPARE(QJsonDocument::fromJson(again.out.toUtf8()).object()["ids"],
             QJsonDocument::fromJson(r.out.toUtf8()).object()["ids"]);
    // The text form prints the continuation itself.
    r = testutil::cli({"generate", "--text", "ROMEO:", "--max-new", "8"});
    QCOMPARE(r.status, 0);
    QVERIFY(r.err.contains(QStringLiteral("stopped: max_new")));
    QVERIFY(!r.out.trimmed().isEmpty());
}

// export --generate N: the figure's tokens are the prompt and the core's
// continuation, and its recipe (the prompt and the sampling) draws the same
// bytes again.
void tst_Generate::exportGeneratesAndItsRecipeReplays() {
    const Golden g = golden(QStringLiteral("demo"));
    QStringList ids;
    for (const int t : g.prompt) ids << QString::number(t);
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("g.json")), recipe = dir.filePath(QStringLiteral("r.json"));
    testutil::Run r = testutil::cli({"export", "--tokens", ids.join(','), "--generate", "10", "--view", "head", "--format",
                                     "json", "-o", json, "--save-recipe", recipe});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY(r.err.contains(QStringLiteral("10 token(s) generated")));
    QFile f(json);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject fig = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonArray tokenIds = fig["ids"].toArray();
    QCOMPARE(tokenIds.size(), int(g.prompt.size()) + 10);
    for (int i = 0; i < 10; ++i) QCOMPARE(tokenIds[int(g.prompt.size()) + i].toInt(), g.greedy[size_t(i)]);
    QFile rf(recipe);
    QVERIFY(rf.open(QIODevice::ReadOnly));
    const QJsonObject rj = QJsonDocument::fromJson(rf.readAll()).object();
    QCOMPARE(rj["tokens"].toArray().size(), int(g.prompt.size()));  // the prompt; the rest is made again
    QCOMPARE(rj["generate"].toObject()["max_new"].toInt(), 10);
    const QString again = dir.filePath(QStringLiteral("again.json"));
    r = testutil::cli({"export", "--recipe", recipe, "-o", again});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QFile af(again);
    QVERIFY(af.open(QIODevice::ReadOnly) && f.seek(0));
    QCOMPARE(af.readAll(), f.readAll());
    // Sampling options only go with --generate, and sampling needs a seed.
    QCOMPARE(testutil::cli({"export", "--text", "ROMEO", "--seed", "3", "-o", dir.filePath(QStringLiteral("x.png"))}).status, 2);
    QCOMPARE(testutil::cli({"export", "--text", "ROMEO", "--generate", "3", "--temperature", "0.5", "-o",
                            dir.filePath(QStringLiteral("x.png"))}).status, 2);
}

void tst_Generate::cliRefusesBadGenerateOptions() {
    const QList<QPair<QStringList, QString>> bad{
        {{"generate", "--text", "ROMEO"}, "--max-new"},
        {{"generate", "--text", "ROMEO", "--max-new", "0"}, "--max-new"},
        {{"generate", "--text", "ROMEO", "--max-new", "4", "--top-k", "3"}, "add --temperature"},
        {{"generate", "--text", "ROMEO", "--max-new", "4", "--temperature", "0.7"}, "--seed"},
        {{"generate", "--text", "ROMEO", "--max-new", "4", "--temperature", "0", "--seed", "1"}, "--temperature"},
        {{"generate", "--text", "ROMEO", "--max-new", "4", "--temperature", "1", "--top-p", "1.5", "--seed", "1"},
         "--top-p"},
        {{"generate", "--text", "ROMEO", "--max-new", "4", "--greedy", "--temperature", "1", "--seed", "1"}, "not both"},
        {{"generate", "--text", "ROMEO", "--max-new", "4", "--temperature", "1", "--seed", "-3"}, "--seed"},
    };
    for (const auto& [args, says] : bad) {
        const testutil::Run r = testutil::cli(args);
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains(says), qPrintable(r.err));
        QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
    }
}

// A random model of GPT-2's vocabulary reads its ids with the bundled GPT-2
// BPE, as a checkpoint of that size does: " the" is one token, not four.
void tst_Generate::aRandomGpt2SizedModelGetsTheGpt2Tokenizer() {
    const testutil::Run p = testutil::cli({"predict", "--random", "n_layer=1,n_head=2,n_embed=16,context=32,vocab=50257",
                                           "--text", " the cat sat", "--json"});
    QVERIFY2(p.status == 0, qPrintable(p.err));
    const QJsonObject j = QJsonDocument::fromJson(p.out.toUtf8()).object();
    QCOMPARE(j["position"].toInt(), 2);  // three BPE tokens, not eleven characters
    const QString text = j["top"].toArray()[0].toObject()["text"].toString();
    QVERIFY2(!text.startsWith(QLatin1Char('#')), qPrintable(text));
}

QTEST_GUILESS_MAIN(tst_Generate)
#include "tst_generate.moc"
