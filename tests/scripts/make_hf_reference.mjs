// Writes tests/fixtures/tokenizer/hf_reference.json: the token ids that the
// Llama 2, Llama 3 and Qwen3 tokenizers give for every text of
// tests/fixtures/tokenizer/corpus.json and hf_corpus.json, computed by
// @lenml/tokenizers (the tokenizers of transformers.js, a JavaScript port of
// Hugging Face's tokenizers pipeline), independent of AttnScope's code.
//
// The tokenizer files are not in the repository: they are read from
// <shared data>/tokenizers/{llama2,llama3,qwen3}/ (tokenizer.json and
// tokenizer_config.json), where <shared data> is $ATTNSCOPE_SHARED_DATA or
// ../shared/data beside the repository.
//
// How to run (node 18 or newer), from the repository root:
//
//   cd tests/scripts
//   npm ci                 # the pinned versions from package-lock.json, into
//                          # tests/scripts/node_modules (ignored by git)
//   node make_hf_reference.mjs
//
// Ids are those of tokenizer.encode(text): special tokens typed in the text
// are recognised, and the post-processor's BOS is added (Llama 2's "<s>"; the
// Llama 3 and Qwen3 files add none).
//
// Invalid UTF-8: JavaScript strings cannot hold it, so hf_corpus.json lists
// such inputs as hex bytes; each is decoded with TextDecoder (every maximal
// invalid subpart becomes U+FFFD, as Python's errors="replace" does) and the
// decoded text is tokenized. AttnScope's encode_lenient() must give the same
// ids from the raw bytes; its strict encode() refuses them.
//
// JavaScript's regular expressions differ from Hugging Face's (Oniguruma) in
// a few characters the corpus avoids: \s matches U+FEFF but not U+0085, and
// (?i:'s) does not match "'ſ". tests/tst_hf_tokenizers.cpp checks those apart.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import { TokenizerLoader } from '@lenml/tokenizers';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const fixtures = join(repo, 'tests', 'fixtures', 'tokenizer');

function option(name, fallback) {
    const i = process.argv.indexOf(name);
    return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const shared = option('--data', process.env.ATTNSCOPE_SHARED_DATA || join(repo, '..', 'shared', 'data'));
const outPath = option('--out', join(fixtures, 'hf_reference.json'));
const names = ['llama2', 'llama3', 'qwen3'];

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const versionOf = (pkg) => readJson(join(here, 'node_modules', ...pkg.split('/'), 'package.json')).version;

const tokenizers = Object.fromEntries(
    names.map((name) => {
        const dir = join(shared, 'tokenizers', name);
        const tokenizer = TokenizerLoader.fromPreTrained({
            tokenizerJSON: readJson(join(dir, 'tokenizer.json')),
            tokenizerConfig: readJson(join(dir, 'tokenizer_config.json')),
        });
        return [name, tokenizer];
    }),
);

const plain = readJson(join(fixtures, 'corpus.json'));
const extra = readJson(join(fixtures, 'hf_corpus.json'));
const inputs = [
    ...plain.map((text) => ({ text })),
    ...extra.texts.map((text) => ({ text })),
    ...extra.invalid_utf8_hex.map((hex) => ({
        hex,
        text: new TextDecoder('utf-8', { fatal: false }).decode(Buffer.from(hex, 'hex')),
    })),
];

const problems = [];
const cases = inputs.map((input, index) => {
    if (/[\u0085\ufeff]/u.test(input.text))
        problems.push({ index, problem: 'U+0085 or U+FEFF, where JavaScript and Oniguruma differ' });
    const c = { ...input };
    for (const name of names) {
        const ids = tokenizers[name].encode(input.text);
        if (ids.some((id) => !Number.isInteger(id))) problems.push({ index, name, problem: 'non-integer id' });
        c[name] = ids;
    }
    return c;
});

// One case per line keeps diffs of the fixture readable.
const lines = cases.map((c) => `    ${JSON.stringify(c)}`);
const header = {
    generator: relative(repo, fileURLToPath(import.meta.url)),
    reference: `@lenml/tokenizers ${versionOf('@lenml/tokenizers')}`,
    tokenizers: 'shared/data/tokenizers/{llama2,llama3,qwen3} (from @lenml/tokenizer-* 3.7.2)',
    problems: problems.length,
};
const body = Object.entries(header)
    .map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`)
    .join('\n');
writeFileSync(outPath, `{\n${body}\n  "cases": [\n${lines.join(',\n')}\n  ]\n}\n`);

const counts = names.map((n) => `${n} ${cases.reduce((sum, c) => sum + c[n].length, 0)}`).join(', ');
console.log(`${outPath}: ${cases.length} texts; tokens: ${counts}`);
for (const p of problems) console.error('PROBLEM', JSON.stringify(p));
if (problems.length > 0) process.exit(1);
