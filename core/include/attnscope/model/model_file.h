#pragma once
// Opening and saving model files. A file's format is recognised from its bytes,
// not its name; its tensor names are mapped onto the canonical Weights with
// every shape checked.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "attnscope/formats/safetensors.h"
#include "attnscope/model/weights.h"

namespace attnscope {

// Metadata keys AttnScope writes into safetensors files.
inline constexpr const char* kMetaConfig = "attnscope.config";        // ModelConfig JSON
inline constexpr const char* kMetaTokenizer = "attnscope.tokenizer";  // tokenizer JSON
inline constexpr const char* kMetaTraining = "attnscope.training";    // how it was trained

struct LoadedModel {
    std::shared_ptr<const Weights> weights;
    std::string path;
    std::string format;   // "safetensors", "gguf", "pytorch-zip", "hf-gpt2-folder", "hf-folder", "hf-folder-sharded"
    std::string naming;   // "seed", "nanogpt", "hf-gpt2", or the architecture ("llama", "gpt_neox", ...)
    Metadata metadata;    // from the file (safetensors; GGUF's keys as text, arrays as "[n type]") or empty
    std::vector<std::pair<std::string, Shape>> file_tensors;  // as stored, for `info`
    // What the user should know about how the file was read: prefixes removed,
    // entries ignored (optimizer state, losses), values assumed.
    std::vector<std::string> notes;
    // PyTorch checkpoints: where the state dict was found ("model_state_dict",
    // "model", "state_dict"), "" for a bare state dict or another format.
    std::string state_dict_key;
    // nanoGPT checkpoints: the scalar entries of `model_args` as text
    // (n_layer, n_head, n_embd, block_size, bias = "true"/"false", vocab_size, ...).
    Metadata model_args;
    // PyTorch checkpoints: the entry whose hyper-parameters were checked against
    // the tensors ("config", "cfg", "model_args", ...), or "".
    std::string config_key;
    // Modules beside the transformer that were not opened (a reward model's
    // reward_head, a policy's value_head), each "name: tensor [shape], ...".
    std::vector<std::string> left_out;
    // What the checkpoint's pickle asked to call and AttnScope did not run,
    // e.g. "posix.system", "argparse.Namespace (2 times)".
    std::vector<std::string> not_run;
};

// Opens a model file or folder, recognising the format from the bytes:
//   - safetensors with seed, nanoGPT or Hugging Face GPT-2 tensor names (a
//     config.json beside a GPT-2 file gives its config);
//   - a PyTorch zip checkpoint (torch.save): a seed checkpoint or state dict
//     (with optimizer state, losses and any objects beside it), a nanoGPT
//     ckpt.pt, or a GPT-2 pytorch_model.bin, read by an inert unpickler that
//     never runs code from the file; a wrapper's backbone (a reward model, a
//     policy with a value head) is opened and its extra heads left out;
//   - a GGUF file (llama.cpp, Ollama, LM Studio; recognised by its magic
//     "GGUF"): llama, qwen2, qwen3, gpt2, gptneox, phi3 and gemma2, its weight
//     matrices kept quantized as stored (model/gguf_model.h);
//   - a folder: Hugging Face GPT-2 (config.json + model.safetensors or
//     pytorch_model.bin), or any other model_type of the architecture table
//     (llama, mistral, qwen2, qwen3, gpt_neox: config.json + model.safetensors
//     or model.safetensors.index.json + shards); another model_type is refused
//     with the list of supported ones.
// Throws Error whose message starts with the path and names the problem.
LoadedModel load_model(const std::string& path);

// Writes weights as float32 safetensors under the seed's names, with the config
// (and `extra` metadata, e.g. the tokenizer) in __metadata__.
void save_model(const std::string& path, const Weights& weights, Metadata extra = {});

}  // namespace attnscope
