#!/usr/bin/python3
"""Checkpoint fixtures for tst_checkpoints and tst_hostile_files.

Run with Debian's /usr/bin/python3 (it has torch; the python3 on PATH may not):

    /usr/bin/python3 tests/scripts/make_checkpoints.py

Writes tests/fixtures/checkpoints/: the files people really train and share,
each beside `<name>.expected.safetensors` holding what the model computes for
TOKENS (per-layer softmax weights `blk.L.attn.weights` (H, T, T), the last
position's `logits` (V)) and, in metadata, the config, naming and format
AttnScope must find. Expected values are computed in float32 from the weights
exactly as stored (F16/BF16 weights are rounded first).

  seed_adamw.pt           seed checkpoint {model_state_dict, optimizer_state_dict (AdamW
                          after one step), losses}
  seed_orig_mod.pt        bare seed state dict saved from torch.compile (`_orig_mod.`)
  seed_f16.pt             seed checkpoint in float16
  seed_bf16_module.pt     GPT-2-flavoured seed model (tied head, q/k/v biases) in
                          bfloat16, saved from DDP (`module.`)
  nanogpt_bias.pt         nanoGPT ckpt.pt, bias=True
  nanogpt_nobias.pt       nanoGPT ckpt.pt, bias=False, from torch.compile
  nanogpt_config_heads.pt nanoGPT state dict + training config, no model_args
  nanogpt_bare.pt         nanoGPT {'model': ...} only: n_head must be assumed (1)
  hf_gpt2/                config.json + model.safetensors (GPT2Model names)
  hf_gpt2_prefixed/       config.json + model.safetensors (transformer. prefix)
  hf_gpt2_bin/            config.json + pytorch_model.bin (transformer. prefix, lm_head
                          saved tied, attn.bias / masked_bias buffers, exact GELU)
  seed_pretrain.pt        the seed repository's pretraining payload: weights, AdamW state
                          after two real steps, losses, config, pytorch_version
                          (a TorchVersion object), torch.device, lr_state
  seed_sft.pt             a post-training (SFT) payload: `cfg`, `stage`, `metrics`
  seed_reward.pt          a reward model: `transformer.*` backbone + `reward_head.weight`
  seed_value_head.pt      a PPO policy: `transformer.*` + `value_head.0.*`, `value_head.2.*`
  seed_ddp.pt             the pretraining payload saved from DistributedDataParallel (`module.`)
  seed_compile.pt         the pretraining payload saved from torch.compile (`_orig_mod.`)
  seed_50304.pt           bfloat16 weights, the GPT-2 vocabulary padded to 50,304 rows
  seed_objects.pt         objects people keep beside weights: argparse.Namespace, a
                          dataclass, pathlib paths, functools.partial, numpy scalars and
                          arrays, a dict subclass holding the hyper-parameters, torch dtypes
  seed_lightning.pt       a Lightning-style checkpoint: `state_dict` under `model.`,
                          `hyper_parameters` as an AttributeDict-like dict subclass
  seed_conflict.pt        a payload whose `config` says 8 heads beside 4-head tensors
  protocols/seed_p{1..5}.pt  one model saved with each pickle protocol (plain data beside it,
                          strided and offset views, float64 in protocol 5)
  hostile/*.pt            pickles that would run a command if unpickled by Python:
                          they must be refused and never executed.

The nanoGPT and GPT-2 classes below are written from the published
architectures (nanoGPT's model.py layout and names; GPT-2's Conv1D layout and
tanh GELU), not copied. Weights are drawn larger than those projects' 0.02
initialisation so that attention is far from uniform and any mistake in
splitting heads or transposing shows in the numbers.
"""
import argparse
import collections
import copy
import dataclasses
import functools
import json
import math
import os
import pathlib
import sys

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import seed_model  # noqa: E402
import st_io  # noqa: E402

OUT = os.path.join(HERE, "..", "fixtures", "checkpoints")
TOKENS = [3, 14, 1, 5, 9, 2, 6, 5, 3, 5, 8, 7]
# What a hostile pickle would create if it ever ran; tst_hostile_files checks it does not.
MARKER = "/tmp/attnscope_hostile_marker"


def config_json(arch, V, T, C, H, L, activation, qkv_bias, bias, lm_head_bias, tied, eps=1e-5):
    """The ModelConfig (config.h) AttnScope must arrive at, as ModelConfig::to_json writes it."""
    return {"arch": arch, "vocab_size": V, "context_length": T, "n_embed": C, "n_head": H,
            "n_layer": L, "mlp_hidden": 4 * C, "activation": activation, "qkv_bias": qkv_bias,
            "bias": bias, "lm_head_bias": lm_head_bias, "tied_lm_head": tied, "ln_eps": eps}


def write_expected(name, weights, logits, config, naming, fmt, state_dict_key=""):
    """weights: per-layer (H, T, T) arrays; logits: (V) at the last position."""
    tensors = {f"blk.{l}.attn.weights": np.asarray(w, dtype=np.float32) for l, w in enumerate(weights)}
    tensors["logits"] = np.asarray(logits, dtype=np.float32)
    meta = {"tokens": json.dumps(TOKENS), "config": json.dumps(config), "naming": naming,
            "format": fmt, "state_dict_key": state_dict_key}
    st_io.save(os.path.join(OUT, name + ".expected.safetensors"), tensors, meta)


# ---------------------------------------------------------------- seed model

def seed_expected(model):
    """Runs the seed Transformer on TOKENS: per-layer (H, T, T) weights and last logits."""
    model.eval()
    with torch.no_grad():
        logits = model(torch.tensor([TOKENS]))
    weights = [torch.stack([h.last_weights[0] for h in blk.attn.heads]).numpy()
               for blk in model.attn_blocks]
    return weights, logits[0, -1].numpy()


def seed_config(model, dtype_note=None):
    blk = model.attn_blocks[0]
    C = model.token_embed.embedding_dim
    g = model.gpt2
    return config_json("gpt2" if g else "seed", model.token_embed.num_embeddings, model.context_length,
                       C, len(blk.attn.heads), len(model.attn_blocks),
                       "gelu_tanh" if g else "relu", g, True, not g, g)


def rounded_copy(model, dtype):
    """A float32 model whose parameters are those of `model` rounded to `dtype`."""
    r = copy.deepcopy(model)
    with torch.no_grad():
        for p in r.parameters():
            p.copy_(p.to(dtype).float())
    return r


def make_seed_fixtures():
    # (a) a training checkpoint: weights, AdamW state after one step, loss history.
    torch.manual_seed(101)
    m = seed_model.Transformer(n_head=4, n_embed=16, context_length=16, vocab_size=50, N_BLOCKS=2)
    opt = torch.optim.AdamW(m.parameters(), lr=3e-3)
    x = torch.randint(0, 50, (2, 16))
    y = torch.randint(0, 50, (2, 16))
    loss = F.cross_entropy(m(x).view(-1, 50), y.view(-1))
    loss.backward()
    opt.step()
    torch.save({"model_state_dict": m.state_dict(), "optimizer_state_dict": opt.state_dict(),
                "losses": [float(loss.item()), 3.75, 3.5]}, os.path.join(OUT, "seed_adamw.pt"))
    write_expected("seed_adamw", *seed_expected(m), seed_config(m), "seed", "pytorch-zip",
                   "model_state_dict")

    # (b) a bare state dict from a torch.compile'd model.
    torch.manual_seed(102)
    m = seed_model.Transformer(n_head=4, n_embed=32, context_length=16, vocab_size=64, N_BLOCKS=2)
    sd = collections.OrderedDict(("_orig_mod." + k, v) for k, v in m.state_dict().items())
    torch.save(sd, os.path.join(OUT, "seed_orig_mod.pt"))
    write_expected("seed_orig_mod", *seed_expected(m), seed_config(m), "seed", "pytorch-zip")

    # (c) half precision: float16 in a checkpoint dict, bfloat16 as a DDP state dict of
    # the GPT-2-flavoured seed model (tied lm_head stored once, q/k/v biases).
    torch.manual_seed(103)
    m = seed_model.Transformer(n_head=2, n_embed=32, context_length=16, vocab_size=64, N_BLOCKS=2)
    torch.save({"model_state_dict": copy.deepcopy(m).half().state_dict()},
               os.path.join(OUT, "seed_f16.pt"))
    write_expected("seed_f16", *seed_expected(rounded_copy(m, torch.float16)), seed_config(m),
                   "seed", "pytorch-zip", "model_state_dict")

    torch.manual_seed(104)
    m = seed_model.Transformer(n_head=4, n_embed=32, context_length=16, vocab_size=64, N_BLOCKS=2,
                               gpt2=True)
    b = copy.deepcopy(m).to(torch.bfloat16)
    sd = collections.OrderedDict(("module." + k, v) for k, v in b.state_dict().items())
    torch.save(sd, os.path.join(OUT, "seed_bf16_module.pt"))
    write_expected("seed_bf16_module", *seed_expected(rounded_copy(m, torch.bfloat16)),
                   seed_config(m), "seed", "pytorch-zip")


# ---------------------------------------------------------------- the seed repository's payloads

def seed_cfg(m, **extra):
    """The model part of the seed's config dict (the names its scripts use)."""
    blk = m.attn_blocks[0]
    d = {"n_embed": m.token_embed.embedding_dim, "n_head": len(blk.attn.heads),
         "n_blocks": len(m.attn_blocks), "context_length": m.context_length,
         "vocab_size": m.token_embed.num_embeddings}
    d.update(extra)
    return d


def adamw_steps(model, steps, vocab, T):
    """AdamW after `steps` real steps on random data: what the pretraining loop saves."""
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=0.1)
    losses = []
    for _ in range(steps):
        x = torch.randint(0, vocab, (2, T))
        y = torch.randint(0, vocab, (2, T))
        opt.zero_grad()
        loss = F.cross_entropy(model(x).view(-1, vocab), y.view(-1))
        loss.backward()
        opt.step()
        losses.append(float(loss.item()))
    return opt, losses


def pretrain_payload(m, opt, losses, prefix=""):
    sd = collections.OrderedDict((prefix + k, v) for k, v in m.state_dict().items())
    return {"model_state_dict": sd, "optimizer_state_dict": opt.state_dict(), "losses": losses,
            "train_loss": losses[-1], "dev_loss": losses[-1] + 0.1, "step": len(losses),
            "last_completed_step": len(losses), "steps": 1000, "is_final": False,
            "config": seed_cfg(m, batch_size=2, learning_rate=3e-3, max_iters=1000),
            "device": torch.device("cpu"), "pytorch_version": torch.__version__,
            "cuda_version": None,
            "lr_state": {"base_lr": 3e-3, "warmup_steps": 100, "last_lr": 2.9e-3}}


class RewardModel(nn.Module):
    """The seed's reward model: the transformer and a scalar head on its last hidden state."""

    def __init__(self, backbone):
        super().__init__()
        self.transformer = backbone
        self.reward_head = nn.Linear(backbone.token_embed.embedding_dim, 1, bias=False)


class PolicyWithValueHead(nn.Module):
    """PPO's policy: the transformer and a two-layer value head."""

    def __init__(self, backbone):
        super().__init__()
        C = backbone.token_embed.embedding_dim
        self.transformer = backbone
        self.value_head = nn.Sequential(nn.Linear(C, C), nn.Tanh(), nn.Linear(C, 1))


def post_training_payload(sd, m, stage, opt):
    return {"model_state_dict": sd, "optimizer_state_dict": opt.state_dict() if opt else None,
            "stage": stage, "cfg": seed_cfg(m, lr=1e-5, beta=0.1), "step": 3,
            "metrics": {"loss": 1.25, "reward_mean": 0.5}, "pytorch_version": torch.__version__,
            "cuda_version": None}


@dataclasses.dataclass
class RunInfo:
    name: str
    seed: int
    lr: float


class AttributeDict(dict):
    """What Lightning keeps hyper-parameters in: a dict subclass."""


def make_seed_payload_fixtures():
    def model(seed, V=50, C=16, H=4, L=2, T=16):
        torch.manual_seed(seed)
        return seed_model.Transformer(n_head=H, n_embed=C, context_length=T, vocab_size=V, N_BLOCKS=L)

    def save(name, payload, m, key="model_state_dict"):
        torch.save(payload, os.path.join(OUT, name + ".pt"))
        write_expected(name, *seed_expected(m), seed_config(m), "seed", "pytorch-zip", key)

    m = model(601)
    opt, losses = adamw_steps(m, 2, 50, 16)
    save("seed_pretrain", pretrain_payload(m, opt, losses), m)

    m = model(602)
    opt, losses = adamw_steps(m, 2, 50, 16)
    save("seed_ddp", pretrain_payload(m, opt, losses, prefix="module."), m)

    m = model(603)
    opt, losses = adamw_steps(m, 2, 50, 16)
    save("seed_compile", pretrain_payload(m, opt, losses, prefix="_orig_mod."), m)

    m = model(604)
    opt, _ = adamw_steps(m, 1, 50, 16)
    save("seed_sft", post_training_payload(m.state_dict(), m, "sft", opt), m)

    m = model(605)
    r = RewardModel(m)
    opt, _ = adamw_steps(m, 1, 50, 16)
    save("seed_reward", post_training_payload(r.state_dict(), m, "reward", None), m)

    m = model(606)
    pv = PolicyWithValueHead(m)
    save("seed_value_head", post_training_payload(pv.state_dict(), m, "ppo",
                                                   torch.optim.AdamW(pv.parameters())), m)

    # The GPT-2 vocabulary, padded as the seed pads it, stored in bfloat16.
    m = model(607, V=50304, C=8, H=2, L=1)
    b = copy.deepcopy(m).to(torch.bfloat16)
    torch.save(post_training_payload(b.state_dict(), m, "sft", None), os.path.join(OUT, "seed_50304.pt"))
    write_expected("seed_50304", *seed_expected(rounded_copy(m, torch.bfloat16)), seed_config(m), "seed",
                   "pytorch-zip", "model_state_dict")

    m = model(608)
    extras = {"args": argparse.Namespace(lr=3e-4, out_dir="runs/a", n_head=4),
              "run": RunInfo("a", 1, 3e-4), "out_dir": pathlib.PurePosixPath("runs/a"),
              "schedule": functools.partial(math.cos, 0.5), "best": np.float64(3.25),
              "n_seen": np.int64(4096), "mask": np.arange(6, dtype=np.float32).reshape(2, 3),
              "dtype": torch.float32, "size": torch.Size([2, 3]), "ids": {1, 2, 3}, "raw": b"\x00\x01"}
    hp = AttributeDict(seed_cfg(m))
    save("seed_objects", {"model_state_dict": m.state_dict(), "hyper_parameters": hp, **extras}, m)

    m = model(609)
    sd = collections.OrderedDict(("model." + k, v) for k, v in m.state_dict().items())
    save("seed_lightning", {"state_dict": sd, "epoch": 2, "global_step": 40,
                            "pytorch-lightning_version": "2.1.0",
                            "hyper_parameters": AttributeDict(seed_cfg(m, lr=1e-3)),
                            "optimizer_states": [opt.state_dict()], "lr_schedulers": []}, m, "state_dict")

    m = model(610)
    torch.save({"model_state_dict": m.state_dict(), "config": seed_cfg(m, n_head=8)},
               os.path.join(OUT, "seed_conflict.pt"))


# ---------------------------------------------------------------- nanoGPT

class NanoLayerNorm(nn.Module):
    """LayerNorm with an optional bias (nanoGPT's bias=False drops it)."""

    def __init__(self, n, bias):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))
        self.bias = nn.Parameter(torch.zeros(n)) if bias else None

    def forward(self, x):
        return F.layer_norm(x, self.weight.shape, self.weight, self.bias, 1e-5)


class NanoSelfAttention(nn.Module):
    """One fused projection makes q, k and v for every head; a causal softmax mixes values."""

    def __init__(self, n_embd, n_head, block_size, bias):
        super().__init__()
        self.n_head = n_head
        self.c_attn = nn.Linear(n_embd, 3 * n_embd, bias=bias)
        self.c_proj = nn.Linear(n_embd, n_embd, bias=bias)
        # The mask buffer nanoGPT keeps when PyTorch has no flash attention (torch < 2).
        mask = torch.tril(torch.ones(block_size, block_size))
        self.register_buffer("bias", mask.view(1, 1, block_size, block_size))
        self.last_weights = None

    def forward(self, x):
        B, T, C = x.shape
        hs = C // self.n_head
        q, k, v = self.c_attn(x).split(C, dim=2)
        q, k, v = (t.view(B, T, self.n_head, hs).transpose(1, 2) for t in (q, k, v))
        scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(hs))
        scores = scores.masked_fill(self.bias[:, :, :T, :T] == 0, float("-inf"))
        att = F.softmax(scores, dim=-1)
        self.last_weights = att
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        return self.c_proj(y)


class NanoMLP(nn.Module):
    def __init__(self, n_embd, bias):
        super().__init__()
        self.c_fc = nn.Linear(n_embd, 4 * n_embd, bias=bias)
        self.gelu = nn.GELU()  # exact (erf) GELU
        self.c_proj = nn.Linear(4 * n_embd, n_embd, bias=bias)

    def forward(self, x):
        return self.c_proj(self.gelu(self.c_fc(x)))


class NanoBlock(nn.Module):
    def __init__(self, n_embd, n_head, block_size, bias):
        super().__init__()
        self.ln_1 = NanoLayerNorm(n_embd, bias)
        self.attn = NanoSelfAttention(n_embd, n_head, block_size, bias)
        self.ln_2 = NanoLayerNorm(n_embd, bias)
        self.mlp = NanoMLP(n_embd, bias)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class NanoGPT(nn.Module):
    """nanoGPT's GPT: transformer.{wte, wpe, h, ln_f} and an lm_head sharing wte's weight."""

    def __init__(self, n_layer, n_head, n_embd, block_size, bias, vocab_size):
        super().__init__()
        self.transformer = nn.ModuleDict(dict(
            wte=nn.Embedding(vocab_size, n_embd),
            wpe=nn.Embedding(block_size, n_embd),
            h=nn.ModuleList([NanoBlock(n_embd, n_head, block_size, bias) for _ in range(n_layer)]),
            ln_f=NanoLayerNorm(n_embd, bias)))
        self.lm_head = nn.Linear(n_embd, vocab_size, bias=False)
        self.transformer.wte.weight = self.lm_head.weight
        with torch.no_grad():
            for name, p in self.named_parameters():
                if name.endswith("ln_1.weight") or name.endswith("ln_2.weight") or name.endswith("ln_f.weight"):
                    p.copy_(1 + 0.1 * torch.randn_like(p))
                elif p.dim() == 1:
                    p.normal_(0.0, 0.1)
                else:
                    p.normal_(0.0, 0.3)

    def forward(self, idx):
        T = idx.shape[1]
        x = self.transformer.wte(idx) + self.transformer.wpe(torch.arange(T))
        for blk in self.transformer.h:
            x = blk(x)
        return self.lm_head(self.transformer.ln_f(x))


def nano_expected(model):
    model.eval()
    with torch.no_grad():
        logits = model(torch.tensor([TOKENS]))
    return [blk.attn.last_weights[0].numpy() for blk in model.transformer.h], logits[0, -1].numpy()


def nano_config(a):
    return config_json("gpt2", a["vocab_size"], a["block_size"], a["n_embd"], a["n_head"],
                       a["n_layer"], "gelu", a["bias"], a["bias"], False, True)


def nano_train_config(a, compile_):
    """The globals nanoGPT's train.py saves as 'config'."""
    return {"out_dir": "out", "eval_interval": 250, "log_interval": 10, "eval_iters": 200,
            "eval_only": False, "always_save_checkpoint": True, "init_from": "scratch",
            "wandb_log": False, "dataset": "shakespeare_char", "gradient_accumulation_steps": 1,
            "batch_size": 4, "block_size": a["block_size"], "n_layer": a["n_layer"],
            "n_head": a["n_head"], "n_embd": a["n_embd"], "dropout": 0.0, "bias": a["bias"],
            "learning_rate": 1e-3, "max_iters": 1, "weight_decay": 0.1, "beta1": 0.9,
            "beta2": 0.99, "grad_clip": 1.0, "decay_lr": True, "warmup_iters": 100,
            "lr_decay_iters": 5000, "min_lr": 1e-4, "backend": "nccl", "device": "cpu",
            "dtype": "float32", "compile": compile_}


def one_adamw_step(model, vocab, block):
    """nanoGPT's optimizer: AdamW with weight decay on matrices only, after one step."""
    params = [p for p in model.parameters() if p.requires_grad]
    groups = [{"params": [p for p in params if p.dim() >= 2], "weight_decay": 0.1},
              {"params": [p for p in params if p.dim() < 2], "weight_decay": 0.0}]
    opt = torch.optim.AdamW(groups, lr=1e-3, betas=(0.9, 0.99))
    x = torch.randint(0, vocab, (2, block))
    y = torch.randint(0, vocab, (2, block))
    loss = F.cross_entropy(model(x).view(-1, vocab), y.view(-1))
    loss.backward()
    opt.step()
    return opt, loss.detach()


def make_nanogpt_fixtures():
    for name, seed, bias, heads, compile_ in (("nanogpt_bias", 201, True, 4, False),
                                               ("nanogpt_nobias", 202, False, 2, True)):
        torch.manual_seed(seed)
        args = dict(n_layer=2, n_head=heads, n_embd=20, block_size=16, bias=bias, vocab_size=64,
                    dropout=0.0)
        m = NanoGPT(**{k: v for k, v in args.items() if k != "dropout"})
        opt, loss = one_adamw_step(m, 64, 16)
        sd = m.state_dict()
        if compile_:  # what raw_model.state_dict() gives for a torch.compile'd model
            sd = collections.OrderedDict(("_orig_mod." + k, v) for k, v in sd.items())
        torch.save({"model": sd, "optimizer": opt.state_dict(), "model_args": args, "iter_num": 1,
                    "best_val_loss": loss, "config": nano_train_config(args, compile_)},
                   os.path.join(OUT, name + ".pt"))
        write_expected(name, *nano_expected(m), nano_config(args), "nanogpt", "pytorch-zip", "model")

    # No model_args: the config comes from the shapes, n_head from the training config...
    torch.manual_seed(203)
    args = dict(n_layer=2, n_head=2, n_embd=16, block_size=16, bias=True, vocab_size=40)
    m = NanoGPT(**args)
    torch.save({"model": m.state_dict(), "config": nano_train_config(args, False)},
               os.path.join(OUT, "nanogpt_config_heads.pt"))
    write_expected("nanogpt_config_heads", *nano_expected(m), nano_config(args), "nanogpt",
                   "pytorch-zip", "model")
    # ... or, with nothing to say how many heads, assumed: 1 when C is not a multiple of 64.
    torch.manual_seed(204)
    args = dict(n_layer=2, n_head=1, n_embd=16, block_size=16, bias=False, vocab_size=40)
    m = NanoGPT(**args)
    torch.save({"model": m.state_dict()}, os.path.join(OUT, "nanogpt_bare.pt"))
    write_expected("nanogpt_bare", *nano_expected(m), nano_config(args), "nanogpt",
                   "pytorch-zip", "model")


# ---------------------------------------------------------------- GPT-2 (Hugging Face layout)

def gelu_tanh(x):
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


def random_gpt2(V, T, C, L, gen):
    """GPT2Model parameters under Hugging Face's names; Conv1D weights are (in, out)."""
    def n(*shape, std):
        return (torch.randn(*shape, generator=gen) * std).float()
    p = {"wte.weight": n(V, C, std=0.5), "wpe.weight": n(T, C, std=0.3)}
    for l in range(L):
        h = f"h.{l}."
        for ln in ("ln_1", "ln_2"):
            p[h + ln + ".weight"] = 1 + n(C, std=0.1)
            p[h + ln + ".bias"] = n(C, std=0.1)
        p[h + "attn.c_attn.weight"] = n(C, 3 * C, std=0.3)
        p[h + "attn.c_attn.bias"] = n(3 * C, std=0.1)
        p[h + "attn.c_proj.weight"] = n(C, C, std=0.2)
        p[h + "attn.c_proj.bias"] = n(C, std=0.1)
        p[h + "mlp.c_fc.weight"] = n(C, 4 * C, std=0.2)
        p[h + "mlp.c_fc.bias"] = n(4 * C, std=0.1)
        p[h + "mlp.c_proj.weight"] = n(4 * C, C, std=0.1)
        p[h + "mlp.c_proj.bias"] = n(C, std=0.1)
    p["ln_f.weight"] = 1 + n(C, std=0.1)
    p["ln_f.bias"] = n(C, std=0.1)
    return p


def gpt2_forward(p, n_head, L, act):
    """GPT-2's forward pass: pre-LayerNorm blocks, Conv1D (x @ W + b), tied lm_head."""
    ids = torch.tensor(TOKENS)
    T = len(TOKENS)
    x = p["wte.weight"][ids] + p["wpe.weight"][:T]
    C = x.shape[1]
    hs = C // n_head
    mask = torch.tril(torch.ones(T, T)) == 0
    weights = []
    for l in range(L):
        h = f"h.{l}."
        a = F.layer_norm(x, (C,), p[h + "ln_1.weight"], p[h + "ln_1.bias"], 1e-5)
        q, k, v = (a @ p[h + "attn.c_attn.weight"] + p[h + "attn.c_attn.bias"]).split(C, dim=1)
        q, k, v = (t.view(T, n_head, hs).transpose(0, 1) for t in (q, k, v))
        s = (q @ k.transpose(-2, -1)) / math.sqrt(hs)
        w = F.softmax(s.masked_fill(mask, float("-inf")), dim=-1)
        weights.append(w.numpy())
        y = (w @ v).transpose(0, 1).reshape(T, C)
        x = x + y @ p[h + "attn.c_proj.weight"] + p[h + "attn.c_proj.bias"]
        m = F.layer_norm(x, (C,), p[h + "ln_2.weight"], p[h + "ln_2.bias"], 1e-5)
        x = x + act(m @ p[h + "mlp.c_fc.weight"] + p[h + "mlp.c_fc.bias"]) @ p[h + "mlp.c_proj.weight"] \
            + p[h + "mlp.c_proj.bias"]
    x = F.layer_norm(x, (C,), p["ln_f.weight"], p["ln_f.bias"], 1e-5)
    return weights, (x @ p["wte.weight"].T)[-1].numpy()


def hf_config(V, T, C, H, L, activation):
    return {"activation_function": activation, "architectures": ["GPT2LMHeadModel"],
            "attn_pdrop": 0.1, "bos_token_id": V - 1, "embd_pdrop": 0.1, "eos_token_id": V - 1,
            "initializer_range": 0.02, "layer_norm_epsilon": 1e-05, "model_type": "gpt2",
            "n_ctx": T, "n_embd": C, "n_head": H, "n_inner": None, "n_layer": L,
            "n_positions": T, "reorder_and_upcast_attn": False, "resid_pdrop": 0.1,
            "scale_attn_by_inverse_layer_idx": False, "scale_attn_weights": True,
            "summary_activation": None, "summary_first_dropout": 0.1, "summary_proj_to_labels": True,
            "summary_type": "cls_index", "summary_use_proj": True, "torch_dtype": "float32",
            "transformers_version": "4.30.2", "use_cache": True, "vocab_size": V}


def make_hf_fixtures():
    V, T, C, H, L = 80, 32, 32, 4, 2
    for name, seed, activation in (("hf_gpt2", 301, "gelu_new"), ("hf_gpt2_prefixed", 302, "gelu_new"),
                                   ("hf_gpt2_bin", 303, "gelu")):
        gen = torch.Generator().manual_seed(seed)
        p = random_gpt2(V, T, C, L, gen)
        folder = os.path.join(OUT, name)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "config.json"), "w") as f:
            json.dump(hf_config(V, T, C, H, L, activation), f, indent=2)
            f.write("\n")
        if name == "hf_gpt2":
            st_io.save(os.path.join(folder, "model.safetensors"), p, {"format": "pt"})
        elif name == "hf_gpt2_prefixed":
            st_io.save(os.path.join(folder, "model.safetensors"),
                       {"transformer." + k: v for k, v in p.items()}, {"format": "pt"})
        else:  # an older GPT2LMHeadModel.save_pretrained: buffers and the tied head included
            sd = collections.OrderedDict(("transformer." + k, v) for k, v in p.items())
            for l in range(L):
                sd[f"transformer.h.{l}.attn.bias"] = torch.tril(torch.ones(T, T, dtype=torch.uint8)).view(1, 1, T, T)
                sd[f"transformer.h.{l}.attn.masked_bias"] = torch.tensor(-1e4)
            sd["lm_head.weight"] = sd["transformer.wte.weight"]
            torch.save(sd, os.path.join(folder, "pytorch_model.bin"))
        act = gelu_tanh if activation == "gelu_new" else (lambda t: F.gelu(t))
        cfg = config_json("gpt2", V, T, C, H, L, "gelu_tanh" if activation == "gelu_new" else "gelu",
                          True, True, False, True)
        write_expected(name, *gpt2_forward(p, H, L, act), cfg, "hf-gpt2", "hf-gpt2-folder")


# ---------------------------------------------------------------- pickle protocols

def make_protocol_fixtures():
    """One small seed model saved with pickle protocols 1 to 5, beside plain data that
    uses each protocol's opcodes. Some weights are strided views: lm_head.weight is
    stored column-major (stride (1, V)) and position_embed.weight starts 3 rows into a
    larger storage. Protocol 5 stores float64 (exactly the float32 values)."""
    folder = os.path.join(OUT, "protocols")
    os.makedirs(folder, exist_ok=True)
    torch.manual_seed(501)
    m = seed_model.Transformer(n_head=2, n_embed=8, context_length=12, vocab_size=10, N_BLOCKS=1)
    with torch.no_grad():
        m.lm_head.weight.data = m.lm_head.weight.data.t().contiguous().t()
        big = torch.randn(15, 8)
        m.position_embed.weight.data = big[3:]
    assert not m.lm_head.weight.is_contiguous() and m.position_embed.weight.storage_offset() == 24
    plain = [None, True, False, 0, 255, 65535, -1, 2 ** 31, 2 ** 40, -2 ** 63, 1.5, float("inf"),
             "text", "caf\u00e9 \u2603", (), (1,), (1, 2), (1, 2, 3), [1, [2, [3]]],
             {1: "a", "b": (2.5,)}, collections.OrderedDict(a=1)]
    for proto in (1, 2, 3, 4, 5):
        model = copy.deepcopy(m).double() if proto == 5 else m
        # bytes, sets and bytearrays only once a protocol has opcodes for them (before,
        # pickle calls builtins for them, which the restricted unpickler refuses).
        extra = plain + ([b"bytes"] if proto >= 3 else []) + \
            ([{1, 2}, frozenset({3})] if proto >= 4 else []) + ([bytearray(b"ba")] if proto >= 5 else [])
        torch.save({"model_state_dict": model.state_dict(), "extra": extra, "epoch": 3},
                   os.path.join(folder, f"seed_p{proto}.pt"), pickle_protocol=proto)


# ---------------------------------------------------------------- hostile pickles

class RunsCommand:
    """Unpickled by Python, this would call os.system(command)."""

    def __init__(self, command):
        self.command = command

    def __reduce__(self):
        return (os.system, (self.command,))


class EvaluatesCode:
    """Unpickled by Python, this would call eval(code)."""

    def __init__(self, code):
        self.code = code

    def __reduce__(self):
        import builtins
        return (builtins.eval, (self.code,))


def make_hostile_fixtures():
    folder = os.path.join(OUT, "hostile")
    os.makedirs(folder, exist_ok=True)
    torch.manual_seed(401)
    m = seed_model.Transformer(n_head=2, n_embed=8, context_length=4, vocab_size=10, N_BLOCKS=1)
    sd = m.state_dict()
    # A checkpoint that looks right but carries a command beside the weights (protocol 2:
    # GLOBAL 'posix system' + REDUCE).
    torch.save({"model_state_dict": sd, "losses": [1.0], "note": RunsCommand("touch " + MARKER)},
               os.path.join(folder, "os_system.pt"))
    # The whole checkpoint is a call to eval (GLOBAL 'builtins eval' + REDUCE).
    torch.save(EvaluatesCode(f"open('{MARKER}', 'w')"), os.path.join(folder, "builtins_eval.pt"))
    # Protocol 4 names globals with STACK_GLOBAL instead.
    torch.save({"model_state_dict": sd, "hook": RunsCommand("touch " + MARKER)},
               os.path.join(folder, "stack_global.pt"), pickle_protocol=4)


def sizes():
    total = 0
    for root, _, files in os.walk(OUT):
        for f in sorted(files):
            path = os.path.join(root, f)
            total += os.path.getsize(path)
            print(f"{os.path.getsize(path):8d}  {os.path.relpath(path, OUT)}")
    print(f"{total:8d}  total")


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    make_seed_fixtures()
    make_seed_payload_fixtures()
    make_nanogpt_fixtures()
    make_hf_fixtures()
    make_protocol_fixtures()
    make_hostile_fixtures()
    sizes()
