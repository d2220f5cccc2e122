// Finding the models already on this machine (local_models.h): Ollama's
// manifests and blobs, LM Studio's .gguf files, the Hugging Face cache, and
// folders the user added. Probes read headers only.
#include "attnscope/model/local_models.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

#include "attnscope/common/error.h"
#include "attnscope/common/file_io.h"
#include "attnscope/formats/json.h"
#include "attnscope/model/architectures.h"
#include "model/gguf_model.h"
#include "model/hf_config.h"

namespace attnscope {

namespace fs = std::filesystem;

namespace {

constexpr int kFolderDepth = 4;       // how deep an added folder is searched
constexpr int64_t kMaxManifest = 1 << 20;

std::string home() {
    const char* h = std::getenv("HOME");
    return h && *h ? h : "";
}

std::string env_or(const char* name, const std::string& fallback) {
    const char* v = std::getenv(name);
    return v && *v ? v : fallback;
}

// The first `n` bytes of a file ("" when it cannot be read).
std::string head_bytes(const fs::path& p, size_t n) {
    std::ifstream f(p, std::ios::binary);
    std::string s(n, '\0');
    if (!f.read(s.data(), std::streamsize(n)) && f.gcount() <= 0) return {};
    s.resize(size_t(f.gcount()));
    return s;
}

int64_t size_of(const fs::path& p) {
    std::error_code ec;
    const auto n = fs::file_size(p, ec);
    return ec ? 0 : int64_t(n);
}

bool is_link_to_nothing(const fs::path& p) {
    std::error_code ec;
    return fs::is_symlink(p, ec) && !fs::exists(p, ec);
}

// A supported model_type of a config.json, or why not.
void probe_hf_folder(const fs::path& dir, LocalModel& m) {
    m.format = "hf-folder";
    const fs::path config = dir / "config.json";
    std::error_code ec;
    if (is_link_to_nothing(config)) {
        m.why_not = "config.json links to a file that is missing";
        return;
    }
    std::string text;
    try {
        text = read_regular_file(config.string(), kMaxConfigFileBytes, "config.json");
        m.architecture = hf_model_type(text, config.string());
    } catch (const Error& e) {
        m.why_not = e.what();
        return;
    }
    const Architecture* row = find_architecture(m.architecture);
    if (!row || (!row->hf_model_type && m.architecture != "gpt2")) {
        m.why_not = "model_type '" + m.architecture + "' is not one AttnScope opens (" + supported_model_types() + ")";
        return;
    }
    // Its weights: one file, an index of shards, or a PyTorch .bin.
    bool any = false;
    for (const char* name : {"model.safetensors", "model.safetensors.index.json", "pytorch_model.bin"}) {
        const fs::path w = dir / name;
        if (is_link_to_nothing(w)) {
            m.why_not = std::string(name) + " links to a blob that is missing (an interrupted download?)";
            return;
        }
        if (fs::is_regular_file(w, ec)) any = true;
    }
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        const std::string n = e.path().filename().string();
        if (n.size() > 12 && n.ends_with(".safetensors")) {
            if (is_link_to_nothing(e.path())) {
                m.why_not = n + " links to a blob that is missing (an interrupted download?)";
                return;
            }
            m.bytes += size_of(e.path());
        } else if (n == "pytorch_model.bin") {
            m.bytes += size_of(e.path());
        }
    }
    if (!any) {
        m.why_not = "the folder has config.json but no weights (model.safetensors or pytorch_model.bin)";
        return;
    }
    m.opens = true;
}

// A file's format from its first bytes.
void probe_file(const fs::path& p, LocalModel& m) {
    if (is_link_to_nothing(p)) {
        m.why_not = "a link to a file that is missing";
        return;
    }
    m.bytes = size_of(p);
    const std::string b = head_bytes(p, 24);
    if (b.size() >= 8 && std::memcmp(b.data(), "GGUF", 4) == 0) {
        m.format = "gguf";
        uint32_t version = 0;
        std::memcpy(&version, b.data() + 4, 4);
        if (version != 2 && version != 3) {
            m.why_not = "GGUF version " + std::to_string(version) + " (AttnScope reads versions 2 and 3)";
            return;
        }
        const GgufProbe g = probe_gguf(p.string());
        m.architecture = g.architecture;
        m.why_not = g.why_not;
        m.opens = g.why_not.empty();
        return;
    }
    if (b.size() >= 4 && b[0] == 'P' && b[1] == 'K' && b[2] == 3 && b[3] == 4) {
        m.format = "pytorch-zip";
        m.opens = true;
        return;
    }
    if (b.size() >= 9) {
        uint64_t n = 0;
        std::memcpy(&n, b.data(), 8);
        if (b[8] == '{' && n >= 2 && int64_t(n) + 8 <= m.bytes) {
            m.format = "safetensors";
            m.opens = true;
            return;
        }
    }
    m.why_not = b.empty() ? "the file cannot be read" : "not a model file AttnScope reads (GGUF, safetensors, PyTorch)";
}

// ----------------------------------------------------------------- Ollama

// manifests/<host>/<namespace>/<model>/<tag>: "model:tag" for the default
// registry's library, "namespace/model:tag" for another namespace.
std::string ollama_name(const fs::path& manifests, const fs::path& file) {
    std::vector<std::string> parts;
    for (const auto& part : fs::relative(file, manifests)) parts.push_back(part.string());
    if (parts.size() < 2) return file.filename().string();
    const std::string tag = parts.back(), model = parts[parts.size() - 2];
    std::string prefix;
    for (size_t i = 0; i + 2 < parts.size(); ++i) {
        if (i == 0 && parts[i] == "registry.ollama.ai") continue;
        if (i == 1 && parts[0] == "registry.ollama.ai" && parts[i] == "library") continue;
        prefix += parts[i] + "/";
    }
    return prefix + model + ":" + tag;
}

LocalModel ollama_model(const fs::path& root, const fs::path& manifest) {
    LocalModel m;
    m.source = "ollama";
    m.name = ollama_name(root / "manifests", manifest);
    m.format = "gguf";
    Json j;
    try {
        j = Json::parse(read_regular_file(manifest.string(), kMaxManifest, "manifest"));
    } catch (const Error& e) {
        m.why_not = std::string("its manifest cannot be read: ") + e.what();
        return m;
    }
    const Json* layers = j.is_object() ? j.find("layers") : nullptr;
    if (!layers || !layers->is_array()) {
        m.why_not = "its manifest has no list of layers";
        return m;
    }
    for (const Json& layer : layers->items()) {
        const Json* type = layer.is_object() ? layer.find("mediaType") : nullptr;
        const Json* digest = layer.is_object() ? layer.find("digest") : nullptr;
        if (!type || !type->is_string() || type->as_string() != "application/vnd.ollama.image.model") continue;
        if (!digest || !digest->is_string() || digest->as_string().rfind("sha256:", 0) != 0 ||
            digest->as_string().size() != 7 + 64 ||
            digest->as_string().find_first_not_of("0123456789abcdef", 7) != std::string::npos) {
            m.why_not = "its manifest's model layer has no valid sha256 digest";
            return m;
        }
        const fs::path blob = root / "blobs" / ("sha256-" + digest->as_string().substr(7));
        m.path = blob.string();
        std::error_code ec;
        if (!fs::exists(blob, ec)) {
            m.why_not = "its model blob " + blob.filename().string() + " is missing";
            return m;
        }
        LocalModel probed;
        probe_file(blob, probed);
        m.bytes = probed.bytes;
        m.format = probed.format;
        m.architecture = probed.architecture;
        m.opens = probed.opens;
        m.why_not = probed.why_not;
        return m;
    }
    m.why_not = "its manifest names no model layer";
    return m;
}

void add_ollama(const std::string& root, std::vector<LocalModel>& out, size_t limit) {
    std::error_code ec;
    const fs::path manifests = fs::path(root) / "manifests";
    if (root.empty() || !fs::is_directory(manifests, ec)) return;
    for (auto it = fs::recursive_directory_iterator(manifests, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
        if (out.size() >= limit) return;
        if (it.depth() > 4) {
            it.disable_recursion_pending();
            continue;
        }
        if (it->is_regular_file(ec)) out.push_back(ollama_model(root, it->path()));
    }
}

// ----------------------------------------------------------- Hugging Face

// models--org--name/snapshots/<revision>: the one refs/main names, else the newest.
void add_huggingface(const std::string& root, std::vector<LocalModel>& out, size_t limit) {
    std::error_code ec;
    if (root.empty() || !fs::is_directory(root, ec)) return;
    std::vector<fs::path> repos;
    for (const auto& e : fs::directory_iterator(root, ec))
        if (e.path().filename().string().rfind("models--", 0) == 0 && e.is_directory(ec)) repos.push_back(e.path());
    std::sort(repos.begin(), repos.end());
    for (const fs::path& repo : repos) {
        if (out.size() >= limit) return;
        LocalModel m;
        m.source = "huggingface";
        std::string id = repo.filename().string().substr(8);
        if (const size_t sep = id.find("--"); sep != std::string::npos) id.replace(sep, 2, "/");
        m.name = id;
        fs::path snapshot;
        const std::string ref = head_bytes(repo / "refs" / "main", 128);
        const std::string rev = ref.substr(0, ref.find_first_of("\r\n"));
        if (!rev.empty() && rev.find('/') == std::string::npos && fs::is_directory(repo / "snapshots" / rev, ec))
            snapshot = repo / "snapshots" / rev;
        if (snapshot.empty()) {
            fs::file_time_type newest{};
            for (const auto& s : fs::directory_iterator(repo / "snapshots", ec))
                if (s.is_directory(ec) && (snapshot.empty() || s.last_write_time(ec) > newest)) {
                    snapshot = s.path();
                    newest = s.last_write_time(ec);
                }
        }
        if (snapshot.empty()) {
            m.why_not = "the cache holds no snapshot of it";
            out.push_back(m);
            continue;
        }
        m.path = snapshot.string();
        probe_hf_folder(snapshot, m);
        out.push_back(m);
    }
}

// ------------------------------------------------- LM Studio and folders

// Candidate models under `root`: .gguf, .safetensors and .pt files, and
// folders with a config.json (not searched further).
void add_tree(const std::string& root, const std::string& source, std::vector<LocalModel>& out, size_t limit,
              std::set<std::string>& seen) {
    std::error_code ec;
    if (root.empty() || !fs::is_directory(root, ec)) return;
    const fs::path base(root);
    const auto visit = [&](const fs::path& p, bool folder) {
        LocalModel m;
        m.source = source;
        m.path = p.string();
        m.name = source == "lmstudio" ? fs::relative(p, base, ec).string() : p.filename().string();
        if (folder) probe_hf_folder(p, m);
        else probe_file(p, m);
        out.push_back(m);
    };
    for (auto it = fs::recursive_directory_iterator(base, fs::directory_options::follow_directory_symlink, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (out.size() >= limit) return;
        const fs::path p = it->path();
        if (it->is_directory(ec)) {
            const std::string canonical = fs::weakly_canonical(p, ec).string();
            if (it.depth() >= kFolderDepth || !seen.insert(canonical).second) {
                it.disable_recursion_pending();
                continue;
            }
            if (fs::exists(p / "config.json", ec) || is_link_to_nothing(p / "config.json")) {
                visit(p, true);
                it.disable_recursion_pending();
            }
            continue;
        }
        const std::string ext = p.extension().string();
        if (ext == ".gguf" || (source == "folder" && (ext == ".safetensors" || ext == ".pt" || ext == ".pth"))) {
            // Shards of a folder model were listed with it.
            if (ext == ".safetensors" && fs::exists(p.parent_path() / "config.json", ec)) continue;
            visit(p, false);
        }
    }
}

}  // namespace

LocalModelRoots default_local_model_roots() {
    LocalModelRoots r;
    const std::string h = home();
    r.ollama = env_or("OLLAMA_MODELS", h.empty() ? "" : h + "/.ollama/models");
    if (!h.empty()) r.lmstudio = {h + "/.lmstudio/models", h + "/.cache/lm-studio/models"};
    const std::string hf_home = env_or("HF_HOME", env_or("XDG_CACHE_HOME", h.empty() ? "" : h + "/.cache") +
                                                      "/huggingface");
    r.huggingface = env_or("HF_HUB_CACHE", hf_home + "/hub");
    return r;
}

LocalModel probe_model(const std::string& path) {
    LocalModel m;
    m.path = path;
    m.name = fs::path(path).filename().string();
    std::error_code ec;
    if (fs::is_directory(path, ec)) probe_hf_folder(path, m);
    else probe_file(path, m);
    return m;
}

std::vector<LocalModel> find_local_models(const LocalModelRoots& roots, size_t limit) {
    std::vector<LocalModel> out;
    std::set<std::string> seen;
    add_ollama(roots.ollama, out, limit);
    for (const std::string& r : roots.lmstudio) add_tree(r, "lmstudio", out, limit, seen);
    add_huggingface(roots.huggingface, out, limit);
    for (const std::string& r : roots.folders) add_tree(r, "folder", out, limit, seen);
    std::stable_sort(out.begin(), out.end(), [](const LocalModel& a, const LocalModel& b) {
        return a.source != b.source ? a.source < b.source : a.name < b.name;
    });
    return out;
}

std::string resolve_local_model(const std::string& name, const LocalModelRoots& roots) {
    if (name.empty() || name.front() == '/' || name.front() == '.') return {};
    std::error_code ec;
    // Ollama: [namespace/]model[:tag], tag "latest" by default; only when a
    // manifest of that name exists.
    if (!roots.ollama.empty() && fs::is_directory(fs::path(roots.ollama) / "manifests", ec)) {
        std::string model = name, tag = "latest";
        if (const size_t colon = name.rfind(':'); colon != std::string::npos && name.find('/', colon) == std::string::npos) {
            model = name.substr(0, colon);
            tag = name.substr(colon + 1);
        }
        const fs::path manifests = fs::path(roots.ollama) / "manifests" / "registry.ollama.ai";
        for (const fs::path& candidate :
             {manifests / "library" / model / tag, manifests / model / tag, fs::path(roots.ollama) / "manifests" / model / tag})
            if (fs::is_regular_file(candidate, ec)) {
                const LocalModel m = ollama_model(roots.ollama, candidate);
                return m.path.empty() ? candidate.string() : m.path;
            }
    }
    // Hugging Face: org/name in the cache.
    if (const size_t slash = name.find('/'); slash != std::string::npos && name.find('/', slash + 1) == std::string::npos &&
                                             !roots.huggingface.empty()) {
        const fs::path repo = fs::path(roots.huggingface) / ("models--" + name.substr(0, slash) + "--" + name.substr(slash + 1));
        if (fs::is_directory(repo, ec)) {
            std::vector<LocalModel> one;
            add_huggingface(roots.huggingface, one, 100000);
            for (const LocalModel& m : one)
                if (m.name == name) return m.path.empty() ? repo.string() : m.path;
        }
    }
    return {};
}

}  // namespace attnscope
