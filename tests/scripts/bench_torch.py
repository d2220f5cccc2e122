#!/usr/bin/python3
"""PyTorch baselines for `attnscope-cli bench --torch`, measured on the same
machine in the same run.

- MultiHeadAttention at (T, C, H) = (64|256|1024, 768, 12), causal, weights
  returned per head: torch.nn.MultiheadAttention, and the seed's per-head module
  (tests/scripts/seed_model.py).
- A GPT-2-small-shaped forward (12 layers, C=768, H=12, V=50257) keeping all
  144 attention maps, with its peak memory (each T and way in a fresh process),
  written two ways on the same weights:
  - "fast": PyTorch written the fast way, the honest peer the `vs torch`
    column divides by: one fused q/k/v product per layer, all heads in one
    batched product, the scale and the causal mask in the same baddbmm, logits
    for the last position only (what AttnScope computes). Checked against the
    seed's classes before it is timed.
  - "seed": the seed tutorial's classes in their GPT-2 flavour, as users write
    them (a module per head, logits for every position).

- `--saliency T THREADS`: the fast GPT-2's forward, and its forward and
  backward of one logit with respect to the token embeddings with every
  attention map's gradient kept, for `attnscope-cli bench --attribution --torch`.

- `--generate MODEL IDS N THREADS`: a greedy loop with a KV cache, written
  the fast way, on the seed- or GPT-2-row model that `attnscope-cli bench
  --generate --torch` wrote to MODEL, from the prompt IDS (comma-separated)
  for N tokens: {"ids", "tokens_per_s"}.

Prints one JSON object. Run it best-configured (see README "Speed"):
    env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE GLIBC_TUNABLES=glibc.malloc.hugetlb=1 \\
        /usr/bin/python3 tests/scripts/bench_torch.py [--quick]
"""
import ctypes
import gc
import json
import math
import os
import resource
import subprocess
import sys
import time

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import seed_model  # noqa: E402

SIZES = (64, 256, 1024)


def best_ms(fn, reps, budget_s=4.0):
    fn()
    best, spent = float("inf"), 0.0
    for i in range(reps):
        t0 = time.perf_counter()
        fn()
        dt = time.perf_counter() - t0
        best = min(best, dt)
        spent += dt
        if spent > budget_s and i > 0:
            break
    return best * 1e3


def mha(threads, sizes):
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    out = []
    C, H = 768, 12
    with torch.no_grad():
        nn_mha = torch.nn.MultiheadAttention(C, H, batch_first=True).eval()
        seed = seed_model.MultiHeadAttention(H, C, 1024).eval()
        for T in sizes:
            x = torch.randn(1, T, C)
            mask = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
            a = best_ms(lambda: nn_mha(x, x, x, attn_mask=mask, need_weights=True, average_attn_weights=False), 20)
            b = best_ms(lambda: seed(x), 20)
            out.append({"T": T, "threads": threads, "nn_multihead_ms": a, "seed_mha_ms": b})
    return out


def reset_peak():
    """Starts the process's peak resident size (VmHWM) again from now (Linux)."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pass


def peak_rss_mb():
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


class FastGPT2:
    """The seed model's GPT-2 flavour as a fast PyTorch program: the same
    weights, fused and batched, returning the last position's logits and
    every layer's (H, T, T) attention weights."""

    def __init__(self, seed):
        def cat(blk, part, what):
            return torch.cat([getattr(getattr(h, part), what) for h in blk.attn.heads])

        self.wte = seed.token_embed.weight
        self.wpe = seed.position_embed.weight
        self.blocks = []
        for blk in seed.attn_blocks:
            self.blocks.append({
                "ln1": blk.ln1, "ln2": blk.ln2, "proj": blk.attn.proj,
                "hidden": blk.mlp.hidden, "out": blk.mlp.proj,
                "w_qkv": torch.cat([cat(blk, p, "weight") for p in ("query", "key", "value")]).contiguous(),
                "b_qkv": torch.cat([cat(blk, p, "bias") for p in ("query", "key", "value")]).contiguous(),
            })
        self.ln_f = seed.layer_norm
        self.n_head = len(seed.attn_blocks[0].attn.heads)

    def __call__(self, idx, tok=None):
        T = idx.shape[1]
        C = self.wte.shape[1]
        H = self.n_head
        hs = C // H
        x = (F.embedding(idx[0], self.wte) if tok is None else tok) + self.wpe[:T]
        mask = torch.full((T, T), float("-inf")).triu_(1).expand(H, T, T)
        maps = []
        for b in self.blocks:
            h = F.layer_norm(x, (C,), b["ln1"].weight, b["ln1"].bias, b["ln1"].eps)
            q, k, v = F.linear(h, b["w_qkv"], b["b_qkv"]).view(T, 3, H, hs).permute(1, 2, 0, 3)
            w = torch.softmax(torch.baddbmm(mask, q, k.transpose(1, 2), alpha=1.0 / math.sqrt(hs)), dim=-1)
            maps.append(w)
            x = x + F.linear(torch.bmm(w, v).transpose(0, 1).reshape(T, C), b["proj"].weight, b["proj"].bias)
            h = F.layer_norm(x, (C,), b["ln2"].weight, b["ln2"].bias, b["ln2"].eps)
            h = F.gelu(F.linear(h, b["hidden"].weight, b["hidden"].bias), approximate="tanh")
            x = x + F.linear(h, b["out"].weight, b["out"].bias)
        last = F.layer_norm(x[-1:], (C,), self.ln_f.weight, self.ln_f.bias, self.ln_f.eps)
        return F.linear(last, self.wte), maps


def gpt2_child(T, threads, way):
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    with torch.no_grad():
        model = seed_model.Transformer(12, 768, 1024, 50257, 12, gpt2=True).eval()
        idx = torch.randint(0, 50257, (1, T))
        if way == "fast":
            fast = FastGPT2(model)
            # The same model: its logits and maps are the seed classes' own.
            logits, maps = fast(idx[:, :min(T, 64)])
            ref = model(idx[:, :min(T, 64)])
            assert torch.allclose(logits[0], ref[0, -1], atol=1e-3, rtol=1e-3), "fast GPT-2 logits differ"
            head = model.attn_blocks[11].attn.heads[5].last_weights[0]
            assert torch.allclose(maps[11][5], head, atol=1e-5), "fast GPT-2 attention differs"
            # Only the fast program's own tensors stay (the seed's per-head
            # weights and 144 mask buffers go), and its peak starts here.
            del logits, maps, ref, head, model
            gc.collect()
            try:
                ctypes.CDLL("libc.so.6").malloc_trim(0)  # give the freed pages back first
            except OSError:
                pass
            reset_peak()

            def run():
                return fast(idx)  # the logits row and every head's map, kept
        else:
            def run():
                model(idx)
                # keep every head's map alive, as a visualiser must
                return [h.last_weights for blk in model.attn_blocks for h in blk.attn.heads]

        ms = best_ms(run, 3 if T >= 1024 else 5, budget_s=6.0)
    peak_mb = peak_rss_mb()
    print(json.dumps({"T": T, "threads": threads, "way": way, "ms": ms, "peak_mb": peak_mb}))


def saliency(T, threads):
    """Forward, and forward + backward of the last position's top logit with
    respect to the token embedding rows, every map's gradient kept."""
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    model = seed_model.Transformer(12, 768, 1024, 50257, 12, gpt2=True).eval()
    for p in model.parameters():
        p.requires_grad_(False)
    fast = FastGPT2(model)
    idx = torch.randint(0, 50257, (1, T))

    def forward():
        with torch.no_grad():
            return fast(idx)

    def forward_backward():
        tok = F.embedding(idx[0], fast.wte).clone().requires_grad_(True)
        logits, maps = fast(idx, tok)
        for m in maps:
            m.retain_grad()
        logits[0, int(logits[0].argmax())].backward()
        return tok.grad, [m.grad for m in maps]

    fwd = best_ms(forward, 5, budget_s=6.0)
    both = best_ms(forward_backward, 5, budget_s=6.0)
    print(json.dumps({"T": T, "threads": threads, "forward_ms": fwd, "saliency_ms": both,
                      "torch": torch.__version__}))


def kv_greedy(path, prompt, n, threads):
    """Greedy generation with a KV cache: the prompt in one pass filling
    each layer's keys and values, then one row per token."""
    import numpy as np
    import st_io
    torch.set_num_threads(threads)
    tensors, meta = st_io.load(path)
    cfg = json.loads(meta["attnscope.config"])
    gpt2 = cfg["arch"] == "gpt2"
    model = seed_model.Transformer(cfg["n_head"], cfg["n_embed"], cfg["context_length"], cfg["vocab_size"],
                                   cfg["n_layer"], gpt2=gpt2).eval()
    model.load_state_dict({k: torch.tensor(np.array(v)) for k, v in tensors.items()}, strict=False)
    C, H = cfg["n_embed"], cfg["n_head"]
    hs = C // H
    blocks = []
    for blk in model.attn_blocks:
        def cat(part, what):
            ws = [getattr(getattr(h, part), what) for h in blk.attn.heads]
            return None if ws[0] is None else torch.cat(ws)
        w = torch.cat([cat(p, "weight") for p in ("query", "key", "value")]).contiguous()
        b = torch.cat([cat(p, "bias") for p in ("query", "key", "value")]) if gpt2 else None
        blocks.append((blk, w, b))
    act = (lambda x: F.gelu(x, approximate="tanh")) if gpt2 else F.relu
    head_w = model.lm_head.weight
    head_b = model.lm_head.bias

    def forward(ids, start, cache):
        T = len(ids)
        x = model.token_embed.weight[ids] + model.position_embed.weight[start:start + T]
        for i, (blk, w, b) in enumerate(blocks):
            h = F.layer_norm(x, (C,), blk.ln1.weight, blk.ln1.bias, 1e-5)
            q, k, v = F.linear(h, w, b).view(T, 3, H, hs).permute(1, 2, 0, 3)
            if cache[i] is not None:
                k = torch.cat([cache[i][0], k], dim=1)
                v = torch.cat([cache[i][1], v], dim=1)
            cache[i] = (k, v)
            mask = torch.full((T, start + T), float("-inf")).triu_(start + 1)
            att = torch.softmax(torch.baddbmm(mask.expand(H, T, start + T), q, k.transpose(1, 2),
                                              alpha=1.0 / math.sqrt(hs)), dim=-1)
            x = x + F.linear(torch.bmm(att, v).transpose(0, 1).reshape(T, C), blk.attn.proj.weight, blk.attn.proj.bias)
            h = F.layer_norm(x, (C,), blk.ln2.weight, blk.ln2.bias, 1e-5)
            x = x + F.linear(act(F.linear(h, blk.mlp.hidden.weight, blk.mlp.hidden.bias)),
                             blk.mlp.proj.weight, blk.mlp.proj.bias)
        last = F.layer_norm(x[-1:], (C,), model.layer_norm.weight, model.layer_norm.bias, 1e-5)
        return F.linear(last, head_w, head_b)[0]

    def run():
        cache = [None] * len(blocks)
        with torch.no_grad():
            logits = forward(torch.tensor(prompt), 0, cache)
            out = []
            t0 = time.perf_counter()
            for step in range(n):
                nxt = int(torch.argmax(logits))
                out.append(nxt)
                if step + 1 < n:
                    logits = forward(torch.tensor([nxt]), len(prompt) + step, cache)
            return out, time.perf_counter() - t0
    run()  # warm-up
    ids, seconds = min((run() for _ in range(2)), key=lambda r: r[1])
    print(json.dumps({"ids": ids, "tokens_per_s": n / seconds, "torch": torch.__version__}))


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--generate":
        kv_greedy(sys.argv[2], [int(i) for i in sys.argv[3].split(",")], int(sys.argv[4]), int(sys.argv[5]))
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--saliency":
        saliency(int(sys.argv[2]), int(sys.argv[3]))
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        gpt2_child(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
        return
    quick = "--quick" in sys.argv
    sizes = SIZES[:2] if quick else SIZES
    result = {"torch": torch.__version__, "mha": [], "gpt2": []}
    for threads in (1, 2):
        result["mha"] += mha(threads, SIZES)
    for T in sizes:
        for threads in (1, 2):
            for way in ("fast", "seed"):
                line = subprocess.run([sys.executable, __file__, "--child", str(T), str(threads), way],
                                      check=True, capture_output=True, text=True).stdout
                result["gpt2"].append(json.loads(line.strip().splitlines()[-1]))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
