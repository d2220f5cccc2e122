#!/usr/bin/python3
"""PyTorch baselines for `attnscope-cli bench --torch`, measured on the same
machine in the same run.

- MultiHeadAttention at (T, C, H) = (64|256|1024, 768, 12), causal, weights
  returned per head: torch.nn.MultiheadAttention, and the seed's per-head module
  (tests/scripts/seed_model.py).
- A GPT-2-small-shaped forward (the seed classes in their GPT-2 flavour: 12
  layers, C=768, H=12, V=50257) keeping all 144 attention maps, with its peak
  memory (each T in a fresh process).

Prints one JSON object. Run it best-configured (see README "Speed"):
    env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE GLIBC_TUNABLES=glibc.malloc.hugetlb=1 \\
        /usr/bin/python3 tests/scripts/bench_torch.py [--quick]
"""
import json
import os
import resource
import subprocess
import sys
import time

import torch

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


def gpt2_child(T, threads):
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    with torch.no_grad():
        model = seed_model.Transformer(12, 768, 1024, 50257, 12, gpt2=True).eval()
        idx = torch.randint(0, 50257, (1, T))

        def run():
            model(idx)
            # keep every head's map alive, as a visualiser must
            return [h.last_weights for blk in model.attn_blocks for h in blk.attn.heads]

        ms = best_ms(run, 3 if T >= 1024 else 5, budget_s=6.0)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    print(json.dumps({"T": T, "threads": threads, "ms": ms, "peak_mb": peak_mb}))


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        gpt2_child(int(sys.argv[2]), int(sys.argv[3]))
        return
    quick = "--quick" in sys.argv
    sizes = SIZES[:2] if quick else SIZES
    result = {"torch": torch.__version__, "mha": [], "gpt2": []}
    for threads in (1, 2):
        result["mha"] += mha(threads, SIZES)
    for T in sizes:
        for threads in (1, 2):
            line = subprocess.run([sys.executable, __file__, "--child", str(T), str(threads)],
                                  check=True, capture_output=True, text=True).stdout
            result["gpt2"].append(json.loads(line.strip().splitlines()[-1]))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
