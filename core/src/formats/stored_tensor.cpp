#include "formats/stored_tensor.h"

#include <algorithm>
#include <vector>

#include "common/mapped_file.h"

namespace attnscope {

StoredTensor StoredTensor::of(const Tensor& t) {
    return contiguous(t.shape, DType::F32, reinterpret_cast<const std::byte*>(t.data.data()), nullptr);
}

StoredTensor StoredTensor::contiguous(Shape shape, DType dtype, const std::byte* base,
                                      const MappedFile* file) {
    StoredTensor s;
    s.stride.assign(shape.size(), 1);
    for (size_t i = shape.size(); i-- > 1;) s.stride[i - 1] = s.stride[i] * shape[i];
    s.shape = std::move(shape);
    s.dtype = dtype;
    s.base = base;
    s.file = file;
    return s;
}

int64_t StoredTensor::numel() const {
    int64_t n = 1;
    for (const int64_t d : shape) n *= d;
    return n;
}

bool StoredTensor::is_contiguous() const {
    int64_t expect = 1;
    for (size_t i = shape.size(); i-- > 0;) {
        if (shape[i] != 1 && stride[i] != expect) return false;
        expect *= shape[i];
    }
    return true;
}

StoredTensor StoredTensor::rows(int64_t first, int64_t count) const {
    StoredTensor s = *this;
    s.base = base + first * stride[0] * dtype_size(dtype);
    s.shape[0] = count;
    return s;
}

StoredTensor StoredTensor::transposed() const {
    StoredTensor s = *this;
    std::swap(s.shape[0], s.shape[1]);
    std::swap(s.stride[0], s.stride[1]);
    return s;
}

void StoredTensor::read(float* dst) const {
    const int64_t n = numel();
    if (n == 0) return;
    const int64_t esize = dtype_size(dtype);
    if (is_contiguous() && file) {
        // From the file with read(2), never through the mapping: float32 lands in
        // place, other types pass through a small buffer on the way.
        const size_t offset = size_t(base - file->data());
        bool ok = true;
        if (dtype == DType::F32) {
            ok = file->read_at(offset, size_t(n) * 4, reinterpret_cast<std::byte*>(dst));
        } else {
            constexpr int64_t kBlock = int64_t(1) << 20;  // elements
            std::vector<std::byte> buf(size_t(std::min(n, kBlock) * esize));
            for (int64_t i = 0; i < n && ok; i += kBlock) {
                const int64_t m = std::min(kBlock, n - i);
                ok = file->read_at(offset + size_t(i * esize), size_t(m * esize), buf.data());
                if (ok) to_float(dtype, buf.data(), m, dst + i);
            }
        }
        if (!ok) to_float(dtype, base, n, dst);  // a file read into memory, or a failed read
    } else if (is_contiguous()) {
        to_float(dtype, base, n, dst);
    } else if (rank() == 2 && stride[1] != 1) {
        // A transposed matrix: walk the source in its own (column) order, so each
        // source page is read once, and scatter into the rows of dst.
        const int64_t R = shape[0], C = shape[1];
        std::vector<float> col(size_t(R), 0.0f);
        for (int64_t j = 0; j < C; ++j) {
            const std::byte* src = base + j * stride[1] * esize;
            if (stride[0] == 1) {
                to_float(dtype, src, R, col.data());
            } else {
                for (int64_t i = 0; i < R; ++i) to_float(dtype, src + i * stride[0] * esize, 1, &col[size_t(i)]);
            }
            for (int64_t i = 0; i < R; ++i) dst[i * C + j] = col[size_t(i)];
        }
    } else {
        // Any other strided view: an odometer over the index, last dim fastest.
        const size_t r = shape.size();
        std::vector<int64_t> idx(r, 0);
        int64_t at = 0;
        for (int64_t k = 0; k < n; ++k) {
            to_float(dtype, base + at * esize, 1, dst + k);
            for (size_t d = r; d-- > 0;) {
                if (++idx[d] < shape[d]) {
                    at += stride[d];
                    break;
                }
                at -= (shape[d] - 1) * stride[d];
                idx[d] = 0;
            }
        }
    }
    // Only a contiguous view is read once and never again; a transposed or
    // sliced one shares its pages with the views that come next.
    if (file && is_contiguous()) file->release(base, size_t(n * esize));
}

Tensor StoredTensor::to_tensor() const {
    Tensor t;
    t.shape = shape;
    t.data.resize(size_t(numel()));
    read(t.data.data());
    return t;
}

bool StoredTensor::same_values(const StoredTensor& other) const {
    if (shape != other.shape) return false;
    if (rank() == 0 || shape[0] == 0) return true;
    // Row blocks of about 1 MB each, so that comparing two large embeddings
    // never holds a float32 copy of either.
    const int64_t row = numel() / shape[0];
    const int64_t block = std::max<int64_t>(1, (int64_t(1) << 18) / std::max<int64_t>(row, 1));
    std::vector<float> a, b;
    for (int64_t r = 0; r < shape[0]; r += block) {
        const int64_t count = std::min(block, shape[0] - r);
        a.resize(size_t(count * row));
        b.resize(size_t(count * row));
        rows(r, count).read(a.data());
        other.rows(r, count).read(b.data());
        if (a != b) return false;
    }
    return true;
}

StoredMap views_of(const TensorMap& tensors) {
    StoredMap out;
    for (const auto& [name, t] : tensors) out.emplace(name, StoredTensor::of(t));
    return out;
}

}  // namespace attnscope
