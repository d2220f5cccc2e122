#pragma once
// tst_hostile_files' test class and the writers it builds files with: a small
// zip writer (stored entries, ZIP64, lies on request), a pickle writer for
// what torch.save emits, and safetensors made from a small random model.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/resource.h>

#include <cstring>
#include <functional>

#include "attnscope/common/error.h"
#include "attnscope/run/model.h"
#include "attnscope/model/model_file.h"
#include "testutil.h"

using namespace attnscope;

// What the hostile fixtures' commands would create if they were ever run.
inline const char* kMarker = "/tmp/attnscope_hostile_marker";

inline QString checkpoints(const QString& sub) { return testutil::fixtures("checkpoints/" + sub); }

inline QByteArray readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

inline void writeAll(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
}

// n little-endian bytes of v (zeros past the eighth).
inline void le(QByteArray& b, uint64_t v, int n) {
    for (int i = 0; i < n; ++i) b += char(i < 8 ? (v >> (8 * i)) & 0xFF : 0);
}

inline uint32_t crc32(const QByteArray& data) {
    uint32_t c = 0xFFFFFFFFu;
    for (const char ch : data) {
        c ^= uint8_t(ch);
        for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
    }
    return ~c;
}

// ---- a minimal zip writer: stored entries, optional ZIP64 records, lies on request

struct ZipEntry {
    QByteArray name, data;
    uint16_t method = 0;
    int64_t claimed = -1;  // >= 0: the size the central directory states instead of the truth
};

inline QByteArray makeZip(const std::vector<ZipEntry>& entries, bool zip64 = false) {
    QByteArray out, central;
    for (const ZipEntry& e : entries) {
        const uint64_t offset = uint64_t(out.size());
        const uint64_t size = e.claimed >= 0 ? uint64_t(e.claimed) : uint64_t(e.data.size());
        const uint32_t small = zip64 ? 0xFFFFFFFFu : uint32_t(size);
        le(out, 0x04034b50, 4);
        le(out, zip64 ? 45 : 20, 2);
        le(out, 0, 2);
        le(out, e.method, 2);
        le(out, 0, 4);  // time, date
        le(out, crc32(e.data), 4);
        le(out, zip64 ? 0xFFFFFFFFu : uint32_t(e.data.size()), 4);
        le(out, zip64 ? 0xFFFFFFFFu : uint32_t(e.data.size()), 4);
        le(out, uint64_t(e.name.size()), 2);
        le(out, zip64 ? 20 : 0, 2);
        out += e.name;
        if (zip64) {
            le(out, 1, 2);
            le(out, 16, 2);
            le(out, uint64_t(e.data.size()), 8);
            le(out, uint64_t(e.data.size()), 8);
        }
        out += e.data;

        le(central, 0x02014b50, 4);
        le(central, 45, 2);
        le(central, zip64 ? 45 : 20, 2);
        le(central, 0, 2);
        le(central, e.method, 2);
        le(central, 0, 4);
        le(central, crc32(e.data), 4);
        le(central, small, 4);
        le(central, small, 4);
        le(central, uint64_t(e.name.size()), 2);
        le(central, zip64 ? 28 : 0, 2);
        le(central, 0, 2 + 2 + 2 + 4);  // comment length, disk, internal and external attributes
        le(central, zip64 ? 0xFFFFFFFFu : uint32_t(offset), 4);
        central += e.name;
        if (zip64) {
            le(central, 1, 2);
            le(central, 24, 2);
            le(central, size, 8);
            le(central, size, 8);
            le(central, offset, 8);
        }
    }
    const uint64_t cd_offset = uint64_t(out.size()), n = entries.size();
    out += central;
    if (zip64) {
        const uint64_t end64 = uint64_t(out.size());
        le(out, 0x06064b50, 4);
        le(out, 44, 8);
        le(out, 45, 2);
        le(out, 45, 2);
        le(out, 0, 4 + 4);
        le(out, n, 8);
        le(out, n, 8);
        le(out, uint64_t(central.size()), 8);
        le(out, cd_offset, 8);
        le(out, 0x07064b50, 4);
        le(out, 0, 4);
        le(out, end64, 8);
        le(out, 1, 4);
    }
    le(out, 0x06054b50, 4);
    le(out, 0, 2 + 2);
    le(out, zip64 ? 0xFFFF : n, 2);
    le(out, zip64 ? 0xFFFF : n, 2);
    le(out, zip64 ? 0xFFFFFFFFu : uint64_t(central.size()), 4);
    le(out, zip64 ? 0xFFFFFFFFu : cd_offset, 4);
    le(out, 0, 2);
    return out;
}

// ---- a pickle writer for what torch.save emits (protocol 2)

struct Pickler {
    QByteArray b{"\x80\x02", 2};

    Pickler& op(char c) { b += c; return *this; }
    Pickler& raw(const QByteArray& bytes) { b += bytes; return *this; }
    Pickler& str(const QByteArray& s) {
        b += 'X';
        le(b, uint64_t(s.size()), 4);
        b += s;
        return *this;
    }
    Pickler& global(const QByteArray& module, const QByteArray& name) {
        b += 'c' + module + '\n' + name + '\n';
        return *this;
    }
    Pickler& integer(int64_t v) {
        b += '\x8a';  // LONG1, 8 bytes
        b += char(8);
        le(b, uint64_t(v), 8);
        return *this;
    }
    Pickler& ints(const std::vector<int64_t>& v) {
        op('(');
        for (const int64_t x : v) integer(x);
        return op('t');
    }
    // _rebuild_tensor_v2(storage (type, key, numel), offset, size, stride, False, OrderedDict()).
    Pickler& tensor(const QByteArray& type, const QByteArray& key, int64_t numel, int64_t offset,
                    const std::vector<int64_t>& size, const std::vector<int64_t>& stride) {
        global("torch._utils", "_rebuild_tensor_v2").op('(');
        op('(').str("storage").global("torch", type).str(key).str("cpu").integer(numel).op('t').op('Q');
        integer(offset).ints(size).ints(stride).op('\x89');
        global("collections", "OrderedDict").op(')').op('R');
        return op('t').op('R');
    }
    QByteArray done() { return b + '.'; }
};

struct TensorSpec {
    QByteArray name;
    std::vector<int64_t> size, stride;
    int64_t offset = 0;
    QByteArray type = "FloatStorage";
    int64_t numel = -1;  // the storage's claimed element count; -1: what the data holds
};

// A torch.save-like zip: {'model_state_dict': {name: tensor}} with one storage per tensor.
// `extra`: a pickled key and value added to the top-level dict.
inline QByteArray checkpoint(const std::vector<TensorSpec>& specs, const std::vector<QByteArray>& data,
                             bool zip64 = false, const QByteArray& extra = {}) {
    Pickler p;
    p.op('}').str("model_state_dict").op('}').op('(');
    std::vector<ZipEntry> entries{{"archive/data.pkl", {}}};
    for (size_t i = 0; i < specs.size(); ++i) {
        const TensorSpec& s = specs[i];
        const QByteArray key = QByteArray::number(qulonglong(i));
        const int64_t elem = s.type == "HalfStorage" ? 2 : s.type == "ComplexFloatStorage" ? 8 : 4;
        p.str(s.name).tensor(s.type, key, s.numel >= 0 ? s.numel : data[i].size() / elem, s.offset,
                             s.size, s.stride);
        entries.push_back({"archive/data/" + key, data[i]});
    }
    p.op('u').op('s');
    if (!extra.isEmpty()) p.raw(extra).op('s');
    entries[0].data = p.done();
    entries.push_back({"archive/version", "3\n"});
    return makeZip(entries, zip64);
}

// A one-tensor checkpoint around `pickle` (for the hand-built hostile pickles).
inline QByteArray zipOfPickle(const QByteArray& pickle, const QByteArray& storage = QByteArray(16, '\0')) {
    return makeZip({{"archive/data.pkl", pickle}, {"archive/data/0", storage}});
}

template <class Floats>
QByteArray floats(const Floats& v) {
    return QByteArray(reinterpret_cast<const char*>(v.data()), qsizetype(v.size() * sizeof(float)));
}
inline QByteArray floats(std::initializer_list<float> v) { return floats(std::vector<float>(v)); }

// The seed weights of a small random model, as a safetensors file with its config.
inline QByteArray seedSafetensors(const std::function<void(TensorMap&)>& edit) {
    const Weights w = random_weights(ModelConfig::seed(10, 8, 8, 2, 1), 7);
    TensorMap t = to_seed_state_dict(w);
    edit(t);
    const std::string bytes = safetensors_bytes(t, {{kMetaConfig, w.config.to_json()}});
    return QByteArray(bytes.data(), qsizetype(bytes.size()));
}

inline QByteArray safetensorsHeader(const QByteArray& json, const QByteArray& data) {
    QByteArray b;
    le(b, uint64_t(json.size()), 8);
    return b + json + data;
}

class tst_HostileFiles : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void refused_data();
    void refused();
    void handBuiltCheckpointsLoad_data();
    void handBuiltCheckpointsLoad();
    void codeBesideWeightsNeverRuns_data();
    void codeBesideWeightsNeverRuns();

private:
    QTemporaryDir dir_;
    QString file(const QString& name, const QByteArray& bytes) {
        const QString path = dir_.filePath(name);
        writeAll(path, bytes);
        return path;
    }
    QString folder(const QString& name, const std::vector<std::pair<QString, QByteArray>>& files) {
        const QString path = dir_.filePath(name);
        QDir().mkpath(path);
        for (const auto& [n, bytes] : files) writeAll(QDir(path).filePath(n), bytes);
        return path;
    }
};
