#pragma once
// The heads grid's thumbnails: a head's (T, T) weights (or norms) pooled down
// to at most a few hundred cells a side, straight from the weights or from
// the blocks the forward pass pooled (Trace::thumb_width), and pooled again to
// the pixels a tile covers. Max pooling keeps a thin pattern (one bright cell
// per row) at any reduction; mean gives each block's average; a block of only
// masked cells (NaN) stays masked.
#include <optional>
#include <vector>

#include "render/figures/heads_grid_figure.h"

namespace render::grid_thumbnails {

// pool() leaves a matrix this small as it is.
bool fitsIn(const Normalized& n, int rows, int cols);
// A [0,1] matrix (NaN = masked) pooled down to at most rows x cols cells.
Normalized pool(const Normalized& n, int rows, int cols, Pooling mode);
// normalize(), the causal mask and pool() of one head's weights in one pass.
Normalized pooledWeights(const attnscope::Trace& tr, int layer, int head, Scale scale, int maxRes, Pooling mode);
// The same of one head's value-weighted norms (render/norms.h), each row
// divided by its largest first under the row-normalised scale, else the norms
// themselves: put on a scale once every head's are known (applyNormsScale),
// so that a shared tile scale can span them all.
Normalized pooledNorms(const attnscope::Trace& tr, int layer, int head, Scale scale, int maxRes, Pooling mode);
// Puts pooled norms (not masked: NaN) on `range` (normsScale), which `n` takes.
void applyNormsScale(Normalized& n, const Normalized& range);
// How many visible cells each of the run's thumbnail blocks holds.
std::vector<int> thumbnailCells(const attnscope::Trace& tr);
// The run's own thumbnail of a head, when it can stand for pooledWeights();
// max pooled on to at most maxRes rows and maxCols columns (0: maxRes) as it
// is read.
std::optional<Normalized> runThumbnail(const attnscope::Trace& tr, int layer, int head, Scale scale, int maxRes,
                                       Pooling mode, const std::vector<int>& cells, int maxCols = 0);
// Stretches a tile so its brightest cell is 1; zero stays zero.
void scaleToOwnMax(Normalized& n);

}  // namespace render::grid_thumbnails
