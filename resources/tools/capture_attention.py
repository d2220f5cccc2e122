#!/usr/bin/env python3
"""Capture a Hugging Face model's attention as an AttnScope trace file.

For models too big for a desktop: run this where the model runs (your GPU),
copy the .safetensors it writes, and open it in AttnScope (File > Open Trace,
or `attnscope-cli export --model trace.safetensors ...`). The views that read
attention (heads grid, head detail, token lines, mask, rollout, statistics,
export) work on it; those that need the model's other tensors say so.

    python3 capture_attention.py --model meta-llama/Llama-3.1-8B \\
        --text-file essay.txt --out essay.trace.safetensors

Needs torch and transformers (pip install torch transformers). Each layer's
attention is moved to the CPU and written to the file as soon as that layer
has run, so a 70B-class model (80 layers x 64 heads) at 2,048 tokens needs one
layer's weights (about 0.5 GB in float16) in memory, not 43 GB.

The file format is documented in AttnScope's core/include/attnscope/trace_file.h:
safetensors with "attention.<l>" (H, T, T) tensors, "tokens" (T) int64, and
metadata format="attnscope-trace", version="1", model, token_texts, causal,
config.
"""
import argparse
import json
import struct
import sys

DTYPES = {"float16": "F16", "bfloat16": "BF16", "float32": "F32"}
SIZES = {"F16": 2, "BF16": 2, "F32": 4}


class TraceWriter:
    """Writes a trace file layer by layer: the header (whose offsets follow
    from the shapes alone) first, then each layer's bytes as they arrive."""

    def __init__(self, path, n_layer, n_head, token_ids, token_texts, model_name,
                 config=None, dtype="float16", causal=True):
        if dtype not in DTYPES:
            raise ValueError(f"dtype must be one of {', '.join(DTYPES)}")
        self.code = DTYPES[dtype]
        self.n_layer, self.n_head, self.T = n_layer, n_head, len(token_ids)
        if len(token_texts) != self.T:
            raise ValueError("one text per token id")
        layer_bytes = n_head * self.T * self.T * SIZES[self.code]
        header = {}
        offset = 0
        for layer in range(n_layer):
            header[f"attention.{layer}"] = {"dtype": self.code, "shape": [n_head, self.T, self.T],
                                            "data_offsets": [offset, offset + layer_bytes]}
            offset += layer_bytes
        header["tokens"] = {"dtype": "I64", "shape": [self.T], "data_offsets": [offset, offset + 8 * self.T]}
        header["__metadata__"] = {
            "format": "attnscope-trace",
            "version": "1",
            "model": str(model_name),
            "token_texts": json.dumps(list(token_texts), ensure_ascii=False),
            "causal": "true" if causal else "false",
            "config": json.dumps(config or {}, ensure_ascii=False, default=str),
        }
        text = json.dumps(header, ensure_ascii=False).encode("utf-8")
        text += b" " * ((8 - len(text) % 8) % 8)
        self.file = open(path, "wb")
        self.file.write(struct.pack("<Q", len(text)))
        self.file.write(text)
        self.ids = [int(i) for i in token_ids]
        self.next_layer = 0

    def add_layer(self, weights):
        """weights: a (H, T, T) torch tensor (any device, any float dtype)."""
        import torch
        if tuple(weights.shape) != (self.n_head, self.T, self.T):
            raise ValueError(f"layer {self.next_layer}: expected {(self.n_head, self.T, self.T)}, "
                             f"got {tuple(weights.shape)}")
        w = weights.detach().to("cpu")
        if self.code == "F32":
            data = w.to(torch.float32).contiguous().numpy().tobytes()
        elif self.code == "F16":
            data = w.to(torch.float16).contiguous().numpy().tobytes()
        else:  # numpy has no bfloat16: write its bits
            data = w.to(torch.bfloat16).contiguous().view(torch.int16).numpy().tobytes()
        self.file.write(data)
        self.next_layer += 1

    def close(self):
        if self.next_layer != self.n_layer:
            raise RuntimeError(f"{self.next_layer} of {self.n_layer} layers captured")
        self.file.write(struct.pack(f"<{self.T}q", *self.ids))
        self.file.close()


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--model", required=True, help="Hugging Face model id or folder")
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--text")
    src.add_argument("--text-file")
    p.add_argument("--out", required=True, help="the trace file to write (.safetensors)")
    p.add_argument("--dtype", default="float16", choices=sorted(DTYPES))
    p.add_argument("--max-tokens", type=int, default=2048)
    p.add_argument("--device", default="auto", help="auto (device_map=auto), cuda, cpu")
    return p.parse_args()


def main():
    args = parse_args()
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    text = args.text if args.text is not None else open(args.text_file, encoding="utf-8").read()
    tok = AutoTokenizer.from_pretrained(args.model)
    ids = tok(text, return_tensors="pt").input_ids[:, -args.max_tokens:]
    texts = [tok.decode([i]) for i in ids[0].tolist()]
    kwargs = {"torch_dtype": "auto", "attn_implementation": "eager"}  # only eager returns weights
    if args.device == "auto":
        kwargs["device_map"] = "auto"
    model = AutoModelForCausalLM.from_pretrained(args.model, **kwargs)
    if args.device != "auto":
        model.to(args.device)
    model.eval()
    cfg = model.config
    writer = TraceWriter(args.out, cfg.num_hidden_layers, cfg.num_attention_heads, ids[0].tolist(), texts,
                         args.model, cfg.to_dict(), args.dtype, causal=True)

    # Each attention module hands its weights to the writer and returns None in
    # their place, so the model does not keep every layer's weights on the GPU.
    def hook(module, inputs, output):
        if isinstance(output, tuple) and len(output) > 1 and output[1] is not None:
            writer.add_layer(output[1][0])
            return (output[0], None) + tuple(output[2:])
        return output

    handles = [m.register_forward_hook(hook) for name, m in model.named_modules()
               if name.endswith("self_attn") or name.endswith("attention") and hasattr(m, "query_key_value")]
    with torch.no_grad():
        out = model(ids.to(model.device), output_attentions=True)
    for h in handles:
        h.remove()
    if writer.next_layer == 0 and out.attentions is not None:  # a model the hooks did not fit
        for layer in out.attentions:
            writer.add_layer(layer[0])
    writer.close()
    print(f"wrote {args.out}: {cfg.num_hidden_layers} layers x {cfg.num_attention_heads} heads, "
          f"{len(texts)} tokens ({args.dtype})")


if __name__ == "__main__":
    sys.exit(main())
