#!/usr/bin/python3
"""A SmolLM-135M-shaped Hugging Face folder with random BF16 weights, to measure
how AttnScope loads a BF16 checkpoint (README, *Architectures*):

    /usr/bin/python3 tests/bench/make_hf_bf16_model.py /tmp/smollm-shaped
    /usr/bin/time -v attnscope-cli info /tmp/smollm-shaped > /dev/null

30 layers, width 576, 9 heads, 3 KV heads, SwiGLU 1536, vocabulary 49,152,
tied embeddings: 134.5M parameters, a 269 MB model.safetensors.
"""
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import st_io  # noqa: E402

C, H, HKV, F, L, V = 576, 9, 3, 1536, 30, 49152
HD = C // H


def main(out):
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(0)

    def rnd(*shape):
        return (rng.standard_normal(shape, dtype=np.float32) * 0.02)
    p = {"model.embed_tokens.weight": rnd(V, C), "model.norm.weight": np.ones(C, np.float32)}
    for i in range(L):
        a = f"model.layers.{i}."
        p[a + "self_attn.q_proj.weight"] = rnd(H * HD, C)
        p[a + "self_attn.k_proj.weight"] = rnd(HKV * HD, C)
        p[a + "self_attn.v_proj.weight"] = rnd(HKV * HD, C)
        p[a + "self_attn.o_proj.weight"] = rnd(C, H * HD)
        p[a + "mlp.gate_proj.weight"] = rnd(F, C)
        p[a + "mlp.up_proj.weight"] = rnd(F, C)
        p[a + "mlp.down_proj.weight"] = rnd(C, F)
        p[a + "input_layernorm.weight"] = np.ones(C, np.float32)
        p[a + "post_attention_layernorm.weight"] = np.ones(C, np.float32)
    st_io.save(os.path.join(out, "model.safetensors"), p, {"format": "pt"}, bf16=set(p))
    cfg = {"model_type": "llama", "vocab_size": V, "hidden_size": C, "num_attention_heads": H,
           "num_key_value_heads": HKV, "num_hidden_layers": L, "intermediate_size": F,
           "max_position_embeddings": 2048, "rms_norm_eps": 1e-5, "rope_theta": 10000.0,
           "hidden_act": "silu", "tie_word_embeddings": True, "torch_dtype": "bfloat16"}
    with open(os.path.join(out, "config.json"), "w") as f:
        json.dump(cfg, f, indent=2)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/smollm-shaped")
