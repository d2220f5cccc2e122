#include "render/data.h"

#include <QFileInfo>
#include <QFile>
#include <QtEndian>
#include <algorithm>
#include <bit>
#include <charconv>
#include <cstring>
#include <sstream>

#include "attnscope/common/error.h"
#include "attnscope/run/trace_tensors.h"
#include "attnscope/common/file_io.h"
#include "attnscope/formats/json.h"

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

namespace {

// n float32 values little-endian at dst (4n bytes).
void littleEndian(const float* values, int64_t n, char* dst) {
    for (int64_t i = 0; i < n; ++i) {
        const quint32 bits = qToLittleEndian(std::bit_cast<quint32>(values[i]));
        std::memcpy(dst + i * 4, &bits, 4);
    }
}

}  // namespace

QByteArray npyBytes(const Shape& shape, const float* values) {
    QByteArray out = npyHeader(shape);
    const int64_t n = attnscope::shape_numel(shape);
    const qsizetype head = out.size();
    out.resize(head + qsizetype(n) * 4);
    littleEndian(values, n, out.data() + head);
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

// The header line: an empty cell and the column tokens.
QByteArray csvHeader(Eigen::Index cols, const QStringList& colTokens) {
    QByteArray out = "\"\"";
    for (Eigen::Index c = 0; c < cols; ++c) out += ',' + csvQuote(c < colTokens.size() ? colTokens[c] : QString());
    out += "\r\n";
    return out;
}

// Rows of m, row r labelled rowTokens[first + r].
void appendCsvRows(QByteArray& out, const attnscope::ConstMapRM& m, const QStringList& rowTokens, int64_t first) {
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        out += csvQuote(first + r < rowTokens.size() ? rowTokens[qsizetype(first + r)] : QString());
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            out += ',';
            appendFloat(out, m(r, c));
        }
        out += "\r\n";
    }
}

}  // namespace

QByteArray csvBytes(const MatrixRM& m, const QStringList& rowTokens, const QStringList& colTokens) {
    QByteArray out = csvHeader(m.cols(), colTokens);
    appendCsvRows(out, attnscope::ConstMapRM(m.data(), m.rows(), m.cols()), rowTokens, 0);
    return out;
}

// ---------------------------------------------------------------- files

void writeFileAtomically(const QString& path, const QByteArray& data) {
    // Every write checked (a full disk is an error, never a truncated file),
    // the system's reason in the message, non-regular targets left alone.
    attnscope::write_file_atomically(QFile::encodeName(path).toStdString(),
                                     std::string_view(data.constData(), size_t(data.size())));
}

int64_t DataBlock::rowCount() const {
    const int64_t n = attnscope::shape_numel(shape), len = rowLength();
    return len > 0 ? n / len : 0;
}

void DataBlock::readRows(int64_t r0, int64_t r1, float* out) const {
    if (r1 <= r0) return;
    if (band) {
        band(r0, r1, out);
        return;
    }
    const int64_t len = rowLength();
    if (int64_t(values.size()) < r1 * len)
        throw Error(ErrorCode::InvalidArgument, "the data block holds fewer values than its shape " +
                                                    attnscope::shape_string(shape));
    std::copy(values.begin() + r0 * len, values.begin() + r1 * len, out);
}

namespace {

// Rows at a time, about 4 MB of floats, for the streaming writers.
int64_t bandRows(const DataBlock& d) {
    if (d.bandRows > 0) return d.bandRows;
    return std::max<int64_t>(1, (int64_t(1) << 20) / std::max<int64_t>(1, d.rowLength()));
}

void openFile(const QString& path, const std::function<void(const attnscope::ByteSink&)>& produce) {
    attnscope::write_file_atomically(QFile::encodeName(path).toStdString(), produce);
}

}  // namespace

void writeCsv(const DataBlock& d, const TokenTable& tokens, const QString& path) {
    if (d.shape.size() != 2)
        throw Error(ErrorCode::InvalidArgument, "CSV holds one head's (T, T) matrix; this view has shape " +
                                                    attnscope::shape_string(d.shape) + ": use npy or json");
    const QStringList& rows = d.rowLabels.isEmpty() ? tokens.texts : d.rowLabels;
    const QStringList& cols = d.rowLabels.isEmpty() ? tokens.texts : d.colLabels;
    const int64_t n = d.shape[0], step = bandRows(d);
    openFile(path, [&](const attnscope::ByteSink& write) {
        QByteArray bytes = csvHeader(d.shape[1], cols);
        write(std::string_view(bytes.constData(), size_t(bytes.size())));
        std::vector<float> buf;
        for (int64_t r0 = 0; r0 < n; r0 += step) {
            const int64_t r1 = std::min(n, r0 + step);
            buf.resize(size_t((r1 - r0) * d.shape[1]));
            d.readRows(r0, r1, buf.data());
            bytes.clear();
            appendCsvRows(bytes, attnscope::ConstMapRM(buf.data(), r1 - r0, d.shape[1]), rows, r0);
            write(std::string_view(bytes.constData(), size_t(bytes.size())));
        }
    });
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

// B's tokens of a comparison, when the block has them.
void writeTokensB(attnscope::JsonWriter& w, const DataBlock& d) {
    if (!d.tokensB) return;
    w.key("b").begin_object();
    writeTokens(w, *d.tokensB);
    w.end_object();
}

void writeInts(attnscope::JsonWriter& w, const char* key, const std::vector<int>& v) {
    w.key(key).begin_array();
    for (const int x : v) w.value(x);
    w.end_array();
}

// The block's rows in order, read a band at a time.
class RowReader {
public:
    explicit RowReader(const DataBlock& d) : d_(d), step_(bandRows(d)) {}
    const float* next() {
        if (row_ >= end_) {
            end_ = std::min(d_.rowCount(), row_ + step_);
            buf_.resize(size_t((end_ - row_) * d_.rowLength()));
            d_.readRows(row_, end_, buf_.data());
            first_ = row_;
        }
        return buf_.data() + (row_++ - first_) * d_.rowLength();
    }

private:
    const DataBlock& d_;
    int64_t step_, row_ = 0, first_ = 0, end_ = 0;
    std::vector<float> buf_;
};

// Nested arrays over `shape`, innermost rows on one line each; `flush` after
// each row hands what is written so far to the file.
void writeNested(attnscope::JsonWriter& w, const Shape& shape, size_t dim, RowReader& rows, const std::function<void()>& flush) {
    if (dim + 1 >= shape.size()) {
        w.array(rows.next(), shape.empty() ? 1 : shape[dim]);
        flush();
        return;
    }
    w.begin_array();
    for (int64_t i = 0; i < shape[dim]; ++i) writeNested(w, shape, dim + 1, rows, flush);
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
    writeTokensB(w, d);
    w.end_object();
    s << '\n';
    openFile(path, [&](const attnscope::ByteSink& write) {
        const QByteArray header = npyHeader(d.shape);
        write(std::string_view(header.constData(), size_t(header.size())));
        std::vector<float> buf;
        QByteArray bytes;
        const int64_t n = d.rowCount(), step = bandRows(d);
        for (int64_t r0 = 0; r0 < n; r0 += step) {
            const int64_t r1 = std::min(n, r0 + step);
            buf.resize(size_t((r1 - r0) * d.rowLength()));
            d.readRows(r0, r1, buf.data());
            bytes.resize(qsizetype(buf.size()) * 4);
            littleEndian(buf.data(), int64_t(buf.size()), bytes.data());
            write(std::string_view(bytes.constData(), size_t(bytes.size())));
        }
    });
    // The two files are a pair: a new array beside the tokens of an older one
    // would be read as one silently. When the tokens cannot be written, the
    // new array goes too.
    try {
        writeFileAtomically(tokensJsonPath(path), QByteArray::fromStdString(s.str()));
    } catch (...) {
        QFile::remove(path);
        throw;
    }
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
    writeTokensB(w, d);
    w.key("shapes").begin_array();
    for (const auto& st : trace.stages) attnscope::write_stage_json(w, st);
    w.end_array();
    w.key("what").value(d.what.toStdString());
    writeInts(w, "layers", d.layers);
    writeInts(w, "heads", d.heads);
    w.key("shape").array(d.shape);
    w.key(d.what.toStdString());
    openFile(path, [&](const attnscope::ByteSink& write) {
        const auto flush = [&] {
            if (s.tellp() < (std::streamoff(1) << 20)) return;
            write(s.view());
            s.str({});
        };
        RowReader rows(d);
        writeNested(w, d.shape, 0, rows, flush);
        w.end_object();
        s << '\n';
        write(s.view());
    });
}

}  // namespace render
