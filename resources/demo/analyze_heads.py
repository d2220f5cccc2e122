#!/usr/bin/env python3
"""Score the attention heads of the demo model for a few recognisable patterns.

Loads resources/demo/shakespeare-char.safetensors (as written by
train_demo.py), rebuilds the seed transformer from the stored config, runs it
on a few windows of the held-out part of Tiny Shakespeare and prints, for every
(layer, head), how much attention weight a query position puts on:

  prev       the previous character (position t-1);
  same-char  earlier positions holding the same character as position t
             (self excluded; only queries whose character occurred before);
  line-start the first character of the current line, i.e. the most recent
             position right after a newline;
  newline    the newline character that ends the previous line (a char
             model's natural line-boundary marker);
  word-start the first character of the current word (right after the most
             recent space or newline).

For the last three only targets before t-1 count, so that they are not also
the previous character or position t itself; queries without a target are
left out of a pattern's mean.

Each score is a mean over query positions of the summed weight on the target
positions; "uniform" is what a head spreading its weight evenly over all
visible positions would get. The best head for each pattern is listed last.
"""
import argparse
import hashlib
import json
import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(REPO, "tests", "scripts"))

import seed_model  # noqa: E402
import st_io  # noqa: E402

PATTERNS = ("prev", "same-char", "line-start", "newline", "word-start")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--model", default=os.path.join(HERE, "shakespeare-char.safetensors"))
    p.add_argument("--data", default=os.path.join(REPO, "..", "shared", "data",
                                                  "tinyshakespeare.txt"))
    p.add_argument("--chars", type=int, default=256,
                   help="characters per window (at most the context length)")
    p.add_argument("--windows", type=int, default=4,
                   help="windows, spread evenly over the validation text")
    return p.parse_args()


def load_model(path):
    """The seed Transformer with the file's weights, plus its metadata."""
    tensors, meta = st_io.load(path)
    cfg = json.loads(meta["attnscope.config"])
    assert cfg["arch"] == "seed", cfg
    model = seed_model.Transformer(cfg["n_head"], cfg["n_embed"], cfg["context_length"],
                                   cfg["vocab_size"], cfg["n_layer"], gpt2=False)
    state = {k: torch.from_numpy(np.array(v, dtype=np.float32)) for k, v in tensors.items()}
    result = model.load_state_dict(state, strict=False)
    # Only the constant buffers are left out of the file.
    bad_missing = [k for k in result.missing_keys
                   if not (k.endswith(".tril") or k == "pos_idxs")]
    if bad_missing or result.unexpected_keys:
        raise SystemExit(f"weights do not fit the model: missing {bad_missing}, "
                         f"unexpected {result.unexpected_keys}")
    model.eval()
    return model, meta


def target_masks(chars):
    """For a window of characters, one (T, T) boolean matrix per pattern:
    mask[t, s] is true where key position s is a target for query t."""
    T = len(chars)
    masks = {name: np.zeros((T, T), dtype=bool) for name in PATTERNS}
    last_newline = None  # position of the most recent "\n" before t
    last_break = None    # position of the most recent space or "\n" before t
    for t in range(T):
        if t > 0:
            masks["prev"][t, t - 1] = True
            if chars[t - 1] == "\n":
                last_newline = t - 1
            if chars[t - 1] in " \n":
                last_break = t - 1
        for s in range(t):
            if chars[s] == chars[t]:
                masks["same-char"][t, s] = True
        if last_newline is not None and last_newline + 1 < t - 1:
            masks["line-start"][t, last_newline + 1] = True
        if last_newline is not None and last_newline < t - 1:
            masks["newline"][t, last_newline] = True
        if last_break is not None and last_break + 1 < t - 1:
            masks["word-start"][t, last_break + 1] = True
    return masks


def main():
    args = parse_args()
    torch.set_num_threads(2)
    model, meta = load_model(args.model)
    vocab = json.loads(meta["attnscope.tokenizer"])["vocab"]
    stoi = {ch: i for i, ch in enumerate(vocab)}
    training = json.loads(meta.get("attnscope.training", "{}"))

    with open(args.data, "rb") as f:
        raw = f.read()
    if training.get("data_sha256") not in (None, hashlib.sha256(raw).hexdigest()):
        print("warning: data file differs from the one the model was trained on")
    text = raw.decode("utf-8")
    val = text[int(0.9 * len(text)):]  # the held-out 10%, as in train_demo.py

    T = min(args.chars, model.context_length)
    n_layer, n_head = len(model.attn_blocks), len(model.attn_blocks[0].attn.heads)
    # Per pattern: summed score and number of query rows, per (layer, head).
    sums = {name: np.zeros((n_layer, n_head)) for name in PATTERNS}
    rows = {name: 0 for name in PATTERNS}
    uniform = {name: 0.0 for name in PATTERNS}

    stride = (len(val) - T) // max(1, args.windows)
    for w in range(args.windows):
        chars = val[w * stride:w * stride + T]
        idx = torch.tensor([[stoi[c] for c in chars]])
        with torch.no_grad():
            model(idx)
        masks = target_masks(chars)
        for name, mask in masks.items():
            live = mask.any(axis=1)  # queries that have a target
            rows[name] += int(live.sum())
            # Weight a uniform causal head would give: (#targets) / (t + 1).
            uniform[name] += float((mask.sum(axis=1)[live] / (np.arange(T)[live] + 1)).sum())
            for L, blk in enumerate(model.attn_blocks):
                for H, head in enumerate(blk.attn.heads):
                    weights = head.last_weights[0].numpy()  # (T, T), rows sum to 1
                    sums[name][L, H] += (weights * mask).sum(axis=1)[live].sum()

    scores = {name: sums[name] / max(1, rows[name]) for name in PATTERNS}
    print(f"model: {os.path.relpath(args.model)}  "
          f"(val loss {training.get('val_loss', '?')}, {training.get('steps', '?')} steps)")
    print(f"text: {args.windows} windows of {T} validation characters; "
          "queries per pattern: " + ", ".join(f"{n} {rows[n]}" for n in PATTERNS))
    print()
    print("layer head " + "".join(f"{n:>11}" for n in PATTERNS))
    for L in range(n_layer):
        for H in range(n_head):
            print(f"{L:5d} {H:4d} " + "".join(f"{scores[n][L, H]:11.3f}" for n in PATTERNS))
    print("  uniform  " + "".join(f"{uniform[n] / max(1, rows[n]):11.3f}" for n in PATTERNS))
    print()
    for name in PATTERNS:
        L, H = np.unravel_index(np.argmax(scores[name]), scores[name].shape)
        print(f"best {name:<10} layer {L} head {H}: {scores[name][L, H]:.3f}")


if __name__ == "__main__":
    main()
