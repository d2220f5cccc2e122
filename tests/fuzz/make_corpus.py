#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora (corpus/<target>/) and the issue 13
reproducers as regression inputs (regressions/<target>/). Standard library
only; run from anywhere: python3 tests/fuzz/make_corpus.py"""
import json, os, struct, zipfile, io

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, "..", ".."))
fixtures = os.path.join(root, "tests", "fixtures")


def put(kind, target, name, data):
    d = os.path.join(here, kind, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def st(header, data=b""):
    h = header if isinstance(header, bytes) else json.dumps(header, separators=(",", ":")).encode()
    return struct.pack("<Q", len(h)) + h + data


def small_model_tensors():
    # A seed-named 1-layer model, 2 heads, n_embed 4, context 4, vocab 3.
    C, V, T = 4, 3, 4
    shapes = {"token_embed.weight": [V, C], "pos_embed.weight": [T, C], "ln_f.weight": [C], "ln_f.bias": [C],
              "lm_head.weight": [V, C], "lm_head.bias": [V]}
    return shapes


def safetensors_from_shapes(shapes, meta=None, dtype="F32"):
    header, off, data = {}, 0, b""
    if meta:
        header["__metadata__"] = meta
    for name, shape in shapes.items():
        n = 1
        for s in shape:
            n *= s
        size = n * (4 if dtype == "F32" else 2)
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [off, off + size]}
        data += bytes(size)
        off += size
    return st(header, data)


# Files are written over, never the folders cleared: some seeds and
# reproducers were committed by hand (tokenizer.json pipelines, the MLP width
# overflow) and are not made here.

# --- safetensors and model files
seeds = {
    "tiny.safetensors": safetensors_from_shapes(small_model_tensors()),
    "f16.safetensors": safetensors_from_shapes({"a": [2, 3]}, dtype="F16"),
    "meta.safetensors": safetensors_from_shapes({"a": [1]}, meta={"k": "v"}),
}
for name, data in seeds.items():
    put("corpus", "fuzz_safetensors", name, data)
    put("corpus", "fuzz_model_file", name, data)
with open(os.path.join(fixtures, "checkpoints", "hf_gpt2", "config.json"), "rb") as f:
    hf_config = f.read()
for name in ("nanogpt_bare.pt", "nanogpt_config_heads.pt"):
    with open(os.path.join(fixtures, "checkpoints", name), "rb") as f:
        put("corpus", "fuzz_model_file", name, f.read())

# Reproducers from issue 13.
zero = st({"empty": {"dtype": "F32", "shape": [0], "data_offsets": [0, 0]},
           "half": {"dtype": "F16", "shape": [0, 5], "data_offsets": [0, 0]}})
huge_cfg = json.dumps({"vocab_size": 4194304, "context_length": 1048576, "n_embed": 65536, "n_head": 1024,
                       "n_layer": 512}, separators=(",", ":"))
tiny_huge = safetensors_from_shapes({"token_embed.weight": [1, 1]}, meta={"attnscope.config": huge_cfg})
evil = st({"blk.0\n\x1b[2J\x1b[31mfake": {"dtype": "Q8", "shape": [1], "data_offsets": [0, 4]}}, bytes(4))
count_bomb = st(b'{"a":[' + b",".join([b"0"] * 20000) + b"]}")
for name, data in {"zero_elements.safetensors": zero, "huge_metadata_config.safetensors": tiny_huge,
                   "ansi_tensor_name.safetensors": evil, "value_count.safetensors": count_bomb}.items():
    put("regressions", "fuzz_safetensors", name, data)
    put("regressions", "fuzz_model_file", name, data)

# --- pickles (archive/data.pkl of real checkpoints, and hostile ones)
for path in ("nanogpt_bare.pt", "seed_f16.pt", "hostile/builtins_eval.pt", "hostile/os_system.pt",
             "hostile/stack_global.pt"):
    with zipfile.ZipFile(os.path.join(fixtures, "checkpoints", path)) as z:
        for n in z.namelist():
            if n.endswith("data.pkl"):
                put("corpus", "fuzz_pickle", os.path.basename(path) + ".pkl", z.read(n))
for proto in range(1, 6):
    p = os.path.join(fixtures, "checkpoints", "protocols", f"seed_p{proto}.pt")
    with zipfile.ZipFile(p) as z:
        for n in z.namelist():
            if n.endswith("data.pkl"):
                put("corpus", "fuzz_pickle", f"p{proto}.pkl", z.read(n))
put("regressions", "fuzz_pickle", "deep_lists.pkl", b"\x80\x02" + b"]" * 5000 + b".")

# --- JSON
put("corpus", "fuzz_json", "config.json", hf_config)
put("corpus", "fuzz_json", "values.json", '{"a":[1,-2.5e3,true,false,null,"x\\u00e9\\ud83d\\ude00"],"b":{}}')
put("corpus", "fuzz_json", "model_config.json", huge_cfg)
put("regressions", "fuzz_json", "deep.json", "[" * 10000 + "]" * 10000)
put("regressions", "fuzz_json", "many_values.json", "[" + ",".join(["0"] * 70000) + "]")
put("regressions", "fuzz_json", "huge_config.json", huge_cfg)

# --- tokenizer files: first byte picks the format (see fuzz_tokenizer_files.cpp)
enc = {"a": 0, "b": 1, "Ġ": 2, "ab": 3}
put("corpus", "fuzz_tokenizer_files", "tokenizer_json",
    b"\x00" + json.dumps({"model": {"type": "BPE", "vocab": enc, "merges": ["a b"]}}).encode())
put("corpus", "fuzz_tokenizer_files", "encoder_vocab_bpe",
    b"\x01" + json.dumps(enc).encode() + b"\x00#version: 0.2\na b\n")
put("corpus", "fuzz_tokenizer_files", "vocab_merges", b"\x02" + json.dumps(enc).encode() + b"\x00a b\n")
put("corpus", "fuzz_tokenizer_files", "tiktoken", b"\x03YQ== 0\nYg== 1\nYWI= 2\n")
put("corpus", "fuzz_tokenizer_files", "char_json", b"\x04" + json.dumps({"type": "char", "vocab": ["a", "b", "\n"]}).encode())
put("regressions", "fuzz_tokenizer_files", "value_bomb", b"\x00" + b'{"model":{"vocab":[' + b",".join([b"0"] * 30000) + b"]}}")

# --- encode
for i, text in enumerate(["ROMEO:\nWhat light through yonder window breaks?\n", "  tabs\tand\r\nnewlines \u00e9\u00fc",
                          "emoji \U0001F600 and CJK \u4e2d\u6587", "'s 't 're 've 'm 'll 'd 123 4567"]):
    put("corpus", "fuzz_encode", f"text{i}", text)
put("regressions", "fuzz_encode", "invalid_utf8", b"ok \xff\xfe \xc3 end")
put("regressions", "fuzz_encode", "long_space_run", b" " * 5000 + b"x")
# --- trace files (core/include/attnscope/trace_file.h): 2 layers x 2 heads x 3 tokens
def trace_file(dtype="F32", meta_extra=None, tokens=True):
    size = 4 if dtype == "F32" else 2
    layer = 2 * 3 * 3 * size
    header = {"__metadata__": {"format": "attnscope-trace", "version": "1", "model": "m",
                               "token_texts": json.dumps(["a", "b", "c"]), **(meta_extra or {})}}
    rows = [[1, 0, 0], [0.5, 0.5, 0], [0.25, 0.25, 0.5]]
    data = b""
    for l in range(2):
        header[f"attention.{l}"] = {"dtype": dtype, "shape": [2, 3, 3], "data_offsets": [l * layer, (l + 1) * layer]}
        for h in range(2):
            for r in rows:
                for w in r:
                    data += struct.pack("<f", w) if dtype == "F32" else struct.pack("<e", w)
    if tokens:
        header["tokens"] = {"dtype": "I64", "shape": [3], "data_offsets": [2 * layer, 2 * layer + 24]}
        data += struct.pack("<3q", 5, 6, 7)
    return st(header, data)


put("corpus", "fuzz_trace_file", "f32.safetensors", trace_file())
put("corpus", "fuzz_trace_file", "f16.safetensors", trace_file("F16", {"causal": "false"}, tokens=False))
print("corpora written under", here)
