"""The seed tutorial's transformer, written from ../shared/docs/SEED.md.

Every reference fixture and the demo model come from these classes, so the C++
core is checked against exactly the model users train with the seed's scripts.
Module and parameter names match the seed's state dict on purpose.

`gpt2=True` turns the same classes into the GPT-2 variant that AttnScope also
supports: q/k/v biases, GELU (tanh), lm_head tied to the token embedding and
without bias.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Head(nn.Module):
    def __init__(self, n_embed, head_size, context_length, bias=False):
        super().__init__()
        self.key = nn.Linear(n_embed, head_size, bias=bias)
        self.query = nn.Linear(n_embed, head_size, bias=bias)
        self.value = nn.Linear(n_embed, head_size, bias=bias)
        self.register_buffer("tril", torch.tril(torch.ones(context_length, context_length)))
        self.causal = True
        self.last_weights = None  # (B, T, T), kept for fixtures

    def forward(self, x):
        B, T, C = x.shape
        k = self.key(x)
        q = self.query(x)
        scores = q @ k.transpose(-2, -1) * (1.0 / math.sqrt(k.shape[-1]))
        if self.causal:
            scores = scores.masked_fill(self.tril[:T, :T] == 0, float("-inf"))
        weights = F.softmax(scores, dim=-1)
        self.last_weights = weights
        v = self.value(x)
        return weights @ v


class MultiHeadAttention(nn.Module):
    def __init__(self, n_head, n_embed, context_length, bias=False):
        super().__init__()
        self.heads = nn.ModuleList(
            [Head(n_embed, n_embed // n_head, context_length, bias) for _ in range(n_head)])
        self.proj = nn.Linear(n_embed, n_embed)
        self.ablate = set()  # head indices whose output is zeroed before proj

    def forward(self, x):
        outs = []
        for i, h in enumerate(self.heads):
            o = h(x)
            outs.append(torch.zeros_like(o) if i in self.ablate else o)
        return self.proj(torch.cat(outs, dim=-1))


class MLP(nn.Module):
    def __init__(self, n_embed, gelu=False):
        super().__init__()
        self.hidden = nn.Linear(n_embed, 4 * n_embed)
        self.relu = nn.GELU(approximate="tanh") if gelu else nn.ReLU()
        self.proj = nn.Linear(4 * n_embed, n_embed)

    def forward(self, x):
        return self.proj(self.relu(self.hidden(x)))


class Block(nn.Module):
    def __init__(self, n_head, n_embed, context_length, gpt2=False):
        super().__init__()
        self.ln1 = nn.LayerNorm(n_embed)
        self.attn = MultiHeadAttention(n_head, n_embed, context_length, bias=gpt2)
        self.ln2 = nn.LayerNorm(n_embed)
        self.mlp = MLP(n_embed, gelu=gpt2)

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        x = x + self.mlp(self.ln2(x))
        return x


class Transformer(nn.Module):
    def __init__(self, n_head, n_embed, context_length, vocab_size, N_BLOCKS, gpt2=False):
        super().__init__()
        self.context_length = context_length
        self.gpt2 = gpt2
        self.token_embed = nn.Embedding(vocab_size, n_embed)
        self.position_embed = nn.Embedding(context_length, n_embed)
        self.attn_blocks = nn.ModuleList(
            [Block(n_head, n_embed, context_length, gpt2) for _ in range(N_BLOCKS)])
        self.layer_norm = nn.LayerNorm(n_embed)
        self.lm_head = nn.Linear(n_embed, vocab_size, bias=not gpt2)
        if gpt2:
            self.lm_head.weight = self.token_embed.weight
        self.register_buffer("pos_idxs", torch.arange(context_length))
        self.block_outputs = []

    def set_causal(self, causal):
        for blk in self.attn_blocks:
            for h in blk.attn.heads:
                h.causal = causal

    def forward(self, idx):
        B, T = idx.shape
        x = self.token_embed(idx) + self.position_embed(self.pos_idxs[:T])
        self.block_outputs = []
        for blk in self.attn_blocks:
            x = blk(x)
            self.block_outputs.append(x)
        return self.lm_head(self.layer_norm(x))


def config_dict(model):
    """The AttnScope config that describes `model` (stored in safetensors metadata)."""
    blk = model.attn_blocks[0]
    return {
        "arch": "gpt2" if model.gpt2 else "seed",
        "vocab_size": model.token_embed.num_embeddings,
        "context_length": model.context_length,
        "n_embed": model.token_embed.embedding_dim,
        "n_head": len(blk.attn.heads),
        "n_layer": len(model.attn_blocks),
        "activation": "gelu_tanh" if model.gpt2 else "relu",
        "qkv_bias": model.gpt2,
        "lm_head_bias": not model.gpt2,
        "tied_lm_head": model.gpt2,
        "ln_eps": 1e-5,
    }


def weight_tensors(model):
    """State-dict tensors as AttnScope stores them: buffers dropped, a tied lm_head once."""
    out = {}
    for name, t in model.state_dict().items():
        if name.endswith(".tril") or name == "pos_idxs":
            continue
        if model.gpt2 and name == "lm_head.weight":
            continue
        out[name] = t
    return out
