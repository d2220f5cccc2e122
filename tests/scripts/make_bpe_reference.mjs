// Writes tests/fixtures/tokenizer/gpt2_reference.json: the GPT-2 token ids of
// every string in tests/fixtures/tokenizer/corpus.json, computed by an
// implementation independent of AttnScope's (the gpt-3-encoder npm package, a
// JavaScript port of OpenAI's encoder.py) and cross-checked against a second
// one (js-tiktoken's r50k_base, a port of OpenAI's tiktoken).
//
// How to run (node 18 or newer), from the repository root:
//
//   cd tests/scripts
//   npm ci                 # installs the pinned versions from package-lock.json
//                          # into tests/scripts/node_modules (ignored by git)
//   node make_bpe_reference.mjs
//
// Options: --corpus <file> --out <file> (defaults: the fixture paths above).
// The script exits with status 1 when the two implementations disagree on any
// string or when a string does not decode back to itself; the output is still
// written, with the disagreements listed, so they can be inspected.
//
// Both references use JavaScript's regular expressions, whose \s differs from
// Unicode's White_Space property (used by OpenAI's Python and Rust code, and by
// AttnScope) in two characters: U+0085 (NEL) and U+FEFF (BOM). The corpus
// avoids both; tests/tst_tokenizer.cpp checks them separately.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import gpt3 from 'gpt-3-encoder';
import { getEncoding } from 'js-tiktoken';

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, '..', 'fixtures', 'tokenizer');

function option(name, fallback) {
    const i = process.argv.indexOf(name);
    return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const corpusPath = option('--corpus', join(fixtures, 'corpus.json'));
const outPath = option('--out', join(fixtures, 'gpt2_reference.json'));

// js-tiktoken does not export its package.json, so read it from node_modules.
const versionOf = (pkg) =>
    JSON.parse(readFileSync(join(here, 'node_modules', pkg, 'package.json'), 'utf8')).version;

const corpus = JSON.parse(readFileSync(corpusPath, 'utf8'));
if (!Array.isArray(corpus) || corpus.some((s) => typeof s !== 'string'))
    throw new Error(`${corpusPath}: expected a JSON array of strings`);

const r50k = getEncoding('r50k_base');
const sameIds = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

const cases = [];
const disagreements = [];
corpus.forEach((text, index) => {
    const ids = gpt3.encode(text);
    // [] and []: "<|endoftext|>" in the text is ordinary text, as in gpt-3-encoder.
    const tiktokenIds = Array.from(r50k.encode(text, [], []));
    if (!sameIds(ids, tiktokenIds))
        disagreements.push({ index, text, gpt3: ids, tiktoken: tiktokenIds });
    if (gpt3.decode(ids) !== text)
        disagreements.push({ index, text, problem: 'gpt-3-encoder does not round-trip' });
    cases.push({ text, ids });
});

// One case per line keeps diffs of the fixture readable.
const lines = cases.map((c) => `    ${JSON.stringify(c)}`);
const header = {
    generator: relative(join(here, '..', '..'), fileURLToPath(import.meta.url)),
    reference: `gpt-3-encoder ${versionOf('gpt-3-encoder')}`,
    cross_check: `js-tiktoken ${versionOf('js-tiktoken')} r50k_base`,
    disagreements: disagreements.length,
};
const body = Object.entries(header)
    .map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`)
    .join('\n');
writeFileSync(outPath, `{\n${body}\n  "cases": [\n${lines.join(',\n')}\n  ]\n}\n`);

const tokens = cases.reduce((n, c) => n + c.ids.length, 0);
console.log(`${outPath}: ${cases.length} strings, ${tokens} tokens`);
for (const d of disagreements) console.error('DISAGREEMENT', JSON.stringify(d));
if (disagreements.length > 0) process.exit(1);
console.log('gpt-3-encoder and js-tiktoken r50k_base agree on every string');
