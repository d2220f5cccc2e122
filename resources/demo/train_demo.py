#!/usr/bin/env python3
"""Train AttnScope's bundled demo model: a small character-level seed
transformer on Tiny Shakespeare.

The architecture is the seed tutorial's (tests/scripts/seed_model.py, described
in shared/docs/SEED.md) with gpt2=False: 4 blocks, 4 heads, 128-wide embeddings,
a 256-character context and one token per distinct character of the data file.
The result is written as float32 safetensors together with the config, the
character vocabulary and a record of how it was trained, so that AttnScope can
open it without any other file.

Run from the repository root (any cwd works; default paths are resolved
against this script's location):

    python3 resources/demo/train_demo.py

On an otherwise idle 2-core CPU (two torch threads) a step takes about 0.3 s,
so the default 3000 steps take about 16 minutes; on a busy machine it can take
many times longer.
"""
import argparse
import hashlib
import math
import os
import shlex
import sys
import time

import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(REPO, "tests", "scripts"))

import seed_model  # noqa: E402
import st_io  # noqa: E402

# Model shape. The context length is also the training block size.
N_LAYER, N_HEAD, N_EMBED, CONTEXT = 4, 4, 128, 256

DEFAULT_DATA = os.path.join(REPO, "..", "shared", "data", "tinyshakespeare.txt")
DEFAULT_OUT = os.path.join(HERE, "shakespeare-char.safetensors")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--steps", type=int, default=3000, help="optimizer steps")
    p.add_argument("--batch-size", type=int, default=16, help="sequences per step")
    p.add_argument("--lr", type=float, default=2e-3, help="peak learning rate")
    p.add_argument("--warmup", type=int, default=200, help="linear warm-up steps")
    p.add_argument("--seed", type=int, default=1337, help="seed for init and batches")
    p.add_argument("--threads", type=int, default=2, help="torch CPU threads")
    p.add_argument("--eval-batches", type=int, default=50,
                   help="random batches used for the final loss estimates")
    p.add_argument("--data", default=DEFAULT_DATA, help="training text (UTF-8)")
    p.add_argument("--out", default=DEFAULT_OUT, help="output .safetensors file")
    return p.parse_args()


def lr_at(step, args):
    """Linear warm-up to the peak, then a cosine down to a tenth of it."""
    if step < args.warmup:
        return args.lr * (step + 1) / args.warmup
    progress = (step - args.warmup) / max(1, args.steps - args.warmup)
    floor = args.lr / 10
    return floor + 0.5 * (args.lr - floor) * (1 + math.cos(math.pi * min(1.0, progress)))


def random_batch(data, batch_size, gen):
    """batch_size random windows of CONTEXT characters, and the same windows
    shifted by one character as targets."""
    starts = torch.randint(len(data) - CONTEXT - 1, (batch_size,), generator=gen)
    x = torch.stack([data[s:s + CONTEXT] for s in starts.tolist()])
    y = torch.stack([data[s + 1:s + 1 + CONTEXT] for s in starts.tolist()])
    return x, y


@torch.no_grad()
def estimate_loss(model, data, batches, batch_size, seed):
    """Mean cross-entropy over a fixed set of random batches (same windows on
    every call with the same seed)."""
    model.eval()
    gen = torch.Generator().manual_seed(seed)
    total = 0.0
    for _ in range(batches):
        x, y = random_batch(data, batch_size, gen)
        logits = model(x)
        total += F.cross_entropy(logits.view(-1, logits.shape[-1]), y.view(-1)).item()
    model.train()
    return total / batches


def main():
    args = parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)

    with open(args.data, "rb") as f:
        raw = f.read()
    data_sha256 = hashlib.sha256(raw).hexdigest()
    text = raw.decode("utf-8")

    # Vocabulary: every distinct character of the whole file, sorted; a
    # character's id is its index in this list.
    vocab = sorted(set(text))
    stoi = {ch: i for i, ch in enumerate(vocab)}
    ids = torch.tensor([stoi[ch] for ch in text], dtype=torch.long)
    split = int(0.9 * len(ids))
    train_ids, val_ids = ids[:split], ids[split:]
    print(f"data: {len(text)} chars, vocab {len(vocab)}, "
          f"train {len(train_ids)}, val {len(val_ids)}", flush=True)

    model = seed_model.Transformer(N_HEAD, N_EMBED, CONTEXT, len(vocab), N_LAYER, gpt2=False)
    n_params = sum(p.numel() for p in model.parameters())
    print(f"model: {N_LAYER} layers, {N_HEAD} heads, {N_EMBED} wide, "
          f"context {CONTEXT}, {n_params} parameters", flush=True)

    # Weight decay on matrices only; biases, LayerNorm gains and embeddings
    # are left alone.
    decay = [p for n, p in model.named_parameters() if p.dim() == 2 and "embed" not in n]
    no_decay = [p for n, p in model.named_parameters() if not (p.dim() == 2 and "embed" not in n)]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": 0.1},
                             {"params": no_decay, "weight_decay": 0.0}],
                            lr=args.lr, betas=(0.9, 0.99))

    batch_gen = torch.Generator().manual_seed(args.seed)
    start = time.time()
    running = None
    for step in range(args.steps):
        lr = lr_at(step, args)
        for group in opt.param_groups:
            group["lr"] = lr
        x, y = random_batch(train_ids, args.batch_size, batch_gen)
        logits = model(x)
        loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), y.view(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()

        running = loss.item() if running is None else 0.95 * running + 0.05 * loss.item()
        if (step + 1) % 100 == 0 or step == 0:
            elapsed = time.time() - start
            print(f"step {step + 1:5d}/{args.steps}  loss {loss.item():.4f}  "
                  f"smoothed {running:.4f}  lr {lr:.2e}  {elapsed:7.1f}s", flush=True)

    seconds = time.time() - start
    train_loss = estimate_loss(model, train_ids, args.eval_batches, args.batch_size, 1)
    val_loss = estimate_loss(model, val_ids, args.eval_batches, args.batch_size, 2)
    print(f"done in {seconds:.0f}s: train loss {train_loss:.4f}, val loss {val_loss:.4f} "
          f"({args.eval_batches} batches of {args.batch_size}x{CONTEXT})", flush=True)

    # The command as it was given, so the metadata says how to redo this run.
    script = os.path.relpath(os.path.abspath(__file__), REPO)
    command = " ".join(["python3", script] + [shlex.quote(a) for a in sys.argv[1:]])
    metadata = {
        "attnscope.config": seed_model.config_dict(model),
        "attnscope.tokenizer": {"type": "char", "vocab": vocab},
        "attnscope.training": {
            "steps": args.steps,
            "batch_size": args.batch_size,
            "block_size": CONTEXT,
            "lr": args.lr,
            "warmup": args.warmup,
            "schedule": "linear warmup, cosine to lr/10",
            "seed": args.seed,
            "train_loss": round(train_loss, 4),
            "val_loss": round(val_loss, 4),
            "seconds": round(seconds, 1),
            "data_sha256": data_sha256,
            "command": command,
        },
    }
    tensors = {k: v.float() for k, v in seed_model.weight_tensors(model).items()}
    out = os.path.abspath(args.out)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    st_io.save(out, tensors, metadata)
    print(f"wrote {out} ({os.path.getsize(out)} bytes)", flush=True)


if __name__ == "__main__":
    main()
