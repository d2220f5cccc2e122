#!/usr/bin/python3
"""How fast, and in how much memory, AttnScope opens a large seed checkpoint.

Writes, with PyTorch, a checkpoint as the seed repository's pretraining script
saves it (model_state_dict beside AdamW state, losses, config and the rest) for
its current default config: 24 blocks x 1024 wide x 16 heads, context 1024,
vocabulary 50,304 (about 350M parameters). Then it times, in fresh processes:

  read      reading the whole file's bytes (the page cache warm, as for the load)
  fresh     reading as many bytes as the float32 weights into fresh memory
  load      `attnscope-cli info FILE`: the model is opened, every weight converted
            into place, the bundled GPT-2 tokenizer found, and the process exits

and reports the load's peak resident memory against the float32 weights, and
its time against reading the file. A benchmark, not a test: run it on an idle
machine.

    /usr/bin/python3 tests/bench/bench_load.py build/release/app/attnscope-cli \\
        [--dir /tmp] [--no-optimizer] [--runs 3] [--keep]

Needs PyTorch (python3-torch) and GNU time (`apt-get install time`).
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
import time

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))
import seed_model  # noqa: E402

L, C, H, T, V = 24, 1024, 16, 1024, 50304


def write_checkpoint(path, optimizer):
    torch.manual_seed(0)
    m = seed_model.Transformer(n_head=H, n_embed=C, context_length=T, vocab_size=V, N_BLOCKS=L)
    sd = m.state_dict()
    n = sum(p.numel() for p in m.parameters())
    payload = {"model_state_dict": sd, "losses": [4.0, 3.5], "train_loss": 3.5, "dev_loss": 3.6,
               "step": 2, "config": {"n_embed": C, "n_head": H, "n_blocks": L, "context_length": T,
                                     "vocab_size": V, "batch_size": 8},
               "device": "cpu", "pytorch_version": torch.__version__, "cuda_version": None,
               "lr_state": {"last_lr": 3e-4}}
    if optimizer:  # AdamW moments shaped like every parameter, as after a real step
        state = {i: {"step": torch.tensor(2.0), "exp_avg": torch.zeros_like(p), "exp_avg_sq": torch.zeros_like(p)}
                 for i, p in enumerate(m.parameters())}
        payload["optimizer_state_dict"] = {"state": state, "param_groups": [
            {"lr": 3e-4, "betas": (0.9, 0.95), "eps": 1e-8, "weight_decay": 0.1,
             "params": list(range(len(state)))}]}
    torch.save(payload, path)
    del m, sd, payload
    return n


def timed(cmd):
    """Wall seconds and peak RSS (bytes) of one run of `cmd`, measured by GNU time
    (Debian's `time` package): a child forked from this large Python process
    would report Python's memory as its own peak."""
    t0 = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    dt = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed: {p.stderr}")
    return dt, int(p.stderr.strip().splitlines()[-1]) * 1024


FRESH = """
import mmap, sys, time
path, n = sys.argv[1], int(sys.argv[2])
buf = mmap.mmap(-1, n)  # fresh anonymous memory, first touched by the read
t0 = time.perf_counter()
with open(path, "rb", buffering=0) as f:
    view, done = memoryview(buf), 0
    while done < n:
        got = f.readinto(view[done:done + (256 << 20)])
        if not got:
            break
        done += got
print(time.perf_counter() - t0)
"""


def read_fresh(path, n):
    """Reading as many bytes as the float32 weights into fresh memory, in a new
    process: the floor for any loader that fills new buffers (on virtual
    machines the first touch of fresh memory costs more than the copy)."""
    out = subprocess.run([sys.executable, "-c", FRESH, path, str(n)], capture_output=True, text=True, check=True)
    return float(out.stdout)


def read_all(path):
    t0 = time.perf_counter()
    with open(path, "rb", buffering=0) as f:
        buf = bytearray(64 << 20)
        while f.readinto(buf):
            pass
    return time.perf_counter() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cli")
    ap.add_argument("--dir", default=tempfile.gettempdir())
    ap.add_argument("--no-optimizer", action="store_true")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--keep", action="store_true")
    a = ap.parse_args()
    path = os.path.join(a.dir, "attnscope_bench_seed_24x1024.pt")
    t0 = time.perf_counter()
    params = write_checkpoint(path, not a.no_optimizer)
    size = os.path.getsize(path)
    print(f"wrote {path}: {size / 1e9:.2f} GB, {params / 1e6:.1f}M parameters "
          f"({'with' if not a.no_optimizer else 'without'} AdamW state) in {time.perf_counter() - t0:.0f} s")
    try:
        weights = params * 4
        read = min(read_all(path) for _ in range(a.runs))
        fresh = min(read_fresh(path, weights) for _ in range(a.runs))
        runs = [timed([a.cli, "info", path]) for _ in range(a.runs)]
        load = min(r[0] for r in runs)
        rss = max(r[1] for r in runs)
        result = {"file_gb": round(size / 1e9, 3), "weights_f32_gb": round(weights / 1e9, 3),
                  "read_s": round(read, 3), "load_s": round(load, 3),
                  "load_vs_read": round(load / read, 2),
                  "fresh_s": round(fresh, 3), "load_vs_fresh": round(load / fresh, 2), "peak_rss_gb": round(rss / 1e9, 3),
                  "rss_vs_weights": round(rss / weights, 3)}
        print(json.dumps(result))
        print(f"load {load:.2f} s = {load / read:.2f}x reading the whole file ({read:.2f} s), "
              f"{load / fresh:.2f}x reading the weights' bytes into fresh memory ({fresh:.2f} s); "
              f"peak RSS {rss / 1e9:.2f} GB = {rss / weights:.3f}x the float32 weights ({weights / 1e9:.2f} GB)")
    finally:
        if not a.keep:
            os.remove(path)


if __name__ == "__main__":
    main()
