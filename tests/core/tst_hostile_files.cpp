// Broken and hostile model files, one data row each: load_model must throw the
// right ErrorCode with a message that starts with the path and names the
// problem, quickly and without large allocations, and must never run code
// from a pickle. Most inputs are built here (a small zip and pickle writer in
// tst_hostile_files.h) or mutated from good fixtures; the pickles that Python
// itself would execute come from tests/scripts/make_checkpoints.py
// (hostile/*.pt).
#include "tst_hostile_files.h"

void tst_HostileFiles::initTestCase() {
    QVERIFY(dir_.isValid());
    QFile::remove(kMarker);
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
    // A hostile size that slipped through would ask for gigabytes: make that fail
    // loudly (std::bad_alloc escapes the test) instead of swapping.
    const rlimit lim{rlim_t(4) << 30, rlim_t(4) << 30};
    QCOMPARE(setrlimit(RLIMIT_AS, &lim), 0);
#endif
}

void tst_HostileFiles::refused_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    auto row = [](const char* name, const QString& path, ErrorCode code, const char* message) {
        QTest::newRow(name) << path << int(code) << QString::fromUtf8(message);
    };

    // ---- safetensors
    const QByteArray good = seedSafetensors([](TensorMap&) {});
    row("st: bad magic", file("bad_magic.safetensors", QByteArray(8, '\x10') + "XXXXXXXX"),
        ErrorCode::UnknownFormat, "bad magic");
    row("st: truncated header", file("trunc.safetensors", good.left(8 + 10)), ErrorCode::Truncated,
        "header length");
    QByteArray huge = good;
    huge.replace(0, 8, QByteArray("\x00\x00\x00\x00\x00\x00\x00\x40", 8));
    row("st: header length past the file", file("huge_header.safetensors", huge), ErrorCode::Truncated,
        "exceeds");
    row("st: data offsets outside the file",
        file("offsets.safetensors",
             safetensorsHeader(R"({"w":{"dtype":"F32","shape":[4],"data_offsets":[0,16]}})", QByteArray(8, 0))),
        ErrorCode::Truncated, "outside the file");
    row("st: unsupported dtype",
        file("dtype.safetensors",
             safetensorsHeader(R"({"w":{"dtype":"F8_E4M3","shape":[4],"data_offsets":[0,4]}})", QByteArray(4, 0))),
        ErrorCode::UnsupportedDType, "unsupported dtype F8_E4M3");
    row("st: shape product overflows",
        file("overflow.safetensors",
             safetensorsHeader(R"({"w":{"dtype":"F32","shape":[4294967296,4294967296,16],"data_offsets":[0,4]}})",
                               QByteArray(4, 0))),
        ErrorCode::TooLarge, "overflows");
    row("st: duplicate name",
        file("dup.safetensors",
             safetensorsHeader(R"({"w":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},)"
                               R"("w":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})",
                               QByteArray(4, 0))),
        ErrorCode::DuplicateTensor, "'w' appears twice");
    row("st: missing tensor",
        file("missing.safetensors", seedSafetensors([](TensorMap& t) { t.erase("layer_norm.weight"); })),
        ErrorCode::MissingTensor, "'layer_norm.weight' is missing");
    row("st: unexpected tensor",
        file("unexpected.safetensors",
             seedSafetensors([](TensorMap& t) { t["extra.weight"] = Tensor({2, 2}); })),
        ErrorCode::UnexpectedTensor, "'extra.weight'");
    row("st: wrong shape",
        file("shape.safetensors",
             seedSafetensors([](TensorMap& t) { t["attn_blocks.0.mlp.hidden.weight"] = Tensor({32, 7}); })),
        ErrorCode::ShapeMismatch, "'attn_blocks.0.mlp.hidden.weight' has shape [32,7], expected [32,8]");

    // ---- PyTorch zip: the archive
    row("pt: not a zip", file("not_zip.pt", QByteArray("GARBAGE!").repeated(8)), ErrorCode::UnknownFormat,
        "bad magic");
    const QByteArray adamw = readAll(checkpoints("seed_adamw.pt"));
    row("pt: truncated zip", file("truncated.pt", adamw.left(adamw.size() / 2)), ErrorCode::Truncated,
        "truncated");
    const Pickler ok = Pickler().op('}');
    row("pt: entry size beyond the file",
        file("beyond.pt", makeZip({{"archive/data.pkl", Pickler(ok).done()},
                                   {"archive/data/0", QByteArray(16, 0), 0, int64_t(1) << 31}})),
        ErrorCode::Truncated, "runs past the end");
    row("pt: ZIP64 entry size beyond the file",
        file("beyond64.pt", makeZip({{"archive/data.pkl", Pickler(ok).done(), 0, int64_t(1) << 50}}, true)),
        ErrorCode::Truncated, "runs past the end");
    row("pt: compressed entry",
        file("deflate.pt", makeZip({{"archive/data.pkl", Pickler(ok).done(), 8}})), ErrorCode::BadFormat,
        "is compressed (method 8, deflate)");
    row("pt: zip without data.pkl", file("nopickle.pt", makeZip({{"archive/readme.txt", "hi"}})),
        ErrorCode::UnknownFormat, "data.pkl");
    row("pt: legacy pickle format", file("legacy.pt", Pickler().op('}').done()), ErrorCode::UnknownFormat,
        "legacy");

    // ---- PyTorch zip: pickles that would run code. Nothing runs: each call is an
    // inert placeholder, and a payload of nothing else holds no weights.
    // ("touch <marker>",): what the command would be called with.
    const QByteArray args = Pickler().op('(').str(QByteArray("touch ") + kMarker).op('t').b.mid(2);
    row("pt: GLOBAL os.system + REDUCE",
        file("os_system.pt", zipOfPickle(Pickler().global("os", "system").raw(args).op('R').done())),
        ErrorCode::MissingTensor, "no model weights found: the payload holds no dict of tensors; it asks to run 'os.system', which AttnScope never runs");
    row("pt: GLOBAL builtins.eval + REDUCE",
        file("eval.pt", zipOfPickle(Pickler().global("builtins", "eval").raw(args).op('R').done())),
        ErrorCode::MissingTensor, "asks to run 'builtins.eval'");
    row("pt: GLOBAL __builtin__.eval (Python-made)", checkpoints("hostile/builtins_eval.pt"),
        ErrorCode::MissingTensor, "asks to run '__builtin__.eval'");
    row("pt: STACK_GLOBAL subprocess.check_output",
        file("stack_global.pt",
             zipOfPickle(Pickler().str("subprocess").str("check_output").op('\x93').raw(args).op('R').done())),
        ErrorCode::MissingTensor, "asks to run 'subprocess.check_output'");
    row("pt: calling a storage type",
        file("call_storage.pt", zipOfPickle(Pickler().global("torch", "FloatStorage").op(')').op('R').done())),
        ErrorCode::MissingTensor, "asks to run 'torch.FloatStorage'");
    row("pt: BUILD on a list",
        file("build.pt", zipOfPickle(Pickler().op(']').op('}').op('b').done())), ErrorCode::MissingTensor,
        "no model weights found");
    row("pt: NEWOBJ of _rebuild_tensor_v2",
        file("newobj.pt",
             zipOfPickle(Pickler().global("torch._utils", "_rebuild_tensor_v2").op(')').op('\x81').done())),
        ErrorCode::MissingTensor, "asks to run 'torch._utils._rebuild_tensor_v2'");
    {
        // Placeholders nested in each other's arguments: bounded like containers.
        Pickler p;
        for (int i = 0; i < 5000; ++i) p.global("m", "f");
        p.op(')');
        for (int i = 0; i < 5000; ++i) p.op('\x85').op('R');
        row("pt: deeply nested placeholders", file("nested_calls.pt", zipOfPickle(p.done())),
            ErrorCode::TooLarge, "deeper than");
    }
    {
        // One call whose argument is a list of nine million items, added in blocks
        // that each fit the stack: the element limit stops it.
        Pickler p;
        p.global("posix", "system").op('(').op(']');
        for (int i = 0; i < 10; ++i) p.op('(').raw(QByteArray(900000, 'N')).op('e');
        p.op('t').op('R');
        row("pt: huge placeholder argument list", file("huge_args.pt", zipOfPickle(p.done())),
            ErrorCode::TooLarge, "items in all");
    }

    // ---- PyTorch zip: pickles that ask for memory
    row("pt: deep MARK nesting",
        file("marks.pt", zipOfPickle(Pickler().raw(QByteArray(100000, '(')).done())), ErrorCode::TooLarge,
        "MARKs");
    {
        Pickler p;
        p.raw(QByteArray(5000, ']')).raw(QByteArray(4999, 'a'));
        row("pt: deeply nested lists", file("nested.pt", zipOfPickle(p.done())), ErrorCode::TooLarge,
            "deeper than");
    }
    {
        Pickler p;
        p.op('}').raw(QByteArray((1 << 20) + 1, '\x94'));
        row("pt: huge memo", file("memo.pt", zipOfPickle(p.done())), ErrorCode::TooLarge, "memo grows past");
    }
    {
        Pickler p;
        p.op('\x8d');  // BINUNICODE8 with an absurd length
        le(p.b, uint64_t(1) << 60, 8);
        row("pt: huge string length", file("string.pt", zipOfPickle(p.done())), ErrorCode::Truncated,
            "runs past the end of the pickle");
    }
    {
        Pickler p;
        p.op('\x8b');  // LONG4 of a gigabyte
        le(p.b, uint64_t(1) << 30, 4);
        row("pt: huge integer", file("long4.pt", zipOfPickle(p.done())), ErrorCode::TooLarge,
            "does not fit 64 bits");
    }
    {
        Pickler p;
        p.op(']').op('(').raw(QByteArray(1 << 21, 'N'));
        row("pt: huge container", file("container.pt", zipOfPickle(p.done())), ErrorCode::TooLarge,
            "stack grows past");
    }
    row("pt: pickle without STOP", file("nostop.pt", zipOfPickle(Pickler().op('}').b)), ErrorCode::Truncated,
        "without a STOP");
    row("pt: unknown opcode", file("opcode.pt", zipOfPickle(Pickler().op('\xff').done())), ErrorCode::BadFormat,
        "unknown pickle opcode 0xff");

    // ---- PyTorch zip: storages and tensors
    const QByteArray four = floats({1, 2, 3, 4});
    row("pt: storage larger than its entry",
        file("storage.pt", checkpoint({{"w", {4}, {1}, 0, "FloatStorage", 1000000}}, {four})),
        ErrorCode::BadFormat, "claims 1000000 FloatStorage elements (4000000 bytes) but its entry "
                              "'archive/data/0' holds 16 bytes");
    row("pt: size*stride overflows",
        file("overflow.pt", checkpoint({{"w", {int64_t(1) << 62, 4}, {4, 1}}}, {four})), ErrorCode::TooLarge,
        "overflows 64-bit element arithmetic");
    row("pt: tensor beyond its storage",
        file("beyond_storage.pt", checkpoint({{"w", {4, 4}, {4, 1}}}, {four})), ErrorCode::BadFormat,
        "reaches element 15 but the storage holds 4");
    row("pt: offset beyond its storage",
        file("offset.pt", checkpoint({{"w", {2}, {1}, 3}}, {four})), ErrorCode::BadFormat,
        "reaches element 4 but the storage holds 4");
    row("pt: overlapping strides ask for more than the storage",
        file("expand.pt", checkpoint({{"w", {1000000}, {0}}}, {four})), ErrorCode::TooLarge,
        "has 1000000 elements but its storage holds only 4");
    row("pt: complex weights",
        file("complex.pt", checkpoint({{"w", {2}, {1}, 0, "ComplexFloatStorage"}}, {four})),
        ErrorCode::UnsupportedDType, "'w' is stored as ComplexFloatStorage");
    row("pt: duplicate tensor name",
        file("dupname.pt", checkpoint({{"w", {4}, {1}}, {"w", {4}, {1}}}, {four, four})),
        ErrorCode::DuplicateTensor, "'w' appears twice");
    row("pt: duplicate after removing module.",
        file("dupprefix.pt",
             checkpoint({{"token_embed.weight", {2, 2}, {2, 1}}, {"module.token_embed.weight", {2, 2}, {2, 1}}},
                        {four, four})),
        ErrorCode::DuplicateTensor, "'token_embed.weight' appears twice");
    row("pt: unknown tensor names",
        file("names.pt", checkpoint({{"encoder.weight", {4}, {1}}}, {four})), ErrorCode::UnknownFormat,
        "not those of a seed, nanoGPT or GPT-2 model");

    // ---- Hugging Face GPT-2 folders
    const QByteArray hfConfig = readAll(checkpoints("hf_gpt2/config.json"));
    const QByteArray hfWeights = readAll(checkpoints("hf_gpt2/model.safetensors"));
    row("hf: missing config.json", folder("hf_noconfig", {{"model.safetensors", hfWeights}}),
        ErrorCode::BadFormat, "has no config.json");
    row("hf: config.json is not JSON",
        folder("hf_badjson", {{"config.json", "{\"n_layer\": 2,"}, {"model.safetensors", hfWeights}}),
        ErrorCode::BadFormat, "config.json: is not valid JSON");
    QByteArray wider = hfConfig;
    wider.replace("\"n_embd\": 32", "\"n_embd\": 48");
    row("hf: shape mismatch vs config",
        folder("hf_shape", {{"config.json", wider}, {"model.safetensors", hfWeights}}),
        ErrorCode::ShapeMismatch, "tensor 'wte.weight' has shape [80,32], expected [80,48]");
    QByteArray swish = hfConfig;
    swish.replace("\"gelu_new\"", "\"swish\"");
    row("hf: unsupported activation",
        folder("hf_act", {{"config.json", swish}, {"model.safetensors", hfWeights}}), ErrorCode::BadFormat,
        "activation_function 'swish' is not supported");
    row("hf: no weights", folder("hf_noweights", {{"config.json", hfConfig}}), ErrorCode::Io,
        "no model.safetensors or pytorch_model.bin");
    const SafetensorsFile hf = read_safetensors(testutil::str(checkpoints("hf_gpt2/model.safetensors")));
    auto hfWith = [&](const std::function<void(TensorMap&)>& edit) {
        TensorMap t = hf.tensors;
        edit(t);
        const std::string bytes = safetensors_bytes(t);
        return QByteArray(bytes.data(), qsizetype(bytes.size()));
    };
    row("hf: missing tensor",
        folder("hf_missing", {{"config.json", hfConfig},
                              {"model.safetensors", hfWith([](TensorMap& t) { t.erase("h.1.mlp.c_fc.bias"); })}}),
        ErrorCode::MissingTensor, "tensor 'h.1.mlp.c_fc.bias' [128] is missing");
    row("hf: unexpected tensor",
        folder("hf_unexpected",
               {{"config.json", hfConfig},
                {"model.safetensors", hfWith([](TensorMap& t) { t["h.0.attn.rotary.weight"] = Tensor({4}); })}}),
        ErrorCode::UnexpectedTensor, "'h.0.attn.rotary.weight' [4] is not part of a GPT-2 model");
    row("hf: same parameter under two names",
        folder("hf_dup", {{"config.json", hfConfig},
                          {"model.safetensors", hfWith([](TensorMap& t) {
                               TensorMap p;
                               for (auto& [k, v] : t) p["transformer." + k] = v;
                               p["wte.weight"] = t.at("wte.weight");
                               t = p;
                           })}}),
        ErrorCode::DuplicateTensor, "'wte.weight' and 'transformer.wte.weight' are the same parameter");

    // ---- not a model at all
    QByteArray noise(4096, 0);
    for (int i = 0; i < noise.size(); ++i) noise[i] = char((i * 2654435761u) >> 13);
    row("random bytes", file("noise.dat", noise), ErrorCode::UnknownFormat, "unknown model format");
    row("empty file", file("empty.pt", {}), ErrorCode::UnknownFormat, "the file is empty");
    row("missing file", dir_.filePath("does_not_exist.pt"), ErrorCode::Io, "no such file");
    row("empty folder", folder("empty_folder", {}), ErrorCode::UnknownFormat, "folder is not a model");
}

void tst_HostileFiles::refused() {
    QFETCH(QString, path);
    QFETCH(int, code);
    QFETCH(QString, message);
    try {
        (void)load_model(testutil::str(path));
        QFAIL("load_model accepted the file");
    } catch (const Error& e) {
        const QString what = QString::fromUtf8(e.what());
        if (int(e.code()) != code)
            QFAIL(qPrintable(QStringLiteral("code %1, expected %2: %3")
                                 .arg(error_code_name(e.code()), error_code_name(ErrorCode(code)), what)));
        QVERIFY2(what.startsWith(path), qPrintable(what));
        QVERIFY2(what.contains(message), qPrintable(what));
    }
    QVERIFY2(!QFile::exists(kMarker), "a pickle ran a command");
}

void tst_HostileFiles::handBuiltCheckpointsLoad_data() {
    QTest::addColumn<bool>("zip64");
    QTest::addColumn<bool>("transposed");
    QTest::addColumn<QByteArray>("extra");
    QTest::newRow("plain") << false << false << QByteArray();
    QTest::newRow("ZIP64 records") << true << false << QByteArray();
    QTest::newRow("strided views at offsets") << false << true << QByteArray();
    // Protocol 0's text opcodes: [42, True, False, -7, 2.5, "it's", "cafe", None, (1, 2),
    // {'k': 3}], stored in and fetched from the memo.
    const QByteArray text = "(I42\nI01\nI00\nL-7L\nF2.5\nS'it\\'s'\nVcaf\\u00e9\nN(I1\nI2\nt"
                            "(dS'k'\nI3\nslp7\n0g7\n";
    QTest::newRow("protocol 0 opcodes beside the weights")
        << false << false << Pickler().str("extra").raw(text).b.mid(2);
}

// The control for the rows above: the same writers, telling the truth, give a
// model load_model reads back exactly (so each refusal is about its one lie).
void tst_HostileFiles::handBuiltCheckpointsLoad() {
    QFETCH(bool, zip64);
    QFETCH(bool, transposed);
    QFETCH(QByteArray, extra);
    const Weights w = random_weights(ModelConfig::seed(10, 8, 8, 2, 1), 3);
    std::vector<TensorSpec> specs;
    std::vector<QByteArray> data;
    for (const auto& [name, t] : to_seed_state_dict(w)) {
        TensorSpec s{QByteArray::fromStdString(name), t.shape, {}, 0};
        if (transposed && t.rank() == 2) {
            // Store the transpose after 3 padding floats and view it with swapped strides.
            const int64_t r = t.shape[0], c = t.shape[1];
            std::vector<float> st(3, -1.0f);
            for (int64_t j = 0; j < c; ++j)
                for (int64_t i = 0; i < r; ++i) st.push_back(t.data[size_t(i * c + j)]);
            s.stride = {1, r};
            s.offset = 3;
            data.push_back(floats(st));
        } else {
            int64_t stride = 1;
            s.stride.assign(t.shape.size(), 0);
            for (size_t d = t.shape.size(); d-- > 0;) {
                s.stride[d] = stride;
                stride *= t.shape[d];
            }
            data.push_back(floats(t.data));
        }
        specs.push_back(s);
    }
    const QString path = file(QStringLiteral("control_%1_%2_%3.pt").arg(zip64).arg(transposed).arg(extra.size()),
                              checkpoint(specs, data, zip64, extra));
    const LoadedModel lm = load_model(testutil::str(path));
    QCOMPARE(QString::fromStdString(lm.format), QStringLiteral("pytorch-zip"));
    QCOMPARE(lm.weights->config.n_head, 2);
    const TensorMap a = to_seed_state_dict(w), b = to_seed_state_dict(*lm.weights);
    QCOMPARE(a.size(), b.size());
    for (const auto& [name, t] : a) QVERIFY2(b.at(name).data == t.data, name.c_str());
}

void tst_HostileFiles::codeBesideWeightsNeverRuns_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("call");
    QTest::newRow("GLOBAL posix.system (Python-made)") << checkpoints("hostile/os_system.pt") << "posix.system";
    QTest::newRow("STACK_GLOBAL posix.system (Python-made, protocol 4)")
        << checkpoints("hostile/stack_global.pt") << "posix.system";
}

// A checkpoint whose weights sit beside an object that would run a command: the
// weights load, the call is listed as not run, and the command never runs.
void tst_HostileFiles::codeBesideWeightsNeverRuns() {
    QFETCH(QString, path);
    QFETCH(QString, call);
    const LoadedModel lm = load_model(testutil::str(path));
    QCOMPARE(lm.weights->config.n_head, 2);
    QCOMPARE(int(lm.not_run.size()), 1);
    QCOMPARE(QString::fromStdString(lm.not_run[0]), call);
    QVERIFY2(!QFile::exists(kMarker), "a pickle ran a command");
}

QTEST_GUILESS_MAIN(tst_HostileFiles)
#include "moc_tst_hostile_files.cpp"
