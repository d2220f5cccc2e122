#pragma once
// The models already on this machine: Ollama's (its manifests and blobs),
// LM Studio's .gguf files, the Hugging Face cache's snapshots, and folders the
// user added. Each is listed with a name a person recognises, its size, its
// architecture and whether AttnScope opens it, and why not, before it is
// chosen. Nothing here loads weights: a model is probed from its headers.
#include <cstdint>
#include <string>
#include <vector>

namespace attnscope {

struct LocalModel {
    std::string name;          // "llama3:8b" (Ollama), "org/name" (HF cache), "publisher/repo/file.gguf" (LM Studio),
                               // the file or folder name (an added folder)
    std::string source;        // "ollama", "lmstudio", "huggingface", "folder"
    std::string path;          // what load_model opens: a blob, a .gguf, a snapshot folder, a file
    std::string format;        // "gguf", "safetensors", "pytorch-zip", "hf-folder", or "" when unknown
    std::string architecture;  // "llama", "gpt2", ... when the headers say, else ""
    int64_t bytes = 0;         // the weights' size on disk
    bool opens = false;
    std::string why_not;       // when it does not open: what is wrong, in English
};

struct LocalModelRoots {
    std::string ollama;                  // the folder holding manifests/ and blobs/
    std::vector<std::string> lmstudio;   // folders of publisher/repo/*.gguf
    std::string huggingface;             // the hub cache: models--org--name/...
    std::vector<std::string> folders;    // added by the user: searched a few levels deep
};

// Where the tools keep their models on this machine: $OLLAMA_MODELS or
// ~/.ollama/models; ~/.lmstudio/models and ~/.cache/lm-studio/models;
// $HF_HUB_CACHE, $HF_HOME/hub or ~/.cache/huggingface/hub. `folders` empty.
LocalModelRoots default_local_model_roots();

// Every model under the roots, sorted by source and name. Missing roots are
// skipped; unreadable manifests, missing blobs and dangling links are listed
// as not opening, with the reason. Bounded: at most `limit` entries, a few
// folder levels, no link followed twice.
std::vector<LocalModel> find_local_models(const LocalModelRoots& roots, size_t limit = 5000);

// What one path is, from its first bytes and its files: format, architecture,
// whether it opens. Used by find_local_models for each candidate.
LocalModel probe_model(const std::string& path);

// An Ollama "name:tag" ("llama3:8b", "library/llama3:8b", a tag defaulting to
// "latest") or a Hugging Face "org/name" in the cache, as a path load_model
// opens; "" when `name` is neither (then it is an ordinary path).
std::string resolve_local_model(const std::string& name, const LocalModelRoots& roots);

}  // namespace attnscope
