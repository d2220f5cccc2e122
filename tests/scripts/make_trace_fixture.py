#!/usr/bin/python3
"""A trace file for tests/tst_trace_file.cpp, written by the same TraceWriter
users run on their GPU (resources/tools/capture_attention.py), from the
bundled demo model run in PyTorch by the seed's classes.

Run from the repository root with Debian's python3-torch:
    /usr/bin/python3 tests/scripts/make_trace_fixture.py

Writes tests/fixtures/trace/demo.trace.safetensors (float16 weights, the text
below as token ids and texts). The test opens it in the core and the CLI and
checks every head against AttnScope's own run of the demo model on the same
ids, within float16's rounding.
"""
import json
import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(REPO, "resources", "demo"))
sys.path.insert(0, os.path.join(REPO, "resources", "tools"))
from analyze_heads import load_model  # noqa: E402
from capture_attention import TraceWriter  # noqa: E402

TEXT = "GONZALO:\nHere is everything advantageous to life.\nANTONIO:\nTrue; save means to live."


def main():
    model, meta = load_model(os.path.join(REPO, "resources", "demo", "shakespeare-char.safetensors"))
    vocab = json.loads(meta["attnscope.tokenizer"])["vocab"]
    ids = [vocab.index(c) for c in TEXT]
    with torch.no_grad():
        model(torch.tensor([ids]))
    out = os.path.join(REPO, "tests", "fixtures", "trace", "demo.trace.safetensors")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    blocks = model.attn_blocks
    writer = TraceWriter(out, len(blocks), len(blocks[0].attn.heads), ids, list(TEXT),
                         "AttnScope demo (shakespeare-char), via make_trace_fixture.py",
                         json.loads(meta["attnscope.config"]), dtype="float16")
    for block in blocks:
        writer.add_layer(torch.stack([h.last_weights[0] for h in block.attn.heads]))
    writer.close()
    print(f"wrote {out}: {len(blocks)} layers, {len(ids)} tokens")


if __name__ == "__main__":
    main()
