#!/usr/bin/env python3
"""Train the small Llama-shaped model that heads-gqa.png and flow-llama.png
show: 4 blocks of 8 query heads sharing 2 key/value heads (grouped-query
attention), RoPE, RMSNorm and SwiGLU, 128 wide, on Tiny Shakespeare's
characters. A few minutes of training give its heads real patterns (previous
character, word starts, the newline), so the screenshots show what grouped
heads look like rather than a random model's noise.

It writes a Hugging Face folder (config.json with model_type llama and
model.safetensors, whose metadata carries the character vocabulary):

    python3 resources/screenshots/train_gqa_model.py /tmp/gqa-char [--steps 450]
    QT_QPA_PLATFORM=offscreen build/release/app/attnscope /tmp/gqa-char --size 1400x900 \\
        --text "$(head -c 400 ../shared/data/tinyshakespeare.txt)" --screenshots /tmp/gqa-shots

The model is not bundled: the script makes it again in a few minutes.
The forward is tests/scripts/make_arch_golden.py's, which AttnScope matches.
"""
import argparse
import json
import os
import sys
import time

import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(REPO, "tests", "scripts"))

import make_arch_golden as arch  # noqa: E402
import st_io  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", help="the folder to write")
    ap.add_argument("--data", default=os.path.join(REPO, "..", "shared", "data", "tinyshakespeare.txt"))
    ap.add_argument("--steps", type=int, default=450)
    ap.add_argument("--block", type=int, default=128)
    ap.add_argument("--batch", type=int, default=8)
    args = ap.parse_args()
    torch.manual_seed(2026)
    torch.set_num_threads(2)
    text = open(args.data, encoding="utf-8").read()
    vocab = sorted(set(text))
    ids = torch.tensor([vocab.index(c) for c in text], dtype=torch.long)
    cfg = arch.base("llama", architectures=["LlamaForCausalLM"], vocab_size=len(vocab), hidden_size=128,
                    num_attention_heads=8, num_key_value_heads=2, num_hidden_layers=4, intermediate_size=344,
                    max_position_embeddings=1024, rms_norm_eps=1e-5, rope_theta=10000.0)
    g = torch.Generator().manual_seed(1)
    p = arch.llama_params(cfg, g)
    p["model.embed_tokens.weight"] *= 0.1
    for t in p.values():
        t.requires_grad_(True)
    opt = torch.optim.AdamW(p.values(), lr=3e-3, weight_decay=0.01)
    start = time.time()
    for step in range(args.steps):
        lr = 3e-3 * min(1.0, (step + 1) / 50) * (0.1 + 0.9 * (1 - step / args.steps))
        for group in opt.param_groups:
            group["lr"] = lr
        starts = torch.randint(0, len(ids) - args.block - 1, (args.batch,))
        loss = 0.0
        for s in starts.tolist():
            x, y = ids[s:s + args.block], ids[s + 1:s + args.block + 1]
            _, logits = arch.llama_forward(cfg, p, x)
            loss = loss + F.cross_entropy(logits, y)
        loss = loss / args.batch
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(list(p.values()), 1.0)
        opt.step()
        if step % 50 == 0 or step == args.steps - 1:
            print(f"step {step:4d}  loss {loss.item():.3f}  {time.time() - start:.0f} s", flush=True)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "config.json"), "w") as f:
        json.dump(cfg, f, indent=1)
    arrays = {k: v.detach().contiguous().numpy() for k, v in p.items()}
    tokenizer = json.dumps({"type": "char", "vocab": vocab}, ensure_ascii=False)
    st_io.save(os.path.join(args.out, "model.safetensors"), arrays,
               {"format": "pt", "attnscope.tokenizer": tokenizer})
    print("wrote", args.out)


if __name__ == "__main__":
    main()
