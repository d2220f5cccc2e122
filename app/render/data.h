#pragma once
// The numbers behind a figure, written for other tools: CSV for one head's
// matrix, NPY (numpy's format 1.0, float32, C order) for one head or the whole
// (L, H, T, T) stack, JSON with tokens, shapes and weights. Each carries the
// token strings: the CSV as its first row and column, the NPY in a
// NAME.tokens.json beside it, the JSON inside.
#include <QByteArray>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>
#include <vector>

#include "attnscope/common/tensor.h"
#include "attnscope/run/trace.h"

namespace render {

// The matrix or stack a view shows: one (T, T) matrix, or a stack of them
// such as (L', H, T, T) for a grid of heads. Each view's descriptor makes its
// own (app/session/views.cpp).
// The tokens of a data file: ids, their exact text and their display labels.
struct TokenTable {
    std::vector<int> ids;
    QStringList texts;
    QStringList labels;
};

struct DataBlock {
    QString what;              // "weights", "scores" or "mask"
    attnscope::Shape shape;
    std::vector<float> values;  // row-major; empty when `band` reads the block
    // A block of heads is read a band of rows at a time instead, rows being
    // the block seen as (rowCount(), rowLength()): writers stream it, so
    // 8,192 tokens' head (268 MB) or every head (38 GB) is never held whole.
    // band(r0, r1, out) writes rows [r0, r1) to out.
    std::function<void(int64_t r0, int64_t r1, float* out)> band;
    int64_t bandRows = 0;  // rows a writer reads at a time; 0: about 4 MB of them
    std::vector<int> layers;   // the layers it covers
    std::vector<int> heads;    // the heads it covers
    // A (rows, cols) block that is not indexed by tokens (the ablation map's
    // layers x heads) names its rows and columns; CSV uses these instead of tokens.
    QStringList rowLabels, colLabels;
    // A comparison's second run (B): its tokens go into the JSON file and an
    // NPY's tokens file beside A's, under "b".
    std::optional<TokenTable> tokensB;

    int64_t rowLength() const { return shape.empty() ? 1 : shape.back(); }
    int64_t rowCount() const;
    // Rows [r0, r1) of the block, from `values` or `band`.
    void readRows(int64_t r0, int64_t r1, float* out) const;
};

// numpy's .npy format 1.0, exactly as numpy 1.24 writes it: magic "\x93NUMPY",
// version 1.0, a little-endian uint16 header length, the header dict
// "{'descr': '<f4', 'fortran_order': False, 'shape': (…), }" with numpy's spare
// space, padded with spaces to a multiple of 64 bytes and ended by '\n', then
// the float32 values little-endian in C order.
QByteArray npyHeader(const attnscope::Shape& shape);
QByteArray npyBytes(const attnscope::Shape& shape, const float* values);

// CSV of a (T, T) matrix: the first row is an empty cell and the key tokens,
// each following row a query token and its values. Token strings are quoted
// (RFC 4180); values are the shortest decimals that read back as the same
// float32 ("-inf" for masked raw scores).
QByteArray csvBytes(const attnscope::MatrixRM& m, const QStringList& rowTokens, const QStringList& colTokens);

// Writers. Each throws Error(Io) naming the path when it cannot write.
void writeCsv(const DataBlock& d, const TokenTable& tokens, const QString& path);
// Writes PATH and PATH-without-.npy + ".tokens.json" (see tokensJsonPath).
void writeNpy(const DataBlock& d, const TokenTable& tokens, const QString& path);
QString tokensJsonPath(const QString& npyPath);
// One JSON object: model, view, tokens (ids, texts, labels), the forward pass's
// tensor shapes, and the block's values as nested arrays under its `what`.
void writeJson(const DataBlock& d, const TokenTable& tokens, const QString& view, const attnscope::Trace& trace,
               const QString& modelName, const QString& path);

// Writes `data` atomically (no half-written file on failure). Throws Error(Io).
void writeFileAtomically(const QString& path, const QByteArray& data);

}  // namespace render
