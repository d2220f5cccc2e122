#!/usr/bin/python3
"""Greedy continuations from PyTorch, for tests/core/tst_generate.cpp.

A greedy loop (argmax of the last position's logits, the token appended, the
model run again) on three rows of the architecture table:
  demo   the bundled demo model, through the seed's own classes (seed_model.py)
  gpt2   a random GPT-2-flavoured seed model (context 128), saved here
  llama  a random Llama-style model with grouped-query attention and RoPE
         (make_arch_golden.py's functions, context 128), saved as an HF folder
In float32, as the C++ core computes. Every step's margin between the top two
logits is checked to be wide enough (1e-3) that float32 rounding cannot flip
the argmax; a seed whose prompt falls on a near-tie would be changed here.

Run from the repository root with Debian's python3-torch:
    /usr/bin/python3 tests/scripts/make_generate_golden.py
Writes tests/fixtures/generate/<case>.json ({"model", "prompt", "greedy"}) and
the two random models beside them.
"""
import json
import os
import shutil
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_arch_golden as arch  # noqa: E402
import seed_model  # noqa: E402
import st_io  # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(ROOT, "tests", "fixtures", "generate")
NEW = 64
MIN_MARGIN = 1e-3


def greedy(step_logits, prompt, n):
    ids = list(prompt)
    margins = []
    for _ in range(n):
        logits = step_logits(ids)
        top2 = torch.topk(logits, 2).values
        margins.append(float(top2[0] - top2[1]))
        ids.append(int(torch.argmax(logits)))
    return ids[len(prompt):], min(margins)


def seed_case(model, prompt):
    model.eval()

    def step(ids):
        with torch.no_grad():
            return model(torch.tensor([ids]))[0, -1]
    return greedy(step, prompt, NEW)


def save_seed(model, path):
    tensors = seed_model.weight_tensors(model)
    st_io.save(path, tensors, {"attnscope.config": json.dumps(seed_model.config_dict(model))})


def main():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    cases = {}

    # The demo model, the seed's classes on its weights.
    demo_path = os.path.join(ROOT, "resources", "demo", "shakespeare-char.safetensors")
    tensors, meta = st_io.load(demo_path)
    cfg = json.loads(meta["attnscope.config"])
    vocab = json.loads(meta["attnscope.tokenizer"])["vocab"]
    demo = seed_model.Transformer(cfg["n_head"], cfg["n_embed"], cfg["context_length"], cfg["vocab_size"],
                                  cfg["n_layer"])
    demo.load_state_dict({k: torch.tensor(np.array(v)) for k, v in tensors.items()}, strict=False)
    prompt = [vocab.index(c) for c in "ROMEO:\nBut soft, what light"]
    cases["demo"] = ("resources/demo/shakespeare-char.safetensors", prompt, *seed_case(demo, prompt))

    # A random GPT-2 flavour of the seed's classes.
    torch.manual_seed(41)
    gpt2 = seed_model.Transformer(4, 64, 128, 97, 2, gpt2=True)
    save_seed(gpt2, os.path.join(OUT, "gpt2.model.safetensors"))
    g = torch.Generator().manual_seed(5)
    prompt = [int(i) for i in torch.randint(0, 97, (12,), generator=g)]
    cases["gpt2"] = ("tests/fixtures/generate/gpt2.model.safetensors", prompt, *seed_case(gpt2, prompt))

    # A random Llama: GQA 4:2, RoPE, SwiGLU, RMSNorm, as make_arch_golden.py writes it.
    lcfg = arch.base("llama", architectures=["LlamaForCausalLM"], max_position_embeddings=128, vocab_size=96)
    p = arch.llama_params(lcfg, torch.Generator().manual_seed(77))
    folder = os.path.join(OUT, "llama")
    os.makedirs(folder)
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(lcfg, f, indent=2)
    arch.save_weights(folder, p, "F32", 1)
    prompt = [int(i) for i in torch.randint(0, 96, (10,), generator=torch.Generator().manual_seed(3))]

    def llama_step(ids):
        with torch.no_grad():
            return arch.llama_forward(lcfg, p, torch.tensor(ids))[1][-1]
    cases["llama"] = ("tests/fixtures/generate/llama", prompt, *greedy(llama_step, prompt, NEW))

    for name, (model, prompt, ids, margin) in cases.items():
        assert margin > MIN_MARGIN, f"{name}: a near-tie ({margin}) could flip in float32; change the seed"
        with open(os.path.join(OUT, name + ".json"), "w") as f:
            json.dump({"model": model, "prompt": prompt, "greedy": ids, "smallest_margin": margin,
                       "torch": torch.__version__}, f)
            f.write("\n")
        print(f"{name}: prompt {len(prompt)}, {len(ids)} greedy tokens, smallest top-2 margin {margin:.4f}")


if __name__ == "__main__":
    main()
