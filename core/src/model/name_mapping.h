#pragma once
// Maps the tensor names of the state dicts people train onto AttnScope's
// canonical Weights, checking every tensor against a name -> expected-shape
// table first so that each error names the tensor as the file stores it:
//   seed     token_embed / attn_blocks.L.attn.heads.H.{key,query,value} (SEED.md)
//   nanoGPT  transformer.{wte,wpe,h.L.*,ln_f}, Linear layout: c_attn (3C, C)
//   HF GPT-2 [transformer.]{wte,wpe,h.L.*,ln_f}, Conv1D layout: c_attn (C, 3C)
// Buffers (tril, pos_idxs, attn.bias, attn.masked_bias) are ignored.
#include <string>
#include <vector>

#include <optional>

#include "attnscope/model/weights.h"
#include "formats/stored_tensor.h"

namespace attnscope {

enum class Naming { Seed, NanoGpt, HfGpt2 };

// "seed", "nanogpt", "hf-gpt2" (LoadedModel::naming).
const char* naming_name(Naming n);

// Removes the wrapper prefixes torch.compile (`_orig_mod.`) and DDP (`module.`)
// put before every name, in any combination. Two names that become one throw
// Error(DuplicateTensor). Adds a note saying what was removed.
void strip_wrapper_prefixes(StoredMap& tensors, const std::string& origin,
                            std::vector<std::string>& notes);

// Recognises the naming from names and, for GPT-2 names, from the layout of
// c_attn's weight. `fallback` is used for GPT-2 names with no layer to tell
// the layouts apart. nullopt when the names are none of these.
std::optional<Naming> recognise_naming(const StoredMap& tensors, Naming fallback);
// As recognise_naming, but throws Error(UnknownFormat) listing a few names.
Naming detect_naming(const StoredMap& tensors, const std::string& origin, Naming fallback);

// The config of a model under seed names: `config` (from metadata) when given,
// else inferred from names and shapes. An lm_head identical to the token
// embedding is tied (and removed from `tensors`).
ModelConfig seed_config(StoredMap& tensors, const ModelConfig* config, const std::string& origin);
// Seed names onto Weights for `config`, each tensor read once into its place.
Weights map_seed(const StoredMap& tensors, const ModelConfig& config, const std::string& origin);

// GPT-2 names: the config read from the shapes (wte, wpe, h.N, c_fc, biases).
// The head count cannot be seen in a fused c_attn: `n_head` gives it, and when
// it is 0 a head size of 64 is assumed (1 head if C is not a multiple of 64),
// with a note saying so.
ModelConfig infer_gpt2_config(const StoredMap& tensors, Naming naming, int n_head,
                              const std::string& origin, std::vector<std::string>& notes);

// GPT-2 names onto Weights for `config` (vocab, context, sizes, biases and
// activation as the source says). Every tensor is checked: a missing one throws
// Error(MissingTensor), a wrong shape Error(ShapeMismatch) naming the tensor and
// both shapes, an unknown one Error(UnexpectedTensor), and the same parameter
// under two names Error(DuplicateTensor). lm_head.weight, when present and not
// equal to wte, unties the head.
Weights map_gpt2(const StoredMap& tensors, ModelConfig config, Naming naming, const std::string& origin);

}  // namespace attnscope
