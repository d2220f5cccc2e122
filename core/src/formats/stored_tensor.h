#pragma once
// A tensor as a file stores it: a strided view of elements of any dtype in
// bytes that the caller keeps alive (usually a memory-mapped model file). Name
// mapping slices and transposes views without touching the data, and each
// view is converted to float32 once, straight into the buffer that finally
// holds it; the file's pages it read are then given back to the kernel.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

#include "attnscope/common/tensor.h"
#include "formats/dtype.h"

namespace attnscope {

class MappedFile;

struct StoredTensor {
    Shape shape;
    Shape stride;                       // in elements, one per dim
    DType dtype = DType::F32;
    const std::byte* base = nullptr;    // element [0, 0, ...]
    const MappedFile* file = nullptr;   // the mapping `base` points into, or null

    // A contiguous view of float32 data (a Tensor's own buffer).
    static StoredTensor of(const Tensor& t);
    // A contiguous view of `shape` elements of `dtype` at `base`.
    static StoredTensor contiguous(Shape shape, DType dtype, const std::byte* base,
                                   const MappedFile* file);

    int64_t numel() const;
    int rank() const { return int(shape.size()); }
    bool is_contiguous() const;

    // Rows [first, first + count) of the first dim (elements, for a 1-D view).
    StoredTensor rows(int64_t first, int64_t count) const;
    // A 2-D view with its dims swapped.
    StoredTensor transposed() const;

    // Converts the view into dst (numel() floats, row-major); a contiguous view
    // then releases the file pages it read.
    void read(float* dst) const;
    Tensor to_tensor() const;
    // Same shape and the same float32 values, compared a block at a time.
    bool same_values(const StoredTensor& other) const;
};

// Name -> view, ordered by name.
using StoredMap = std::map<std::string, StoredTensor>;

// Views of every tensor of a TensorMap (which must outlive them).
StoredMap views_of(const TensorMap& tensors);

}  // namespace attnscope
