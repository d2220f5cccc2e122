#!/usr/bin/python3
"""Writes the GGUF fixtures of tests/core/tst_gguf.cpp (tests/fixtures/gguf).

Everything here follows the GGUF format description (the file layout, the
metadata types, ggml's block layouts); nothing is taken from llama.cpp's code.

  - blocks.gguf: three rows of 512 values of every tensor type AttnScope reads
    (F16, BF16, Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, Q4_K, Q5_K, Q6_K), random bits
    with scales of a sane size, and beside each its values as dequantized by
    the plain reference dequantizer below ("ref.<type>", F32);
  - small random models of every architecture row (llama, llama with a
    byte-level BPE tokenizer, qwen2, qwen3, gpt2, gptneox, phi3, gemma2) in F32,
    and a llama model in every other type (every 2-D weight of that type);
  - their tokenizers in the metadata: SentencePiece ("llama": scores, byte
    fallback) or byte-level BPE ("gpt2": merges, tokenizer.ggml.pre).

make_gguf_reference.mjs then runs llama.cpp (node-llama-cpp) on them and writes
reference.json. Quantized weights are random blocks: no quantizer is needed,
the blocks are the weights.

    /usr/bin/python3 tests/scripts/make_gguf_fixtures.py [OUT_DIR]
    /usr/bin/python3 tests/scripts/make_gguf_fixtures.py --big /tmp/llama8b-q4k.gguf
      (an 8B-shaped Llama of Q4_K blocks, Q6_K output, about 4.9 GB, for
       `attnscope-cli bench --model FILE --tokens 512 --gguf --json`; never committed)
    /usr/bin/python3 tests/scripts/make_gguf_fixtures.py --smol-bf16 /tmp/smol-bf16.gguf
      (a SmolLM-135M-shaped Llama in BF16, 327 MB, for the llama.cpp mode's
       prompt time in docs/performance.md; never committed)
    /usr/bin/python3 tests/scripts/make_gguf_fixtures.py --fuzz-seeds tests/fuzz/corpus/fuzz_gguf
"""
import json
import os
import struct
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "fixtures", "gguf")

# ---------------------------------------------------------------- the format

U8, I8, U16, I16, U32, I32, F32V, BOOL, STRING, ARRAY, U64, I64, F64V = range(13)
GGML = {"F32": 0, "F16": 1, "Q4_0": 2, "Q4_1": 3, "Q5_0": 6, "Q5_1": 7, "Q8_0": 8, "Q4_K": 12, "Q5_K": 13,
        "Q6_K": 14, "BF16": 30}
BLOCK = {"F32": (1, 4), "F16": (1, 2), "BF16": (1, 2), "Q4_0": (32, 18), "Q4_1": (32, 20), "Q5_0": (32, 22),
         "Q5_1": (32, 24), "Q8_0": (32, 34), "Q4_K": (256, 144), "Q5_K": (256, 176), "Q6_K": (256, 210)}
SCALAR_FMT = {U8: "<B", I8: "<b", U16: "<H", I16: "<h", U32: "<I", I32: "<i", F32V: "<f", BOOL: "<?", U64: "<Q",
              I64: "<q", F64V: "<d"}


def gguf_string(s):
    b = s.encode("utf-8") if isinstance(s, str) else s
    return struct.pack("<Q", len(b)) + b


def gguf_value(t, v):
    if t == STRING:
        return gguf_string(v)
    if t == ARRAY:
        et, items = v
        out = struct.pack("<IQ", et, len(items))
        if et == STRING:
            return out + b"".join(gguf_string(x) for x in items)
        fmt = {F32V: "f", I32: "i", U32: "I", BOOL: "?", U8: "B"}[et]
        return out + struct.pack("<%d%s" % (len(items), fmt), *items)
    return struct.pack(SCALAR_FMT[t], v)


class GgufWriter:
    def __init__(self, path, alignment=32):
        self.path, self.alignment = path, alignment
        self.kv = []       # (key, type, value)
        self.tensors = []  # (name, ne (fastest first), type name, bytes)

    def add(self, key, t, v):
        self.kv.append((key, t, v))

    def tensor(self, name, ne, type_name, data):
        """`data`: the bytes, or a function that makes them when the file is
        written (so that a big file is never whole in memory)."""
        qk, bb = BLOCK[type_name]
        n = 1
        for d in ne:
            n *= d
        size = n // qk * bb
        self.tensors.append((name, list(ne), type_name, data if callable(data) else bytes(data), size))

    def write(self, chunk_writer=None):
        head = b"GGUF" + struct.pack("<IQQ", 3, len(self.tensors), len(self.kv))
        for k, t, v in self.kv:
            head += gguf_string(k) + struct.pack("<I", t) + gguf_value(t, v)
        offset = 0
        offsets = []
        for name, ne, tn, data, size in self.tensors:
            head += gguf_string(name) + struct.pack("<I", len(ne)) + b"".join(struct.pack("<Q", d) for d in ne)
            head += struct.pack("<IQ", GGML[tn], offset)
            offsets.append(offset)
            offset = (offset + size + self.alignment - 1) // self.alignment * self.alignment
        head += b"\0" * ((-len(head)) % self.alignment)
        with open(self.path, "wb") as f:
            f.write(head)
            pos = 0
            for (name, ne, tn, data, size), off in zip(self.tensors, offsets):
                f.write(b"\0" * (off - pos))
                data = data() if callable(data) else data
                assert len(data) == size, name
                f.write(data)
                pos = off + len(data)

# ------------------------------------------------------ random stored blocks


def f16_bytes(x):
    return np.asarray(x, dtype="<f2").tobytes()


def random_blocks(rng, type_name, rows, cols, std):
    """(rows, cols) values of `type_name` as random blocks whose values have
    roughly the standard deviation `std` and mean 0."""
    qk, bb = BLOCK[type_name]
    assert cols % qk == 0
    nb = rows * cols // qk
    if type_name == "F32":
        return (rng.standard_normal(rows * cols) * std).astype("<f4").tobytes()
    if type_name == "F16":
        return (rng.standard_normal(rows * cols) * std).astype("<f2").tobytes()
    if type_name == "BF16":
        f = (rng.standard_normal(rows * cols) * std).astype("<f4")
        return (f.view("<u4") >> 16).astype("<u2").tobytes()
    raw = rng.integers(0, 256, size=(nb, bb), dtype=np.uint8)

    def scale(spread, n=nb):  # positive float16 scales around `spread`
        return np.frombuffer(f16_bytes(spread * rng.uniform(0.5, 1.5, n)), dtype=np.uint8).reshape(n, 2)

    if type_name == "Q4_0":
        raw[:, 0:2] = scale(std / 4.6)
    elif type_name == "Q4_1":
        d = std / 4.6
        raw[:, 0:2] = scale(d)
        raw[:, 2:4] = np.frombuffer(f16_bytes(-7.5 * d * rng.uniform(0.9, 1.1, nb)), np.uint8).reshape(nb, 2)
    elif type_name == "Q5_0":
        raw[:, 0:2] = scale(std / 9.2)
    elif type_name == "Q5_1":
        d = std / 9.2
        raw[:, 0:2] = scale(d)
        raw[:, 2:4] = np.frombuffer(f16_bytes(-15.5 * d * rng.uniform(0.9, 1.1, nb)), np.uint8).reshape(nb, 2)
    elif type_name == "Q8_0":
        raw[:, 0:2] = scale(std / 74.0)
    elif type_name in ("Q4_K", "Q5_K"):
        # As a quantizer leaves them: each sub-block's minimum term centres
        # its values (dmin * m close to d * sc * the middle code), so values
        # are d * sc * (q - middle) and not a large offset of either sign.
        middle = 7.5 if type_name == "Q4_K" else 15.5
        d = std / (middle * 20.0)
        raw[:, 0:2] = scale(d)
        dd = half(raw[:, 0:2])
        raw[:, 2:4] = np.frombuffer(f16_bytes(8.0 * dd * (2.0 if type_name == "Q5_K" else 1.0)), np.uint8).reshape(nb, 2)
        dmin = half(raw[:, 2:4])
        rng.uniform(0.5, 1.5, nb)  # the draws the files were first made with, so later tensors keep theirs
        sc = 8 + (raw[:, 4:12].astype(np.int64) % 56)  # 8..63
        m = np.clip(np.rint(sc * middle * dd[:, None] / dmin[:, None]), 0, 63).astype(np.int64)
        raw[:, 4:16] = pack_scale_min_k4(sc, m)
    elif type_name == "Q6_K":
        raw[:, 192:208] = rng.integers(-64, 64, size=(nb, 16)).astype(np.int8).view(np.uint8)
        raw[:, 208:210] = scale(std / 600.0)
    return raw.tobytes()

# ------------------------------------------------- the reference dequantizer
# Plain float32 arithmetic, one rounding per operation, in the order the
# format describes: value = (d * sc) * q - (dmin * m) and so on.


def half(b):
    return np.ascontiguousarray(b).view("<f2").astype(np.float32).reshape(-1)


def pack_scale_min_k4(sc, mn):
    """The 12 bytes that hold 8 six-bit scales and minimums per block (the
    inverse of scale_min_k4)."""
    out = np.zeros((sc.shape[0], 12), np.int64)
    for j in range(8):
        if j < 4:
            out[:, j] |= sc[:, j] & 63
            out[:, j + 4] |= mn[:, j] & 63
        else:
            out[:, j + 4] |= (sc[:, j] & 0xF) | ((mn[:, j] & 0xF) << 4)
            out[:, j - 4] |= (sc[:, j] >> 4) << 6
            out[:, j] |= (mn[:, j] >> 4) << 6
    return out.astype(np.uint8)


def scale_min_k4(scales):
    """The 8 six-bit scales and minimums of each Q4_K / Q5_K block."""
    s = scales.astype(np.int32)
    sc = np.zeros((s.shape[0], 8), np.int32)
    mn = np.zeros((s.shape[0], 8), np.int32)
    for j in range(8):
        if j < 4:
            sc[:, j] = s[:, j] & 63
            mn[:, j] = s[:, j + 4] & 63
        else:
            sc[:, j] = (s[:, j + 4] & 0xF) | ((s[:, j - 4] >> 6) << 4)
            mn[:, j] = (s[:, j + 4] >> 4) | ((s[:, j] >> 6) << 4)
    return sc, mn


def dequantize(type_name, data, n):
    qk, bb = BLOCK[type_name]
    if type_name == "F32":
        return np.frombuffer(data, "<f4", n).astype(np.float32)
    if type_name == "F16":
        return np.frombuffer(data, "<f2", n).astype(np.float32)
    if type_name == "BF16":
        return (np.frombuffer(data, "<u2", n).astype(np.uint32) << 16).view(np.float32)
    b = np.frombuffer(data, np.uint8, n // qk * bb).reshape(-1, bb)
    nb = b.shape[0]
    f = np.float32
    if type_name in ("Q4_0", "Q4_1", "Q5_0", "Q5_1"):
        has_min = type_name.endswith("_1")
        d = half(b[:, 0:2])[:, None]
        at = 4 if has_min else 2
        if type_name.startswith("Q5"):
            qh = b[:, at:at + 4].copy().view("<u4").astype(np.int64).reshape(nb, 1)
            at += 4
        qs = b[:, at:at + 16].astype(np.int64)
        lo, hi = qs & 0xF, qs >> 4
        if type_name.startswith("Q5"):
            j = np.arange(16)[None, :]
            lo = lo | (((qh >> j) & 1) << 4)
            hi = hi | (((qh >> (j + 16)) & 1) << 4)
        q = np.concatenate([lo, hi], axis=1)
        if has_min:
            m = half(b[:, 2:4])[:, None]
            return ((q.astype(f) * d) + m).reshape(-1)
        offset = 16 if type_name.startswith("Q5") else 8
        return ((q - offset).astype(f) * d).reshape(-1)
    if type_name == "Q8_0":
        d = half(b[:, 0:2])[:, None]
        return (b[:, 2:34].view(np.int8).astype(f) * d).reshape(-1)
    if type_name in ("Q4_K", "Q5_K"):
        d = half(b[:, 0:2])[:, None]
        dmin = half(b[:, 2:4])[:, None]
        sc, mn = scale_min_k4(b[:, 4:16])
        five = type_name == "Q5_K"
        qh = b[:, 16:48].astype(np.int64) if five else None
        qs = b[:, 48:176].astype(np.int64) if five else b[:, 16:144].astype(np.int64)
        y = np.zeros((nb, 256), f)
        for j in range(4):
            q = qs[:, 32 * j:32 * j + 32]
            lo, hi = q & 0xF, q >> 4
            if five:
                lo = lo + ((qh & (1 << (2 * j))) != 0) * 16
                hi = hi + ((qh & (2 << (2 * j))) != 0) * 16
            d1 = d * sc[:, 2 * j:2 * j + 1].astype(f)
            m1 = dmin * mn[:, 2 * j:2 * j + 1].astype(f)
            d2 = d * sc[:, 2 * j + 1:2 * j + 2].astype(f)
            m2 = dmin * mn[:, 2 * j + 1:2 * j + 2].astype(f)
            y[:, 64 * j:64 * j + 32] = (d1 * lo.astype(f)) - m1
            y[:, 64 * j + 32:64 * j + 64] = (d2 * hi.astype(f)) - m2
        return y.reshape(-1)
    if type_name == "Q6_K":
        ql = b[:, 0:128].astype(np.int64)
        qh = b[:, 128:192].astype(np.int64)
        sc = b[:, 192:208].view(np.int8).astype(f)
        d = half(b[:, 208:210])[:, None]
        y = np.zeros((nb, 256), f)
        for n in range(2):
            L, H, S = ql[:, 64 * n:64 * n + 64], qh[:, 32 * n:32 * n + 32], sc[:, 8 * n:8 * n + 8]
            for l in range(32):
                i = l // 16
                h = H[:, l]
                q1 = ((L[:, l] & 0xF) | ((h & 3) << 4)) - 32
                q2 = ((L[:, l + 32] & 0xF) | (((h >> 2) & 3) << 4)) - 32
                q3 = ((L[:, l] >> 4) | (((h >> 4) & 3) << 4)) - 32
                q4 = ((L[:, l + 32] >> 4) | (((h >> 6) & 3) << 4)) - 32
                for k, q in enumerate((q1, q2, q3, q4)):
                    y[:, 128 * n + l + 32 * k] = (d[:, 0] * S[:, i + 2 * k]) * q.astype(f)
        return y.reshape(-1)
    raise ValueError(type_name)

# ---------------------------------------------------------------- tokenizers


def bytes_to_unicode():
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return {b: chr(c) for b, c in zip(bs, cs)}


CORPUS = ("Hello world! The quick brown fox jumps over the lazy dog. Attention is all you need, and the "
          "transformer attends to every token in the sentence. I don't think we'll see it, they're here. "
          "Numbers like 12345 and 2026 appear in the text too. Once upon a time there was a little model "
          "that learned to read and write. 中文 日本語 テキスト emoji 🦙 ❤️")


def spm_tokenizer():
    """A SentencePiece vocabulary: <unk>, <s>, </s>, the 256 byte tokens, single
    characters, then pieces, scored so that longer pieces merge later."""
    tokens, scores, types = ["<unk>", "<s>", "</s>"], [0.0, 0.0, 0.0], [2, 3, 3]
    for b in range(256):
        tokens.append("<0x%02X>" % b)
        scores.append(0.0)
        types.append(6)
    chars = ["\u2581"] + [chr(c) for c in range(33, 127)] + list("中文日本語テキスト")
    pieces = ["\u2581t", "he", "\u2581the", "in", "er", "an", "\u2581a", "on", "re", "\u2581w", "or", "\u2581s",
              "en", "\u2581o", "at", "ll", "\u2581b", "ing", "\u2581\u2581", "\u2581\u2581\u2581\u2581", "\u2581H",
              "el", "lo", "ello", "\u2581Hello", "\u2581wor", "ld", "\u2581world", "'s", "\u2581I", "\u2581d",
              "on't", "\u2581don", "'t", "12", "123", "\u25811", "ou", "\u2581you", "\u2581th", "is",
              "\u2581is", "\u2581to", "ed", "\u2581an", "\u2581and", "\u2581at", "ent", "ion", "tion",
              "\u2581att", "\u2581mod", "\u2581model", "ex", "\u2581text", "\u2581tex", "中文", "日本"]
    for i, p in enumerate(pieces):
        tokens.append(p)
        scores.append(-1.0 - i)
        types.append(1)
    for i, c in enumerate(chars):
        tokens.append(c)
        scores.append(-1000.0 - i)
        types.append(1)
    return {"model": "llama", "tokens": tokens, "scores": scores, "types": types, "bos": 1, "eos": 2,
            "add_bos": True}


def bpe_tokenizer(pre, add_bos, n_merges=150):
    """A byte-level BPE vocabulary: the 256 byte characters, merges learned from
    CORPUS (words with their leading space), and one control token."""
    b2u = bytes_to_unicode()
    tokens = [b2u[b] for b in range(256)]
    words = {}
    for w in CORPUS.replace("\n", " ").split(" "):
        if not w:
            continue
        key = tuple(b2u[b] for b in (" " + w).encode("utf-8"))
        words[key] = words.get(key, 0) + 1
    merges = []
    vocab = set(tokens)
    for _ in range(n_merges):
        pairs = {}
        for w, n in words.items():
            for a, b in zip(w, w[1:]):
                pairs[(a, b)] = pairs.get((a, b), 0) + n
        if not pairs:
            break
        (a, b), n = max(pairs.items(), key=lambda kv: (kv[1], kv[0]))
        if n < 2:
            break
        merges.append(a + " " + b)
        if a + b not in vocab:
            vocab.add(a + b)
            tokens.append(a + b)
        new = {}
        for w, c in words.items():
            out, i = [], 0
            while i < len(w):
                if i + 1 < len(w) and w[i] == a and w[i + 1] == b:
                    out.append(a + b)
                    i += 2
                else:
                    out.append(w[i])
                    i += 1
            new[tuple(out)] = new.get(tuple(out), 0) + c
        words = new
    types = [1] * len(tokens)
    tokens.append("<|endoftext|>")
    types.append(3)
    eos = len(tokens) - 1
    return {"model": "gpt2", "pre": pre, "tokens": tokens, "types": types, "merges": merges, "bos": eos,
            "eos": eos, "add_bos": add_bos}


def add_tokenizer(w, tok):
    w.add("tokenizer.ggml.model", STRING, tok["model"])
    if "pre" in tok:
        w.add("tokenizer.ggml.pre", STRING, tok["pre"])
    w.add("tokenizer.ggml.tokens", ARRAY, (STRING, tok["tokens"]))
    if "scores" in tok:
        w.add("tokenizer.ggml.scores", ARRAY, (F32V, tok["scores"]))
    w.add("tokenizer.ggml.token_type", ARRAY, (I32, tok["types"]))
    if "merges" in tok:
        w.add("tokenizer.ggml.merges", ARRAY, (STRING, tok["merges"]))
    w.add("tokenizer.ggml.bos_token_id", U32, tok["bos"])
    w.add("tokenizer.ggml.eos_token_id", U32, tok["eos"])
    w.add("tokenizer.ggml.add_bos_token", BOOL, tok["add_bos"])
    w.add("tokenizer.ggml.add_eos_token", BOOL, False)
    if tok["model"] == "llama":
        w.add("tokenizer.ggml.unknown_token_id", U32, 0)

# -------------------------------------------------------------------- models


def write_model(path, arch, tok, rng, *, C, H, Hkv, L, F, wtype="F32", ctx=128, tied=False, head_dim=0,
                rope_dims=0, qkv_bias=False, qk_norm=False, std=0.08, big=False):
    V = len(tok["tokens"])
    w = GgufWriter(path)
    w.add("general.architecture", STRING, arch)
    w.add("general.name", STRING, os.path.basename(path))
    w.add(arch + ".context_length", U32, ctx)
    w.add(arch + ".embedding_length", U32, C)
    w.add(arch + ".block_count", U32, L)
    w.add(arch + ".feed_forward_length", U32, F)
    w.add(arch + ".attention.head_count", U32, H)
    w.add(arch + ".attention.head_count_kv", U32, Hkv)
    hs = head_dim or C // H
    if head_dim:
        w.add(arch + ".attention.key_length", U32, hs)
        w.add(arch + ".attention.value_length", U32, hs)
    layer_norm = arch in ("gpt2", "gptneox")
    if layer_norm:
        w.add(arch + ".attention.layer_norm_epsilon", F32V, 1e-5)
    else:
        w.add(arch + ".attention.layer_norm_rms_epsilon", F32V, 1e-6)
    if arch != "gpt2":
        w.add(arch + ".rope.freq_base", F32V, 10000.0)
        w.add(arch + ".rope.dimension_count", U32, rope_dims or hs)
    if arch == "gptneox":
        w.add("gptneox.use_parallel_residual", BOOL, True)
    if arch == "gemma2":
        w.add("gemma2.attention.sliding_window", U32, 8)
        w.add("gemma2.attn_logit_softcapping", F32V, 50.0)
        w.add("gemma2.final_logit_softcapping", F32V, 30.0)
    if arch == "phi3":
        w.add("phi3.attention.sliding_window", U32, 2047)
    add_tokenizer(w, tok)
    Q, KV = H * hs, Hkv * hs

    def mat(name, out_f, in_f, t=None, s=None):
        t = t or wtype
        w.tensor(name, (in_f, out_f), t, lambda: random_blocks(rng, t, out_f, in_f, s or std))

    def vec(name, n, mean=1.0, s=0.1):
        w.tensor(name, (n,), "F32", lambda: (mean + s * rng.standard_normal(n)).astype("<f4").tobytes())

    mat("token_embd.weight", V, C, s=1.0 if not big else 0.02)
    if arch == "gpt2":
        w.tensor("position_embd.weight", (C, ctx), "F32",
                 lambda: (0.1 * rng.standard_normal(C * ctx)).astype("<f4").tobytes())
    for l in range(L):
        p = "blk.%d." % l
        vec(p + "attn_norm.weight", C)
        if layer_norm:
            vec(p + "attn_norm.bias", C, 0.0)
        if arch in ("gpt2", "gptneox", "phi3"):
            mat(p + "attn_qkv.weight", Q + 2 * KV, C)
            if arch != "phi3":
                vec(p + "attn_qkv.bias", Q + 2 * KV, 0.0)
        else:
            mat(p + "attn_q.weight", Q, C)
            mat(p + "attn_k.weight", KV, C)
            mat(p + "attn_v.weight", KV, C)
            if qkv_bias:
                vec(p + "attn_q.bias", Q, 0.0)
                vec(p + "attn_k.bias", KV, 0.0)
                vec(p + "attn_v.bias", KV, 0.0)
        if qk_norm:
            vec(p + "attn_q_norm.weight", hs)
            vec(p + "attn_k_norm.weight", hs)
        mat(p + "attn_output.weight", C, Q)
        if layer_norm:
            vec(p + "attn_output.bias", C, 0.0)
        if arch == "gemma2":
            vec(p + "post_attention_norm.weight", C)
        vec(p + "ffn_norm.weight", C)
        if layer_norm:
            vec(p + "ffn_norm.bias", C, 0.0)
        if arch in ("gpt2", "gptneox"):
            mat(p + "ffn_up.weight", F, C)
            vec(p + "ffn_up.bias", F, 0.0)
            mat(p + "ffn_down.weight", C, F)
            vec(p + "ffn_down.bias", C, 0.0)
        elif arch == "phi3":
            mat(p + "ffn_up.weight", 2 * F, C)
            mat(p + "ffn_down.weight", C, F)
        else:
            mat(p + "ffn_gate.weight", F, C)
            mat(p + "ffn_up.weight", F, C)
            mat(p + "ffn_down.weight", C, F, t="Q6_K" if big else None)
        if arch == "gemma2":
            vec(p + "post_ffw_norm.weight", C)
    vec("output_norm.weight", C)
    if layer_norm:
        vec("output_norm.bias", C, 0.0)
    if not tied:
        mat("output.weight", V, C, t="Q6_K" if big else None, s=std if not big else 0.02)
    w.write()
    return V


def blocks_file(path, rng):
    w = GgufWriter(path)
    w.add("general.architecture", STRING, "blocks")
    for t in ("F16", "BF16", "Q8_0", "Q4_0", "Q4_1", "Q5_0", "Q5_1", "Q4_K", "Q5_K", "Q6_K"):
        data = random_blocks(rng, t, 3, 512, 0.1)
        w.tensor("blocks." + t, (512, 3), t, data)
        ref = dequantize(t, data, 3 * 512)
        assert np.all(np.isfinite(ref))
        w.tensor("ref." + t, (512, 3), "F32", ref.astype("<f4").tobytes())
    w.write()


def bench_tokenizer(n):
    """A SentencePiece vocabulary of n pieces: specials, bytes, characters, words."""
    tokens = ["<unk>", "<s>", "</s>"] + ["<0x%02X>" % b for b in range(256)]
    types = [2, 3, 3] + [6] * 256
    chars = ["\u2581"] + [chr(c) for c in range(33, 127)]
    tokens += chars
    types += [1] * len(chars)
    i = 0
    while len(tokens) < n:
        tokens.append("\u2581w%d" % i)
        types.append(1)
        i += 1
    return {"model": "llama", "tokens": tokens, "scores": [-float(k) for k in range(len(tokens))], "types": types,
            "bos": 1, "eos": 2, "add_bos": True}


def big_model(path):
    """An 8B-shaped Llama (Llama 3 8B's sizes) in Q4_K with Q6_K ffn_down and
    output, random blocks, a SentencePiece vocabulary of 128,256 pieces."""
    rng = np.random.default_rng(8)
    write_model(path, "llama", bench_tokenizer(128256), rng, C=4096, H=32, Hkv=8, L=32, F=14336, wtype="Q4_K",
                ctx=8192, std=0.02, big=True)


def smol_bf16_model(path):
    """A SmolLM-135M-shaped Llama (C 576, 9 heads, 3 kv heads, 30 layers, F
    1536, 49,152 pieces, output not tied) with random BF16 weights."""
    rng = np.random.default_rng(135)
    write_model(path, "llama", bench_tokenizer(49152), rng, C=576, H=9, Hkv=3, L=30, F=1536, wtype="BF16", ctx=2048,
                std=0.02)


def fuzz_seeds(out):
    """Small GGUF inputs for tests/fuzz/fuzz_gguf (under its 64 KB inputs)."""
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(5)
    spm, bpe = spm_tokenizer(), bpe_tokenizer("llama-bpe", True, n_merges=40)
    write_model(os.path.join(out, "llama_bf16.gguf"), "llama", spm, rng, C=16, H=2, Hkv=1, L=1, F=32, ctx=32,
                wtype="BF16")
    write_model(os.path.join(out, "gpt2_f16.gguf"), "gpt2", bpe, rng, C=16, H=2, Hkv=2, L=1, F=32, ctx=16,
                wtype="F16")
    write_model(os.path.join(out, "phi3_q8_0.gguf"), "phi3", spm, rng, C=32, H=2, Hkv=2, L=1, F=32, ctx=16,
                wtype="Q8_0")
    w = GgufWriter(os.path.join(out, "blocks.gguf"))
    w.add("general.architecture", STRING, "blocks")
    for t in ("F16", "BF16", "Q8_0", "Q4_0", "Q4_1", "Q5_0", "Q5_1", "Q4_K", "Q5_K", "Q6_K"):
        w.tensor("blocks." + t, (256, 1), t, random_blocks(rng, t, 1, 256, 0.1))
    w.write()


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--big":
        big_model(sys.argv[2])
        return
    if len(sys.argv) == 3 and sys.argv[1] == "--smol-bf16":
        smol_bf16_model(sys.argv[2])
        return
    if len(sys.argv) == 3 and sys.argv[1] == "--fuzz-seeds":
        fuzz_seeds(sys.argv[2])
        return
    out = sys.argv[1] if len(sys.argv) > 1 else OUT
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(2026)
    blocks_file(os.path.join(out, "blocks.gguf"), rng)
    spm = spm_tokenizer()
    llama3 = bpe_tokenizer("llama-bpe", True)
    qwen = bpe_tokenizer("qwen2", False)
    gpt2 = bpe_tokenizer("gpt-2", False)
    models = {}
    small = dict(C=64, H=4, L=2, F=128)
    models["llama"] = write_model(os.path.join(out, "llama.gguf"), "llama", spm, rng, Hkv=2, **small)
    models["llama3"] = write_model(os.path.join(out, "llama3.gguf"), "llama", llama3, rng, Hkv=2, tied=True, **small)
    models["qwen2"] = write_model(os.path.join(out, "qwen2.gguf"), "qwen2", qwen, rng, Hkv=2, tied=True, qkv_bias=True,
                                  **small)
    models["qwen3"] = write_model(os.path.join(out, "qwen3.gguf"), "qwen3", qwen, rng, Hkv=2, head_dim=32, qk_norm=True,
                                  **small)
    models["gpt2"] = write_model(os.path.join(out, "gpt2.gguf"), "gpt2", gpt2, rng, Hkv=4, **small)
    models["gptneox"] = write_model(os.path.join(out, "gptneox.gguf"), "gptneox", gpt2, rng, Hkv=4, rope_dims=8,
                                    **small)
    # llama.cpp's phi3 looks up its chat tokens by name: they take the place
    # of the last characters (the vocabulary keeps its size).
    phi3_tok = json.loads(json.dumps(spm))
    for k, special in enumerate(["<|endoftext|>", "<|end|>", "<|user|>", "<|assistant|>", "<|system|>",
                                 "<|placeholder1|>"]):
        phi3_tok["tokens"][-1 - k] = special
        phi3_tok["types"][-1 - k] = 3
    phi3_tok["eos"] = len(phi3_tok["tokens"]) - 1
    models["phi3"] = write_model(os.path.join(out, "phi3.gguf"), "phi3", phi3_tok, rng, Hkv=4, **small)
    models["gemma2"] = write_model(os.path.join(out, "gemma2.gguf"), "gemma2", spm, rng, Hkv=2, tied=True,
                                   head_dim=32, **small)
    for t in ("F16", "BF16", "Q8_0", "Q4_0", "Q4_1", "Q5_0", "Q5_1", "Q4_K", "Q5_K", "Q6_K"):
        name = "llama_" + t.lower()
        models[name] = write_model(os.path.join(out, name + ".gguf"), "llama", spm, rng, C=256, H=4, Hkv=2, L=2,
                                   F=256, wtype=t, std=0.06)
    with open(os.path.join(out, "models.json"), "w") as f:
        json.dump({"models": sorted(models), "tokenizers": {"spm": "llama.gguf", "llama-bpe": "llama3.gguf",
                                                            "qwen2": "qwen2.gguf", "gpt-2": "gpt2.gguf"}}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
