#!/usr/bin/python3
"""Golden fixtures for predictions, head statistics, probes, the ablation
scan and attention rollout (core/include/attnscope/predict.h, head_stats.h,
ablation.h, rollout.h), computed by the seed's PyTorch classes.
tests/tst_explain.cpp compares the C++ core and attnscope-cli with them:
probabilities and losses 1e-5, head statistics 1e-5, ablation deltas 1e-4,
rollout 1e-5.

Run from the repository root with Debian's python3-torch:
    /usr/bin/python3 tests/scripts/make_explain_golden.py

Two cases, each written to tests/fixtures/explain/<case>.json:
  seed  a randomly initialised seed model (its weights are written beside it as
        seed.model.safetensors) on random tokens;
  demo  the bundled demo model (resources/demo/shakespeare-char.safetensors) on
        a fixed text written for this fixture.
The model runs in float32 as PyTorch does; softmax, log-sum-exp and the
statistics are taken in float64 from its float32 logits and weights.
"""
import json
import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(REPO, "tests", "fixtures", "explain")
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(REPO, "resources", "demo"))
import seed_model  # noqa: E402
import st_io  # noqa: E402
from analyze_heads import load_model  # noqa: E402

TOP_K = 5
DEMO_TEXT = ("PROSPERO:\n"
             "The tide is turning and the lamps are lit;\n"
             "Go, bid the sailors wait upon the shore.\n\n"
             "MIRANDA:\n"
             "I will, my father, though the night is cold,\n"
             "And all the harbour sleeps beneath the moon.\n")

# The probe sequence, as core/src/head_stats.cpp makes it (kProbeHalfMax,
# kProbeSeed, splitmix64 and a partial Fisher-Yates shuffle).
PROBE_HALF_MAX = 50
PROBE_SEED = 20251130
MASK64 = (1 << 64) - 1


def probe_sequence(vocab, context):
    n = min(PROBE_HALF_MAX, context // 2, vocab)
    if n < 2:
        return []
    ids = list(range(vocab))
    state = PROBE_SEED
    for i in range(n):
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        z ^= z >> 31
        j = i + z % (vocab - i)
        ids[i], ids[j] = ids[j], ids[i]
    return ids[:n] * 2


def run(model, tokens, ablate=None):
    """float32 logits (T, V) and per layer the (H, T, T) weights, as float64."""
    for blk in model.attn_blocks:
        blk.attn.ablate = set()
    if ablate is not None:
        model.attn_blocks[ablate[0]].attn.ablate = {ablate[1]}
    with torch.no_grad():
        logits = model(torch.tensor([tokens]))[0].numpy().astype(np.float64)
    weights = [np.stack([h.last_weights[0].numpy() for h in blk.attn.heads]).astype(np.float64)
               for blk in model.attn_blocks]
    return logits, weights


def log_softmax(logits):
    top = logits.max(axis=-1, keepdims=True)
    return logits - (top + np.log(np.exp(logits - top).sum(axis=-1, keepdims=True)))


def losses(logits, tokens):
    lp = log_softmax(logits)
    return [-float(lp[p, tokens[p + 1]]) for p in range(len(tokens) - 1)]


def head_stats(W):
    """W (H, T, T) -> per head [entropy, prev_token, first_token, self]."""
    T = W.shape[-1]
    plogp = np.where(W > 0, W * np.log(np.where(W > 0, W, 1.0)), 0.0)
    entropy = -plogp.sum(axis=-1).mean(axis=-1)
    prev = np.array([np.diagonal(w, offset=-1).mean() if T > 1 else float("nan") for w in W])
    first = W[:, :, 0].mean(axis=-1)
    self_ = np.array([np.diagonal(w).mean() for w in W])
    return np.stack([entropy, prev, first, self_], axis=-1)


def rollout(weights):
    """Abnar & Zuidema (2020): A_l = 0.5 mean_h W_l + 0.5 I, rows renormalised;
    R = A_{L-1} ... A_0. In float64 from the float32 weights."""
    T = weights[0].shape[-1]
    R = np.eye(T)
    for W in weights:
        A = 0.5 * W.mean(axis=0) + 0.5 * np.eye(T)
        A = A / A.sum(axis=-1, keepdims=True)
        R = A @ R
    return R


def make_case(name, model, tokens, extra):
    V = model.token_embed.num_embeddings
    logits, weights = run(model, tokens)
    lp = log_softmax(logits)
    predictions = []
    for p in range(len(tokens)):
        # Most probable first; equal logits: lower id first.
        order = np.lexsort((np.arange(V), -logits[p]))[:TOP_K]
        pred = {"position": p, "top": [{"id": int(i), "prob": float(np.exp(lp[p, i])), "logit": float(logits[p, i])}
                                       for i in order], "next": None}
        if p + 1 < len(tokens):
            nxt = tokens[p + 1]
            pred["next"] = {"id": nxt, "prob": float(np.exp(lp[p, nxt])),
                            "rank": 1 + int((logits[p] > logits[p, nxt]).sum())}
        predictions.append(pred)

    stats = [head_stats(W).tolist() for W in weights]

    probe = probe_sequence(V, model.context_length)
    _, probe_weights = run(model, probe)
    n = len(probe) // 2
    probes = []
    for W in probe_weights:
        rows = np.arange(n, 2 * n)
        probes.append([[float(w[rows, rows - n + 1].mean()), float(w[rows, rows - n].mean())] for w in W])

    base = float(np.mean(losses(logits, tokens)))
    ablation = []
    for l, blk in enumerate(model.attn_blocks):
        row = []
        for h in range(len(blk.attn.heads)):
            ab_logits, _ = run(model, tokens, ablate=(l, h))
            loss = float(np.mean(losses(ab_logits, tokens)))
            row.append({"loss": loss, "delta": loss - base})
        ablation.append(row)
    run(model, tokens)  # leave no head ablated

    out = dict(extra)
    out.update({
        "torch_version": torch.__version__,
        "tokens": tokens,
        "top_k": TOP_K,
        "predictions": predictions,
        "loss": losses(logits, tokens),
        "stats_columns": ["entropy", "prev_token", "first_token", "self"],
        "stats": stats,
        "probe_tokens": probe,
        "probes_columns": ["induction", "duplicate"],
        "probes": probes,
        "base_loss": base,
        "ablation": ablation,
        # 9 significant digits: far inside the 1e-5 tolerance, a third of the bytes.
        "rollout": [[float("%.9g" % x) for x in row] for row in rollout(weights)],
    })
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")


def main():
    os.makedirs(OUT, exist_ok=True)
    torch.set_num_threads(1)

    torch.manual_seed(4321)
    vocab, context, n_embed, n_head, n_layer, T = 37, 64, 32, 4, 2, 40
    seed = seed_model.Transformer(n_head, n_embed, context, vocab, n_layer).eval()
    st_io.save(os.path.join(OUT, "seed.model.safetensors"), seed_model.weight_tensors(seed),
               {"attnscope.config": seed_model.config_dict(seed)})
    gen = torch.Generator().manual_seed(4322)
    tokens = torch.randint(0, vocab, (T,), generator=gen).tolist()
    make_case("seed", seed, tokens, {"model": "tests/fixtures/explain/seed.model.safetensors"})
    print("wrote seed")

    demo_path = os.path.join(REPO, "resources", "demo", "shakespeare-char.safetensors")
    demo, meta = load_model(demo_path)
    stoi = {ch: i for i, ch in enumerate(json.loads(meta["attnscope.tokenizer"])["vocab"])}
    make_case("demo", demo, [stoi[c] for c in DEMO_TEXT],
              {"model": "resources/demo/shakespeare-char.safetensors", "text": DEMO_TEXT})
    print("wrote demo")


if __name__ == "__main__":
    main()
