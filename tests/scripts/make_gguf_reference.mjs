// llama.cpp's own outputs on the GGUF fixtures (make_gguf_fixtures.py), through
// node-llama-cpp 3.21.1 (its prebuilt CPU binary), into
// tests/fixtures/gguf/reference.json:
//   - models.<name>: the prompt's token ids (BOS first when the file asks for
//     it), llama.cpp's next-token probabilities at every position (the whole
//     vocabulary, temperature 1, no top-k/top-p/min-p) and its greedy
//     continuation of 32 tokens;
//   - tokenizers.<name>: llama.cpp's tokenization of each test string (no BOS,
//     control tokens typed in the text recognised, as AttnScope does).
// The KV cache is float32 and flash attention off, so that F32 weights are
// computed in float32 throughout.
//
//   cd tests/scripts && npm install && node make_gguf_reference.mjs [FIXTURE_DIR]
//   node make_gguf_reference.mjs --bench FILE.gguf TOKENS [THREADS]   (prompt time, for bench --gguf)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getLlama } from "node-llama-cpp";

const here = path.dirname(fileURLToPath(import.meta.url));

export const PROMPT = "Hello world! The quick brown fox jumps over the lazy dog. I don't think 12345 is 中文.";
export const STRINGS = [
    "Hello, world!",
    "The quick brown fox jumps over the lazy dog.",
    "I don't think we'll see it; they're HERE.",
    "Numbers: 0 12 123 1234 12345 2026-12-04 3.14159",
    "emoji: 🦙 ❤️ 👩‍👩‍👧 🇩🇪 😀😀",
    "中文 日本語のテキスト 한국어 Ελληνικά русский",
    "tab\there\nnew line\r\nand \u0001 \u007f \u001b[31m control",
    "a" + " ".repeat(40) + "b",
    "     leading and trailing     ",
    "\n\n\n   \t\t  \n",
    "",
    " ",
    "<|endoftext|> <s> </s> look like special tokens",
    "mixed: naïve café résumé Straße ﬁ",
];

async function bench(llama, file, n, threads) {
    const model = await llama.loadModel({ modelPath: file, gpuLayers: 0 });
    const context = await model.createContext({ contextSize: n + 8, batchSize: n, flashAttention: false,
                                                ...(threads > 0 ? { threads } : {}) });
    const tokens = [];
    // The ids AttnScope's bench --tokens N runs: (i * 7919 + 13) mod V.
    const V = model.fileInfo.metadata.tokenizer.ggml.tokens.length;
    for (let i = 0; i < n; ++i) tokens.push((i * 7919 + 13) % V);
    const sequence = context.getSequence();
    // A warm-up of a few tokens brings every weight page in, as AttnScope's bench does.
    await sequence.controlledEvaluate(tokens.slice(0, 8).map((t, i) => (i === 7 ? [t, { generateNext: { confidence: true } }] : t)));
    await sequence.clearHistory();
    const t0 = process.hrtime.bigint();
    await sequence.controlledEvaluate(tokens.map((t, i) => (i === n - 1 ? [t, { generateNext: { probabilities: false, token: false, confidence: true } }] : t)));
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    console.log(JSON.stringify({ file, tokens: n, prompt_ms: ms, threads: context.currentThreads }));
    await context.dispose();
    await model.dispose();
}

async function main() {
    const llama = await getLlama({ gpu: false, build: "never" });
    if (process.argv[2] === "--bench") {
        await bench(llama, process.argv[3], Number(process.argv[4] ?? 512), Number(process.argv[5] ?? 0));
        return;
    }
    const dir = process.argv[2] && !process.argv[2].startsWith("--") ? process.argv[2] : path.join(here, "..", "fixtures", "gguf");
    const spec = JSON.parse(fs.readFileSync(path.join(dir, "models.json"), "utf8"));
    const file = path.join(dir, "reference.json");
    // --resume: keep the models an interrupted run wrote (after each model).
    const out = process.argv.includes("--resume") && fs.existsSync(file)
        ? JSON.parse(fs.readFileSync(file, "utf8"))
        : { llama_cpp: "node-llama-cpp 3.21.1 (prebuilt, CPU)", prompt: PROMPT, models: {}, tokenizers: {} };
    const save = () => fs.writeFileSync(file, JSON.stringify(out) + "\n");
    for (const name of spec.models) {
        if (out.models[name]) continue;
        const model = await llama.loadModel({ modelPath: path.join(dir, name + ".gguf"), gpuLayers: 0 });
        const V = model.fileInfo.metadata.tokenizer.ggml.tokens.length;
        const tokens = model.tokenize(PROMPT, false);
        const addBos = model.fileInfo.metadata.tokenizer?.ggml?.add_bos_token !== false && model.tokens.bos != null &&
                       model.fileInfo.metadata.tokenizer?.ggml?.add_bos_token === true;
        if (addBos) tokens.unshift(model.tokens.bos);
        const makeContext = () => model.createContext({
            contextSize: 128, batchSize: 128, flashAttention: false, sequences: 1, threads: 1,
            experimentalKvCacheKeyType: "F32", experimentalKvCacheValueType: "F32",
        });
        let context = await makeContext();
        let sequence = context.getSequence();
        const options = { temperature: 1, topK: 0, topP: 1, minP: 0 };
        const results = await sequence.controlledEvaluate(
            tokens.map((t) => [t, { generateNext: { probabilities: true, options } }]));
        const probs = results.map((r) => {
            const row = new Array(V).fill(0);
            for (const [id, p] of r.next.probabilities) row[id] = Number(p.toPrecision(8));
            return row;
        });
        await context.dispose();
        context = await makeContext();
        sequence = context.getSequence();
        const greedy = [];
        for await (const t of sequence.evaluate(tokens, { temperature: 0 })) {
            greedy.push(t);
            if (greedy.length === 32) break;
        }
        await context.dispose();
        out.models[name] = { vocab: V, tokens, probs, greedy };
        console.error(`${name}: V=${V}, ${tokens.length} tokens, p sum ${probs[0].reduce((a, b) => a + b, 0).toFixed(6)}`);
        await model.dispose();
        save();
    }
    for (const [name, tfile] of Object.entries(spec.tokenizers)) {
        const model = await llama.loadModel({ modelPath: path.join(dir, tfile), gpuLayers: 0, vocabOnly: true });
        out.tokenizers[name] = { file: tfile, strings: STRINGS.map((text) => ({ text, ids: model.tokenize(text, true) })) };
        await model.dispose();
    }
    save();
}

await main();
