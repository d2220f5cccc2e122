#!/usr/bin/python3
"""Golden fixtures for the architecture table: Llama, Mistral, Qwen2, Qwen3 and
GPT-NeoX written in plain PyTorch the way Hugging Face's modelling code computes
them (no transformers library needed), with small random weights, saved as
Hugging Face folders. tests/tst_architectures.cpp opens each folder and must
match the attention weights and logits within 1e-4.

Run from the repository root with Debian's python3-torch:
    /usr/bin/python3 tests/scripts/make_arch_golden.py

Each case writes tests/fixtures/arch/<case>/:
  config.json                     as transformers writes it for that model_type
  model.safetensors               HF tensor names (or, for the sharded case,
                                  model.safetensors.index.json + two shards)
  reference.safetensors           tokens (I32, T), attn.<l> (H, T, T) softmax
                                  weights of every layer, logits (T, V)
Weights are stored as F32, F16 or BF16; the reference is computed from the
stored (rounded) values, so a loader that converts them exactly matches it.
"""
import json
import math
import os
import shutil
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import st_io  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "arch")
T = 20

# ---------------------------------------------------------------- the models


def rms_norm(x, w, eps):
    # LlamaRMSNorm: in float32, the weight applied last.
    x = x.float()
    var = x.pow(2).mean(-1, keepdim=True)
    return w * (x * torch.rsqrt(var + eps))


def layer_norm(x, w, b, eps):
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), w, b, eps)


def inv_freq(cfg, dim):
    base = cfg.get("rope_theta", cfg.get("rotary_emb_base", 10000.0))
    f = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
    scaling = cfg.get("rope_scaling") or {}
    kind = scaling.get("rope_type", scaling.get("type", "default"))
    if kind == "linear":
        f = f / scaling["factor"]
    elif kind == "llama3":  # _compute_llama3_parameters
        factor = scaling["factor"]
        low, high = scaling["low_freq_factor"], scaling["high_freq_factor"]
        old = scaling["original_max_position_embeddings"]
        low_wavelen, high_wavelen = old / low, old / high
        wavelen = 2 * math.pi / f
        f_llama = torch.where(wavelen > low_wavelen, f / factor, f)
        smooth = (old / wavelen - low) / (high - low)
        smoothed = (1 - smooth) * f_llama / factor + smooth * f_llama
        medium = ~(wavelen < high_wavelen) * ~(wavelen > low_wavelen)
        f = torch.where(medium, smoothed, f_llama)
    return f


def rotate_half(x):
    x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


def apply_rope(x, cfg, rot):
    # x (H, T, hd); rotate-half RoPE on the first `rot` dims.
    pos = torch.arange(x.shape[1]).float()
    freqs = pos[:, None] @ inv_freq(cfg, rot)[None, :]
    emb = torch.cat((freqs, freqs), dim=-1)
    cos, sin = emb.cos(), emb.sin()
    xr, xp = x[..., :rot], x[..., rot:]
    return torch.cat((xr * cos + rotate_half(xr) * sin, xp), dim=-1)


def repeat_kv(x, n_rep):
    # (Hkv, T, hd) -> (Hkv * n_rep, T, hd), each kv head next to its copies.
    h, t, d = x.shape
    return x[:, None, :, :].expand(h, n_rep, t, d).reshape(h * n_rep, t, d)


def attention(q, k, v, window):
    # q (H, T, hd), k and v (H, T, hd) -> weights (H, T, T), out (T, H * hd)
    hd = q.shape[-1]
    scores = (q @ k.transpose(-1, -2)) * hd ** -0.5
    i = torch.arange(q.shape[1])[:, None]
    j = torch.arange(q.shape[1])[None, :]
    masked = j > i
    if window:
        masked = masked | (j <= i - window)
    scores = scores.masked_fill(masked, float("-inf"))
    w = torch.softmax(scores.float(), dim=-1)
    out = (w @ v).transpose(0, 1).reshape(q.shape[1], -1)
    return w, out


def lin(p, name, x):
    y = x @ p[name + ".weight"].T
    return y + p[name + ".bias"] if name + ".bias" in p else y


def llama_forward(cfg, p, ids):
    H, Hkv = cfg["num_attention_heads"], cfg.get("num_key_value_heads", cfg["num_attention_heads"])
    C = cfg["hidden_size"]
    hd = cfg.get("head_dim") or C // H
    eps = cfg["rms_norm_eps"]
    x = p["model.embed_tokens.weight"][ids]
    weights = []
    for layer in range(cfg["num_hidden_layers"]):
        a = f"model.layers.{layer}."
        h = rms_norm(x, p[a + "input_layernorm.weight"], eps)
        q = lin(p, a + "self_attn.q_proj", h).view(len(ids), H, hd)
        k = lin(p, a + "self_attn.k_proj", h).view(len(ids), Hkv, hd)
        v = lin(p, a + "self_attn.v_proj", h).view(len(ids), Hkv, hd)
        if cfg["model_type"] == "qwen3":  # per-head RMSNorm before RoPE
            q = rms_norm(q, p[a + "self_attn.q_norm.weight"], eps)
            k = rms_norm(k, p[a + "self_attn.k_norm.weight"], eps)
        q, k, v = q.transpose(0, 1), k.transpose(0, 1), v.transpose(0, 1)
        q, k = apply_rope(q, cfg, hd), apply_rope(k, cfg, hd)
        k, v = repeat_kv(k, H // Hkv), repeat_kv(v, H // Hkv)
        w, o = attention(q, k, v, cfg.get("sliding_window") if cfg["model_type"] == "mistral" else None)
        weights.append(w)
        x = x + lin(p, a + "self_attn.o_proj", o)
        h = rms_norm(x, p[a + "post_attention_layernorm.weight"], eps)
        gate = lin(p, a + "mlp.gate_proj", h)
        x = x + lin(p, a + "mlp.down_proj", torch.nn.functional.silu(gate) * lin(p, a + "mlp.up_proj", h))
    x = rms_norm(x, p["model.norm.weight"], eps)
    head = p["model.embed_tokens.weight"] if cfg["tie_word_embeddings"] else p["lm_head.weight"]
    return weights, x @ head.T


def neox_forward(cfg, p, ids):
    H, C = cfg["num_attention_heads"], cfg["hidden_size"]
    hd = C // H
    rot = int(hd * cfg["rotary_pct"])
    eps = cfg["layer_norm_eps"]
    x = p["gpt_neox.embed_in.weight"][ids]
    weights = []
    for layer in range(cfg["num_hidden_layers"]):
        a = f"gpt_neox.layers.{layer}."
        h = layer_norm(x, p[a + "input_layernorm.weight"], p[a + "input_layernorm.bias"], eps)
        # query_key_value: per head [q, k, v] interleaved, view (T, H, 3 * hd).
        qkv = lin(p, a + "attention.query_key_value", h).view(len(ids), H, 3 * hd).transpose(0, 1)
        q, k, v = qkv[..., :hd], qkv[..., hd:2 * hd], qkv[..., 2 * hd:]
        q, k = apply_rope(q, cfg, rot), apply_rope(k, cfg, rot)
        w, o = attention(q, k, v, None)
        weights.append(w)
        attn = lin(p, a + "attention.dense", o)

        def mlp(y):
            return lin(p, a + "mlp.dense_4h_to_h", torch.nn.functional.gelu(lin(p, a + "mlp.dense_h_to_4h", y)))
        ln2 = (a + "post_attention_layernorm.weight", a + "post_attention_layernorm.bias")
        if cfg["use_parallel_residual"]:
            x = mlp(layer_norm(x, p[ln2[0]], p[ln2[1]], eps)) + attn + x
        else:
            x = x + attn
            x = x + mlp(layer_norm(x, p[ln2[0]], p[ln2[1]], eps))
    x = layer_norm(x, p["gpt_neox.final_layer_norm.weight"], p["gpt_neox.final_layer_norm.bias"], eps)
    return weights, x @ p["embed_out.weight"].T

# ------------------------------------------------------------- the weights


def llama_params(cfg, g):
    C, H, V = cfg["hidden_size"], cfg["num_attention_heads"], cfg["vocab_size"]
    Hkv, F = cfg.get("num_key_value_heads", H), cfg["intermediate_size"]
    hd = cfg.get("head_dim") or C // H
    bias = cfg["model_type"] == "qwen2"

    def rnd(*shape, scale):
        return torch.randn(*shape, generator=g) * scale
    p = {"model.embed_tokens.weight": rnd(V, C, scale=1.0), "model.norm.weight": 1 + rnd(C, scale=0.1)}
    for layer in range(cfg["num_hidden_layers"]):
        a = f"model.layers.{layer}."
        for name, rows in (("q_proj", H * hd), ("k_proj", Hkv * hd), ("v_proj", Hkv * hd)):
            p[a + "self_attn." + name + ".weight"] = rnd(rows, C, scale=C ** -0.5)
            if bias:
                p[a + "self_attn." + name + ".bias"] = rnd(rows, scale=0.2)
        if cfg["model_type"] == "qwen3":
            p[a + "self_attn.q_norm.weight"] = 1 + rnd(hd, scale=0.1)
            p[a + "self_attn.k_norm.weight"] = 1 + rnd(hd, scale=0.1)
        p[a + "self_attn.o_proj.weight"] = rnd(C, H * hd, scale=(H * hd) ** -0.5)
        p[a + "input_layernorm.weight"] = 1 + rnd(C, scale=0.1)
        p[a + "post_attention_layernorm.weight"] = 1 + rnd(C, scale=0.1)
        p[a + "mlp.gate_proj.weight"] = rnd(F, C, scale=C ** -0.5)
        p[a + "mlp.up_proj.weight"] = rnd(F, C, scale=C ** -0.5)
        p[a + "mlp.down_proj.weight"] = rnd(C, F, scale=F ** -0.5)
    if not cfg["tie_word_embeddings"]:
        p["lm_head.weight"] = rnd(V, C, scale=C ** -0.5)
    return p


def neox_params(cfg, g):
    C, V, F = cfg["hidden_size"], cfg["vocab_size"], cfg["intermediate_size"]

    def rnd(*shape, scale):
        return torch.randn(*shape, generator=g) * scale
    p = {"gpt_neox.embed_in.weight": rnd(V, C, scale=1.0), "embed_out.weight": rnd(V, C, scale=C ** -0.5),
         "gpt_neox.final_layer_norm.weight": 1 + rnd(C, scale=0.1),
         "gpt_neox.final_layer_norm.bias": rnd(C, scale=0.1)}
    for layer in range(cfg["num_hidden_layers"]):
        a = f"gpt_neox.layers.{layer}."
        for ln in ("input_layernorm", "post_attention_layernorm"):
            p[a + ln + ".weight"] = 1 + rnd(C, scale=0.1)
            p[a + ln + ".bias"] = rnd(C, scale=0.1)
        for name, out, inp in (("attention.query_key_value", 3 * C, C), ("attention.dense", C, C),
                               ("mlp.dense_h_to_4h", F, C), ("mlp.dense_4h_to_h", C, F)):
            p[a + name + ".weight"] = rnd(out, inp, scale=inp ** -0.5)
            p[a + name + ".bias"] = rnd(out, scale=0.1)
    return p

# --------------------------------------------------------------- the cases


def base(model_type, **extra):
    cfg = {"model_type": model_type, "vocab_size": 96, "hidden_size": 32, "num_attention_heads": 4,
           "num_key_value_heads": 2, "num_hidden_layers": 2, "intermediate_size": 48,
           "max_position_embeddings": 64, "rms_norm_eps": 1e-6, "rope_theta": 10000.0,
           "hidden_act": "silu", "tie_word_embeddings": False, "torch_dtype": "float32"}
    cfg.update(extra)
    return cfg


# name: (config, dtype of the stored weights, shards)
CASES = {
    # GQA 4:2, untied, Llama 3.1 rope_scaling (wavelengths on both sides of the band), two shards
    "llama": (base("llama", architectures=["LlamaForCausalLM"], rope_theta=500000.0,
                   rope_scaling={"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
                                 "high_freq_factor": 4.0, "original_max_position_embeddings": 16}),
              "F32", 2),
    # sliding window of 6 keys over 20 tokens
    "mistral": (base("mistral", architectures=["MistralForCausalLM"], sliding_window=6,
                     rope_theta=1000000.0, rms_norm_eps=1e-5), "F16", 1),
    # q/k/v biases, tied embeddings, BF16 weights
    "qwen2": (base("qwen2", architectures=["Qwen2ForCausalLM"], tie_word_embeddings=True,
                   use_sliding_window=False, sliding_window=4096, torch_dtype="bfloat16"), "BF16", 1),
    # explicit head_dim (H * hd = 64 != C = 32), q/k RMSNorm, linear rope scaling, tied
    "qwen3": (base("qwen3", architectures=["Qwen3ForCausalLM"], head_dim=16, tie_word_embeddings=True,
                   rope_scaling={"type": "linear", "factor": 2.0}, attention_bias=False), "F16", 1),
    # Pythia: fused interleaved qkv, partial rotary, parallel residual, LayerNorm with biases, GELU
    "gpt_neox": ({"model_type": "gpt_neox", "architectures": ["GPTNeoXForCausalLM"], "vocab_size": 96,
                  "hidden_size": 32, "num_attention_heads": 4, "num_hidden_layers": 2,
                  "intermediate_size": 64, "max_position_embeddings": 64, "layer_norm_eps": 1e-5,
                  "rotary_pct": 0.5, "rotary_emb_base": 10000, "hidden_act": "gelu",
                  "use_parallel_residual": True, "tie_word_embeddings": False}, "F16", 1),
    # the same without the parallel residual, one layer
    "gpt_neox_sequential": ({"model_type": "gpt_neox", "vocab_size": 96, "hidden_size": 32,
                             "num_attention_heads": 2, "num_hidden_layers": 1, "intermediate_size": 64,
                             "max_position_embeddings": 64, "layer_norm_eps": 1e-5, "rotary_pct": 0.25,
                             "rotary_emb_base": 10000, "hidden_act": "gelu",
                             "use_parallel_residual": False, "tie_word_embeddings": False}, "F16", 1),
}


def rounded(p, dtype):
    # The values the stored file holds, back in float32.
    if dtype == "F16":
        return {k: v.half().float() for k, v in p.items()}
    if dtype == "BF16":
        return {k: v.bfloat16().float() for k, v in p.items()}
    return p


def save_weights(folder, p, dtype, shards):
    arrays = {k: (v.half().numpy() if dtype == "F16" else v.numpy()) for k, v in p.items()}
    bf16 = set(arrays) if dtype == "BF16" else ()
    if shards == 1:
        st_io.save(os.path.join(folder, "model.safetensors"), arrays, {"format": "pt"}, bf16=bf16)
        return
    names = sorted(arrays)
    weight_map = {}
    for s in range(shards):
        fname = f"model-{s + 1:05d}-of-{shards:05d}.safetensors"
        part = {n: arrays[n] for n in names[s::shards]}
        st_io.save(os.path.join(folder, fname), part, {"format": "pt"}, bf16=bf16)
        weight_map.update({n: fname for n in part})
    total = sum(a.nbytes for a in arrays.values())
    with open(os.path.join(folder, "model.safetensors.index.json"), "w") as f:
        json.dump({"metadata": {"total_size": total}, "weight_map": weight_map}, f, indent=2)


def main():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    for seed, (name, (cfg, dtype, shards)) in enumerate(CASES.items()):
        g = torch.Generator().manual_seed(1000 + seed)
        neox = cfg["model_type"] == "gpt_neox"
        p = rounded(neox_params(cfg, g) if neox else llama_params(cfg, g), dtype)
        ids = torch.randint(0, cfg["vocab_size"], (T,), generator=g)
        with torch.no_grad():
            weights, logits = (neox_forward if neox else llama_forward)(cfg, p, ids)
        folder = os.path.join(OUT, name)
        os.makedirs(folder)
        with open(os.path.join(folder, "config.json"), "w") as f:
            json.dump(cfg, f, indent=2)
        save_weights(folder, p, dtype, shards)
        ref = {"tokens": ids.numpy().astype(np.int32), "logits": logits.numpy().astype(np.float32)}
        for layer, w in enumerate(weights):
            ref[f"attn.{layer}"] = w.numpy().astype(np.float32)
        st_io.save(os.path.join(folder, "reference.safetensors"), ref,
                   {"case": name, "stored_dtype": dtype, "torch": torch.__version__})
        print(name, dtype, "layers", len(weights), "logits", tuple(logits.shape))


if __name__ == "__main__":
    main()
