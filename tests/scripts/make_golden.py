#!/usr/bin/python3
"""Golden fixtures: the seed's PyTorch classes, randomly initialised, and what
they compute. The C++ core must reproduce these within 1e-5 (tests/tst_golden.cpp,
tests/tst_cli.cpp).

Run from the repository root with Debian's python3-torch:
    /usr/bin/python3 tests/scripts/make_golden.py

For every case it writes tests/fixtures/golden/<case>.model.safetensors (weights
under the seed's state-dict names, config in the metadata) and
<case>.expected.safetensors (the input and options in the metadata; per layer
the attention weights and scores, the block output; logits at every position).
"""
import json
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import seed_model  # noqa: E402
import st_io  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "golden")

# name: (vocab, context, n_embed, n_head, n_layer, T, options)
CASES = {
    "seed_small": (29, 16, 32, 4, 2, 10, {}),
    "one_head": (11, 8, 8, 1, 1, 5, {}),
    "single_token": (13, 8, 16, 2, 2, 1, {}),
    "full_context": (17, 12, 24, 3, 2, 12, {}),
    "odd_head_size": (19, 20, 36, 3, 2, 13, {}),  # head_size 12
    "bidirectional": (23, 16, 32, 4, 2, 9, {"causal": False}),
    "gpt2_variant": (31, 16, 32, 4, 2, 11, {"gpt2": True}),
    "ablated_heads": (29, 16, 32, 4, 2, 10, {"ablate": [[0, 1], [1, 3]]}),
    "multi_tile": (37, 136, 32, 2, 1, 130, {}),  # three 64-row tiles, the last partial
    "weights_f16": (21, 16, 32, 4, 2, 10, {"dtype": "F16"}),
    "weights_bf16": (21, 16, 32, 4, 2, 10, {"dtype": "BF16"}),
}


def make_case(name, vocab, context, n_embed, n_head, n_layer, T, opts, seed):
    torch.manual_seed(seed)
    gpt2 = opts.get("gpt2", False)
    model = seed_model.Transformer(n_head, n_embed, context, vocab, n_layer, gpt2=gpt2).eval()
    weights = seed_model.weight_tensors(model)
    meta = {"attnscope.config": seed_model.config_dict(model)}
    path = os.path.join(OUT, name + ".model.safetensors")
    dtype = opts.get("dtype")
    if dtype == "F16":
        st_io.save(path, {k: v.detach().numpy().astype(np.float16) for k, v in weights.items()}, meta)
    elif dtype == "BF16":
        st_io.save(path, weights, meta, bf16=set(weights))
    else:
        st_io.save(path, weights, meta)
    if dtype:
        # Compute the expected outputs from the weights exactly as stored.
        stored, _ = st_io.load(path)
        sd = {k: torch.from_numpy(np.array(v, dtype=np.float32)) for k, v in stored.items()}
        missing, unexpected = model.load_state_dict(sd, strict=False)
        assert not unexpected and all(m.endswith("tril") or m == "pos_idxs" for m in missing)

    model.set_causal(opts.get("causal", True))
    for layer, head in opts.get("ablate", []):
        model.attn_blocks[layer].attn.ablate.add(head)

    gen = torch.Generator().manual_seed(seed + 1000)
    tokens = torch.randint(0, vocab, (1, T), generator=gen)
    with torch.no_grad():
        logits = model(tokens)
    expected = {"logits": logits[0]}
    for l, blk in enumerate(model.attn_blocks):
        heads = blk.attn.heads
        expected[f"blk.{l}.attn.weights"] = torch.stack([h.last_weights[0] for h in heads])
        expected[f"blk.{l}.out"] = model.block_outputs[l][0]
        # Raw scores, recomputed from the block input exactly as Head.forward does.
        x = model.token_embed(tokens) + model.position_embed(model.pos_idxs[:T])
        for prev in model.attn_blocks[:l]:
            x = prev(x)
        with torch.no_grad():
            xn = blk.ln1(x)
            scores = []
            for h in heads:
                k, q = h.key(xn), h.query(xn)
                s = q @ k.transpose(-2, -1) * (1.0 / (k.shape[-1] ** 0.5))
                if h.causal:
                    s = s.masked_fill(h.tril[:T, :T] == 0, float("-inf"))
                scores.append(s[0])
        expected[f"blk.{l}.attn.scores"] = torch.stack(scores)
    expected = {k: v.detach().contiguous() for k, v in expected.items()}
    st_io.save(os.path.join(OUT, name + ".expected.safetensors"), expected, {
        "tokens": tokens[0].tolist(),
        "causal": opts.get("causal", True),
        "ablate": opts.get("ablate", []),
        "torch_version": torch.__version__,
    })


def main():
    os.makedirs(OUT, exist_ok=True)
    torch.set_num_threads(1)
    for i, (name, case) in enumerate(CASES.items()):
        make_case(name, *case, seed=1234 + i)
        print("wrote", name)


if __name__ == "__main__":
    main()
