#!/usr/bin/python3
"""Reference gradients and attributions from PyTorch autograd, for
tests/core/tst_backward.cpp and tst_attribution.cpp.

Every architecture row AttnScope runs is written here once more as a plain,
differentiable PyTorch function of AttnScope's canonical weights (the same
tensors the C++ core holds). Each case first checks that function against an
independent reference for the same file (seed_model.py's classes, or the
Hugging Face-style functions of make_arch_golden.py), so the gradients are
those of the very model the fixtures describe.

Run from the repository root with Debian's python3-torch:
    /usr/bin/python3 tests/scripts/make_attribution_golden.py

Writes tests/fixtures/attribution/<case>.safetensors with, for tokens t (T),
position P and target y (metadata: case, model path, P, y, ablate, knockout):
  value              f, the pre-softmax logit of y at P
  d_embed            (T, C) df/d token embedding rows (before positions are added)
  d_weights.<l>      (H, T, T) df/d softmax weights of layer l
  d_heads.<l>        (T, H*hs) df/d each head's weighted sum of values
  d_out.<l>          (T, C) df/d block l's output
  grad, grad_input   (T) token saliency: |g_i|_2 and sum_d g_i,d e_i,d
  ig                 (T) integrated gradients, zero baseline, IG_STEPS midpoints
  ig_delta, ig_sum   f(e) - f(0) and sum_i ig_i (completeness)
  relevance          (T) row P of R_L, R_0 = I, R_{l+1} = R_l + mean_h max(0, dA . A) R_l
  dla                (L, H) direct logit attribution of each head at P
  loss               the mean next-token loss
  patch              (L, H) sum_{i,d} dL/dz_h,i,d (0 - z_h,i,d)
  lens_prob          (L) p(y) at P after each block, through the final norm and the unembedding
  lens_top           (L) the top id there
  norms.<l>          (H, T, T) |A_ij (v_j W_O^h)|_2
"""
import json
import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_arch_golden as arch  # noqa: E402
import seed_model  # noqa: E402
import st_io  # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(ROOT, "tests", "fixtures", "attribution")
IG_STEPS = 8
torch.set_default_dtype(torch.float64)  # the reference in double: the C++ float results are compared to it

# ------------------------------------------------------------ canonical model


def canonical_from_seed(tensors, cfg):
    """AttnScope's canonical weights from a seed-named state dict (seed or gpt2 arch)."""
    t = {k: torch.tensor(np.array(v), dtype=torch.float64) for k, v in tensors.items()}
    H, L = cfg["n_head"], cfg["n_layer"]
    p = {"tok": t["token_embed.weight"], "pos": t["position_embed.weight"],
         "ln_f.w": t["layer_norm.weight"], "ln_f.b": t["layer_norm.bias"]}
    p["lm.w"] = t["token_embed.weight"] if cfg.get("tied_lm_head") else t["lm_head.weight"]
    if "lm_head.bias" in t:
        p["lm.b"] = t["lm_head.bias"]
    for l in range(L):
        a = f"attn_blocks.{l}."
        for ours, theirs in (("q", "query"), ("k", "key"), ("v", "value")):
            p[f"{l}.{ours}.w"] = torch.cat([t[f"{a}attn.heads.{h}.{theirs}.weight"] for h in range(H)])
            if f"{a}attn.heads.0.{theirs}.bias" in t:
                p[f"{l}.{ours}.b"] = torch.cat([t[f"{a}attn.heads.{h}.{theirs}.bias"] for h in range(H)])
        p[f"{l}.o.w"], p[f"{l}.o.b"] = t[a + "attn.proj.weight"], t[a + "attn.proj.bias"]
        for n in ("ln1", "ln2"):
            p[f"{l}.{n}.w"], p[f"{l}.{n}.b"] = t[f"{a}{n}.weight"], t[f"{a}{n}.bias"]
        p[f"{l}.hidden.w"], p[f"{l}.hidden.b"] = t[a + "mlp.hidden.weight"], t[a + "mlp.hidden.bias"]
        p[f"{l}.proj.w"], p[f"{l}.proj.b"] = t[a + "mlp.proj.weight"], t[a + "mlp.proj.bias"]
    shape = {"norm": "layernorm", "act": "gelu_tanh" if cfg["activation"] == "gelu_tanh" else "relu",
             "rotary": False, "gated": False, "H": H, "Hkv": H, "hs": cfg["n_embed"] // H, "L": L,
             "eps": cfg.get("ln_eps", 1e-5), "window": 0, "parallel": False, "qk_norm": False}
    return p, shape


def canonical_from_hf(folder):
    """Canonical weights from a make_arch_golden.py folder (llama family or GPT-NeoX)."""
    cfg = json.load(open(os.path.join(folder, "config.json")))
    raw = {}
    for name in sorted(os.listdir(folder)):
        if name.startswith("model") and name.endswith(".safetensors"):
            raw.update(st_io.load(os.path.join(folder, name))[0])
    t = {k: torch.tensor(np.array(v, dtype=np.float32), dtype=torch.float64) for k, v in raw.items()}
    H, L, C = cfg["num_attention_heads"], cfg["num_hidden_layers"], cfg["hidden_size"]
    p = {}
    if cfg["model_type"] == "gpt_neox":
        hd = C // H
        p.update({"tok": t["gpt_neox.embed_in.weight"], "lm.w": t["embed_out.weight"],
                  "ln_f.w": t["gpt_neox.final_layer_norm.weight"], "ln_f.b": t["gpt_neox.final_layer_norm.bias"]})
        for l in range(L):
            a = f"gpt_neox.layers.{l}."
            w = t[a + "attention.query_key_value.weight"].view(H, 3, hd, C)
            b = t[a + "attention.query_key_value.bias"].view(H, 3, hd)
            for i, n in enumerate(("q", "k", "v")):
                p[f"{l}.{n}.w"], p[f"{l}.{n}.b"] = w[:, i].reshape(H * hd, C), b[:, i].reshape(H * hd)
            p[f"{l}.o.w"], p[f"{l}.o.b"] = t[a + "attention.dense.weight"], t[a + "attention.dense.bias"]
            for ours, theirs in (("ln1", "input_layernorm"), ("ln2", "post_attention_layernorm")):
                p[f"{l}.{ours}.w"], p[f"{l}.{ours}.b"] = t[f"{a}{theirs}.weight"], t[f"{a}{theirs}.bias"]
            p[f"{l}.hidden.w"], p[f"{l}.hidden.b"] = t[a + "mlp.dense_h_to_4h.weight"], t[a + "mlp.dense_h_to_4h.bias"]
            p[f"{l}.proj.w"], p[f"{l}.proj.b"] = t[a + "mlp.dense_4h_to_h.weight"], t[a + "mlp.dense_4h_to_h.bias"]
        shape = {"norm": "layernorm", "act": "gelu_erf", "rotary": True, "rot": int(hd * cfg["rotary_pct"]),
                 "gated": False, "H": H, "Hkv": H, "hs": hd, "L": L, "eps": cfg["layer_norm_eps"], "window": 0,
                 "parallel": cfg["use_parallel_residual"], "qk_norm": False}
        return p, shape, cfg
    hd = cfg.get("head_dim") or C // H
    p.update({"tok": t["model.embed_tokens.weight"], "ln_f.w": t["model.norm.weight"],
              "lm.w": t["model.embed_tokens.weight"] if cfg["tie_word_embeddings"] else t["lm_head.weight"]})
    for l in range(L):
        a = f"model.layers.{l}."
        for n in ("q", "k", "v"):
            p[f"{l}.{n}.w"] = t[f"{a}self_attn.{n}_proj.weight"]
            if f"{a}self_attn.{n}_proj.bias" in t:
                p[f"{l}.{n}.b"] = t[f"{a}self_attn.{n}_proj.bias"]
        if cfg["model_type"] == "qwen3":
            p[f"{l}.q_norm"], p[f"{l}.k_norm"] = t[a + "self_attn.q_norm.weight"], t[a + "self_attn.k_norm.weight"]
        p[f"{l}.o.w"] = t[a + "self_attn.o_proj.weight"]
        p[f"{l}.ln1.w"], p[f"{l}.ln2.w"] = t[a + "input_layernorm.weight"], t[a + "post_attention_layernorm.weight"]
        p[f"{l}.hidden.w"], p[f"{l}.up.w"] = t[a + "mlp.gate_proj.weight"], t[a + "mlp.up_proj.weight"]
        p[f"{l}.proj.w"] = t[a + "mlp.down_proj.weight"]
    window = cfg.get("sliding_window") if cfg["model_type"] == "mistral" else 0
    shape = {"norm": "rmsnorm", "act": "silu", "rotary": True, "rot": hd, "gated": True, "H": H,
             "Hkv": cfg.get("num_key_value_heads", H), "hs": hd, "L": L, "eps": cfg["rms_norm_eps"],
             "window": window or 0, "parallel": False, "qk_norm": cfg["model_type"] == "qwen3"}
    return p, shape, cfg


def norm(s, x, w, b):
    if s["norm"] == "rmsnorm":
        return w * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + s["eps"]))
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), w, b, s["eps"])


def act(s, x):
    if s["act"] == "relu":
        return torch.relu(x)
    if s["act"] == "silu":
        return torch.nn.functional.silu(x)
    return torch.nn.functional.gelu(x, approximate="tanh" if s["act"] == "gelu_tanh" else "none")


def lin(p, name, x):
    y = x @ p[name + ".w"].T
    return y + p[name + ".b"] if name + ".b" in p else y


def forward(p, s, hf_cfg, ids, x0, ablate=(), knockout=(), keep=None):
    """x0 (T, C): block 0's input. Returns the final norm's output (T, C);
    `keep` (a dict) receives A, z, out, resid tensors (with retain_grad)."""
    T = len(ids)
    H, Hkv, hs = s["H"], s["Hkv"], s["hs"]
    x = x0
    for l in range(s["L"]):
        h = norm(s, x, p[f"{l}.ln1.w"], p.get(f"{l}.ln1.b"))
        q = lin(p, f"{l}.q", h).view(T, H, hs)
        k = lin(p, f"{l}.k", h).view(T, Hkv, hs)
        v = lin(p, f"{l}.v", h).view(T, Hkv, hs)
        if s["qk_norm"]:
            q = norm(s, q, p[f"{l}.q_norm"], None)
            k = norm(s, k, p[f"{l}.k_norm"], None)
        q, k, v = q.transpose(0, 1), k.transpose(0, 1), v.transpose(0, 1)
        if s["rotary"]:
            q, k = arch.apply_rope(q, hf_cfg, s["rot"]), arch.apply_rope(k, hf_cfg, s["rot"])
        k, v = arch.repeat_kv(k, H // Hkv), arch.repeat_kv(v, H // Hkv)
        scores = (q @ k.transpose(-1, -2)) * hs ** -0.5
        i = torch.arange(T)[:, None]
        j = torch.arange(T)[None, :]
        masked = (j > i).expand(H, T, T).clone()
        if s["window"]:
            masked |= (j <= i - s["window"])
        for (kl, kh, kq, kk) in knockout:
            if kl in (-1, l):
                for hh in (range(H) if kh == -1 else [kh]):
                    if kq == -1:
                        masked[hh, :, kk] = True
                    else:
                        masked[hh, kq, kk] = True
        A = torch.softmax(scores.masked_fill(masked, float("-inf")), dim=-1)
        z = A @ v  # (H, T, hs)
        z = torch.stack([torch.zeros_like(z[hh]) if (l, hh) in ablate else z[hh] for hh in range(H)])
        zc = z.transpose(0, 1).reshape(T, H * hs)
        if keep is not None:
            A.retain_grad()
            zc.retain_grad()
            keep[f"A.{l}"], keep[f"z.{l}"], keep[f"v.{l}"] = A, zc, v
        resid1 = x + lin(p, f"{l}.o", zc)
        n2 = norm(s, x if s["parallel"] else resid1, p[f"{l}.ln2.w"], p.get(f"{l}.ln2.b"))
        a = act(s, lin(p, f"{l}.hidden", n2))
        if s["gated"]:
            a = a * lin(p, f"{l}.up", n2)
        x = resid1 + lin(p, f"{l}.proj", a)
        if keep is not None:
            x.retain_grad()
            keep[f"out.{l}"] = x
    return norm(s, x, p["ln_f.w"], p.get("ln_f.b"))


def logits_of(p, y):
    out = y @ p["lm.w"].T
    return out + p["lm.b"] if "lm.b" in p else out


def embed_rows(p, ids):
    tok = p["tok"][ids]
    pos = p["pos"][: len(ids)] if "pos" in p else torch.zeros_like(tok)
    return tok, pos


# ------------------------------------------------------------------ methods


def compute(p, s, hf_cfg, ids, P, y, ablate=(), knockout=()):
    T, L, H, hs = len(ids), s["L"], s["H"], s["hs"]
    tok, pos = embed_rows(p, ids)
    out = {}
    # f and every gradient of it
    e = tok.clone().requires_grad_(True)
    keep = {}
    fin = forward(p, s, hf_cfg, ids, e + pos, ablate, knockout, keep)
    f = logits_of(p, fin)[P, y]
    f.backward()
    g = e.grad
    out["value"] = np.array([f.item()])
    out["d_embed"] = g
    for l in range(L):
        out[f"d_weights.{l}"] = keep[f"A.{l}"].grad if keep[f"A.{l}"].grad is not None else torch.zeros(H, T, T)
        out[f"d_heads.{l}"] = keep[f"z.{l}"].grad
        out[f"d_out.{l}"] = keep[f"out.{l}"].grad
    out["grad"] = g.norm(dim=1)
    out["grad_input"] = (g * tok).sum(dim=1)
    # integrated gradients, midpoints
    total = torch.zeros_like(tok)
    for kk in range(1, IG_STEPS + 1):
        alpha = (kk - 0.5) / IG_STEPS
        ea = (alpha * tok).clone().requires_grad_(True)
        fa = logits_of(p, forward(p, s, hf_cfg, ids, ea + pos, ablate, knockout))[P, y]
        fa.backward()
        total += ea.grad
    out["ig"] = (tok * total / IG_STEPS).sum(dim=1)
    with torch.no_grad():
        f0 = logits_of(p, forward(p, s, hf_cfg, ids, pos, ablate, knockout))[P, y]
    out["ig_delta"] = np.array([f.item() - f0.item()])
    out["ig_sum"] = np.array([out["ig"].sum().item()])
    # relevance: R_0 = I, R_{l+1} = R_l + mean_h max(0, dA * A) R_l; row P of R_L
    R = torch.eye(T)
    for l in range(L):
        Abar = (out[f"d_weights.{l}"] * keep[f"A.{l}"].detach()).clamp(min=0).mean(0)
        R = R + Abar @ R
    out["relevance"] = R[P]
    # direct logit attribution at P, against the final norm's statistics at P
    xin = keep[f"out.{L - 1}"].detach()[P]
    if s["norm"] == "rmsnorm":
        scale = torch.sqrt(xin.pow(2).mean() + s["eps"])
    else:
        scale = torch.sqrt(xin.var(unbiased=False) + s["eps"])
    wu = p["lm.w"][y]
    dla = torch.zeros(L, H)
    for l in range(L):
        z = keep[f"z.{l}"].detach()[P]
        Wo = p[f"{l}.o.w"]
        for hh in range(H):
            o = z[hh * hs:(hh + 1) * hs] @ Wo[:, hh * hs:(hh + 1) * hs].T
            if s["norm"] == "layernorm":
                o = o - o.mean()
            dla[l, hh] = ((o / scale) * p["ln_f.w"] * wu).sum()
    out["dla"] = dla
    # value-weighted norms
    for l in range(L):
        A, v, Wo = keep[f"A.{l}"].detach(), keep[f"v.{l}"].detach(), p[f"{l}.o.w"]
        n = torch.zeros(H, T, T)
        for hh in range(H):
            vo = v[hh] @ Wo[:, hh * hs:(hh + 1) * hs].T  # (T, C)
            n[hh] = A[hh] * vo.norm(dim=1)[None, :]
        out[f"norms.{l}"] = n
    # the loss, and the attribution-patching estimate from its gradient
    keep2 = {}
    x0 = (tok + pos).clone().requires_grad_(True)
    fin2 = forward(p, s, hf_cfg, ids, x0, ablate, knockout, keep2)
    logp = torch.log_softmax(logits_of(p, fin2), dim=-1)
    loss = -logp[torch.arange(T - 1), torch.tensor(ids[1:])].mean()
    loss.backward()
    out["loss"] = np.array([loss.item()])
    patch = torch.zeros(L, H)
    for l in range(L):
        z, dz = keep2[f"z.{l}"].detach(), keep2[f"z.{l}"].grad
        for hh in range(H):
            sl = slice(hh * hs, (hh + 1) * hs)
            patch[l, hh] = (dz[:, sl] * (0 - z[:, sl])).sum()
    out["patch"] = patch
    # logit lens at P after each block
    lens_prob, lens_top = torch.zeros(L), torch.zeros(L, dtype=torch.int32)
    with torch.no_grad():
        for l in range(L):
            lg = logits_of(p, norm(s, keep[f"out.{l}"].detach()[P], p["ln_f.w"], p.get("ln_f.b")))
            pr = torch.softmax(lg, dim=-1)
            lens_prob[l], lens_top[l] = pr[y], int(torch.argmax(lg))
    out["lens_prob"], out["lens_top"] = lens_prob, lens_top
    return out


# -------------------------------------------------------------------- cases


def seed_case(path, ids, ablate=(), knockout=()):
    tensors, meta = st_io.load(os.path.join(ROOT, path))
    cfg = json.loads(meta["attnscope.config"])
    p, s = canonical_from_seed(tensors, cfg)
    # the canonical function against the seed's own classes
    m = seed_model.Transformer(cfg["n_head"], cfg["n_embed"], cfg["context_length"], cfg["vocab_size"],
                               cfg["n_layer"], gpt2=cfg["arch"] == "gpt2").double()
    state = {k: torch.tensor(np.array(v), dtype=torch.float64) for k, v in tensors.items()}
    m.load_state_dict(state, strict=False)
    for (l, h) in ablate:
        m.attn_blocks[l].attn.ablate.add(h)
    tok, pos = embed_rows(p, ids)
    with torch.no_grad():
        ours = logits_of(p, forward(p, s, None, ids, tok + pos, ablate))
        theirs = m(torch.tensor([ids]))[0]
    if not knockout:
        assert torch.allclose(ours, theirs, atol=1e-9), (path, (ours - theirs).abs().max())
    return p, s, None


def hf_case(name):
    folder = os.path.join(ROOT, "tests", "fixtures", "arch", name)
    p, s, cfg = canonical_from_hf(folder)
    ref = st_io.load(os.path.join(folder, "reference.safetensors"))[0]
    ids = [int(i) for i in ref["tokens"]]
    tok, pos = embed_rows(p, ids)
    with torch.no_grad():
        ours = logits_of(p, forward(p, s, cfg, ids, tok + pos)).float().numpy()
    assert np.abs(ours - ref["logits"]).max() < 1e-4, (name, np.abs(ours - ref["logits"]).max())
    return p, s, cfg, ids, "tests/fixtures/arch/" + name


def demo_ids(text):
    meta = st_io.load(os.path.join(ROOT, "resources", "demo", "shakespeare-char.safetensors"))[1]
    vocab = json.loads(meta["attnscope.tokenizer"])["vocab"]
    return [vocab.index(c) for c in text]


def main():
    os.makedirs(OUT, exist_ok=True)
    cases = []
    text = "ROMEO:\nWhat light through yonder window breaks?\nJULIET:\nRomeo, R"
    ids = demo_ids(text)
    p, s, _ = seed_case("resources/demo/shakespeare-char.safetensors", ids)
    cases.append(("demo", p, s, None, ids, "resources/demo/shakespeare-char.safetensors", (), ()))
    g = torch.Generator().manual_seed(7)
    ids = [int(i) for i in torch.randint(0, 31, (16,), generator=g)]
    p, s, _ = seed_case("tests/fixtures/golden/gpt2_variant.model.safetensors", ids)
    cases.append(("gpt2", p, s, None, ids, "tests/fixtures/golden/gpt2_variant.model.safetensors", (), ()))
    # ablation and knockouts as set: head 1.0 ablated; 0.1 blocked from 9 to 2, every head of layer 2 from key 1
    ids = demo_ids("First Citizen:\nBefore we proceed any further, hear me")
    ablate = ((1, 0),)
    knockout = ((0, 1, 9, 2), (2, -1, -1, 1))
    p, s, _ = seed_case("resources/demo/shakespeare-char.safetensors", ids, ablate, knockout)
    cases.append(("demo_ablated", p, s, None, ids, "resources/demo/shakespeare-char.safetensors", ablate, knockout))
    for name in ("llama", "mistral", "qwen2", "qwen3", "gpt_neox", "gpt_neox_sequential"):
        p, s, cfg, ids, path = hf_case(name)
        cases.append((name, p, s, cfg, ids, path, (), ()))
    for name, p, s, cfg, ids, path, ablate, knockout in cases:
        T = len(ids)
        P = T - 2
        y = ids[P + 1]  # the default target: the actual next token
        out = compute(p, s, cfg, ids, P, y, ablate, knockout)
        arrays = {"tokens": np.array(ids, dtype=np.int32)}
        for k, v in out.items():
            a = v.detach().numpy() if hasattr(v, "detach") else np.asarray(v)
            arrays[k] = a.astype(np.int32) if a.dtype.kind in "iu" else a.astype(np.float32)
        meta = {"case": name, "model": path, "position": str(P), "target": str(y), "ig_steps": str(IG_STEPS),
                "ablate": json.dumps([list(a) for a in ablate]), "knockout": json.dumps([list(k) for k in knockout]),
                "torch": torch.__version__}
        st_io.save(os.path.join(OUT, name + ".safetensors"), arrays, meta)
        print(f"{name}: T={T} P={P} y={y} f={out['value'][0]:.6f} ig {out['ig_sum'][0]:.5f} "
              f"vs {out['ig_delta'][0]:.5f} loss {out['loss'][0]:.5f}")


if __name__ == "__main__":
    main()
