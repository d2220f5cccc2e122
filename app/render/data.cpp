#include "data.h"

#include <QFileInfo>
#include <QFile>
#include <QtEndian>
#include <bit>
#include <charconv>
#include <cstring>
#include <sstream>

#include "attnscope/error.h"
#include "attnscope/trace_tensors.h"
#include "attnscope/file_io.h"
#include "attnscope/json.h"

namespace render {

using attnscope::Error;
using attnscope::ErrorCode;
using attnscope::MatrixRM;
using attnscope::Shape;

// ---------------------------------------------------------------- NPY

QByteArray npyHeader(const Shape& shape) {
    // Python's repr of the shape tuple: "()", "(5,)", "(2, 3)".
    std::string tuple = "(";
    for (size_t i = 0; i < shape.size(); ++i) tuple += (i ? ", " : "") + std::to_string(shape[i]);
    tuple += shape.size() == 1 ? ",)" : ")";
    std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': " + tuple + ", }";
    // numpy leaves room to grow the first axis in place (GROWTH_AXIS_MAX_DIGITS = 21).
    if (!shape.empty()) dict.append(size_t(std::max<int64_t>(0, 21 - int64_t(std::to_string(shape[0]).size()))), ' ');
    // Magic (6) + version (2) + length (2) + dict + '\n', padded to 64 bytes;
    // numpy pads by a whole 64 when it is already aligned.
    constexpr size_t kPrefix = 10, kAlign = 64;
    const size_t hlen = dict.size() + 1;
    const size_t pad = kAlign - (kPrefix + hlen) % kAlign;
    dict.append(pad, ' ');
    dict += '\n';
    if (dict.size() > 0xFFFF) throw Error(ErrorCode::TooLarge, "NPY header too long for format 1.0");
    QByteArray out("\x93NUMPY\x01\x00", 8);
    const quint16 len = qToLittleEndian(quint16(dict.size()));
    out.append(reinterpret_cast<const char*>(&len), 2);
    out.append(dict.data(), qsizetype(dict.size()));
    return out;
}

QByteArray npyBytes(const Shape& shape, const float* values) {
    QByteArray out = npyHeader(shape);
    const int64_t n = attnscope::shape_numel(shape);
    const qsizetype head = out.size();
    out.resize(head + qsizetype(n) * 4);
    char* dst = out.data() + head;
    for (int64_t i = 0; i < n; ++i) {
        const quint32 bits = qToLittleEndian(std::bit_cast<quint32>(values[i]));
        std::memcpy(dst + i * 4, &bits, 4);
    }
    return out;
}

// ---------------------------------------------------------------- CSV

namespace {

QByteArray csvQuote(const QString& s) {
    QByteArray out = "\"";
    out += s.toUtf8().replace('"', "\"\"");
    out += '"';
    return out;
}

void appendFloat(QByteArray& out, float v) {
    char buf[32];
    const auto [p, ec] = std::to_chars(buf, buf + sizeof buf, v);  // shortest round-trip form
    out.append(buf, qsizetype(p - buf));
}

}  // namespace

QByteArray csvBytes(const MatrixRM& m, const QStringList& rowTokens, const QStringList& colTokens) {
    QByteArray out;
    out += "\"\"";
    for (Eigen::Index c = 0; c < m.cols(); ++c) out += ',' + csvQuote(c < colTokens.size() ? colTokens[c] : QString());
    out += "\r\n";
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        out += csvQuote(r < rowTokens.size() ? rowTokens[r] : QString());
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            out += ',';
            appendFloat(out, m(r, c));
        }
        out += "\r\n";
    }
    return out;
}

// ---------------------------------------------------------------- files

void writeFileAtomically(const QString& path, const QByteArray& data) {
    // Every write checked (a full disk is an error, never a truncated file),
    // the system's reason in the message, non-regular targets left alone.
    attnscope::write_file_atomically(QFile::encodeName(path).toStdString(),
                                     std::string_view(data.constData(), size_t(data.size())));
}

void writeCsv(const DataBlock& d, const TokenTable& tokens, const QString& path) {
    if (d.shape.size() != 2)
        throw Error(ErrorCode::InvalidArgument, "CSV holds one head's (T, T) matrix; this view has shape " +
                                                    attnscope::shape_string(d.shape) + ": use npy or json");
    const attnscope::ConstMapRM m(d.values.data(), d.shape[0], d.shape[1]);
    if (!d.rowLabels.isEmpty()) writeFileAtomically(path, csvBytes(m, d.rowLabels, d.colLabels));
    else writeFileAtomically(path, csvBytes(m, tokens.texts, tokens.texts));
}

QString tokensJsonPath(const QString& npyPath) {
    QString base = npyPath;
    if (base.endsWith(QLatin1String(".npy"), Qt::CaseInsensitive)) base.chop(4);
    return base + QStringLiteral(".tokens.json");
}

namespace {

void writeTokens(attnscope::JsonWriter& w, const TokenTable& t) {
    w.key("ids").begin_array();
    for (const int id : t.ids) w.value(id);
    w.end_array();
    w.key("tokens").begin_array();
    for (const QString& s : t.texts) w.value(s.toStdString());
    w.end_array();
    w.key("labels").begin_array();
    for (const QString& s : t.labels) w.value(s.toStdString());
    w.end_array();
}

void writeInts(attnscope::JsonWriter& w, const char* key, const std::vector<int>& v) {
    w.key(key).begin_array();
    for (const int x : v) w.value(x);
    w.end_array();
}

// Nested arrays over `shape`, innermost rows on one line each.
void writeNested(attnscope::JsonWriter& w, const Shape& shape, size_t dim, const float* data) {
    if (dim + 1 == shape.size()) {
        w.array(data, shape[dim]);
        return;
    }
    int64_t stride = 1;
    for (size_t i = dim + 1; i < shape.size(); ++i) stride *= shape[i];
    w.begin_array();
    for (int64_t i = 0; i < shape[dim]; ++i) writeNested(w, shape, dim + 1, data + i * stride);
    w.end_array();
}

}  // namespace

void writeNpy(const DataBlock& d, const TokenTable& tokens, const QString& path) {
    std::ostringstream s;
    attnscope::JsonWriter w(s);
    w.begin_object();
    w.key("npy").value(QFileInfo(path).fileName().toStdString());
    w.key("what").value(d.what.toStdString());
    w.key("shape").array(d.shape);
    writeInts(w, "layers", d.layers);
    writeInts(w, "heads", d.heads);
    writeTokens(w, tokens);
    w.end_object();
    s << '\n';
    writeFileAtomically(path, npyBytes(d.shape, d.values.data()));
    writeFileAtomically(tokensJsonPath(path), QByteArray::fromStdString(s.str()));
}

void writeJson(const DataBlock& d, const TokenTable& tokens, const QString& view, const attnscope::Trace& trace,
               const QString& modelName, const QString& path) {
    std::ostringstream s;
    attnscope::JsonWriter w(s);
    w.begin_object();
    w.key("model").value(modelName.toStdString());
    w.key("config").raw(trace.config.to_json());
    w.key("view").value(view.toStdString());
    w.key("causal").value(trace.causal);
    writeTokens(w, tokens);
    w.key("shapes").begin_array();
    for (const auto& st : trace.stages) attnscope::write_stage_json(w, st);
    w.end_array();
    w.key("what").value(d.what.toStdString());
    writeInts(w, "layers", d.layers);
    writeInts(w, "heads", d.heads);
    w.key("shape").array(d.shape);
    w.key(d.what.toStdString());
    writeNested(w, d.shape, 0, d.values.data());
    w.end_object();
    s << '\n';
    writeFileAtomically(path, QByteArray::fromStdString(s.str()));
}

}  // namespace render
