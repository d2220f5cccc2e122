#pragma once
// Dense float32 tensors, row-major (C order, the same as PyTorch's contiguous
// layout), and the Eigen matrix types the numerical code works with.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <Eigen/Core>

namespace attnscope {

using MatrixRM = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using VectorF = Eigen::VectorXf;
using MapRM = Eigen::Map<MatrixRM>;
using ConstMapRM = Eigen::Map<const MatrixRM>;

using Shape = std::vector<int64_t>;

// SIMD-aligned float storage. Eigen's vector code splits a reduction according
// to the address it starts at; aligned buffers make every result independent of
// where malloc happened to put them (so runs repeat bit for bit).
using FloatBuffer = std::vector<float, Eigen::aligned_allocator<float>>;

// "[2,3,4]"
std::string shape_string(const Shape& shape);
// Product of dims; throws Error(TooLarge) on overflow or a negative dim.
int64_t shape_numel(const Shape& shape);

struct Tensor {
    Shape shape;
    FloatBuffer data;  // row-major, shape_numel(shape) floats

    Tensor() = default;
    explicit Tensor(Shape s);  // zero-filled
    Tensor(Shape s, const std::vector<float>& d);
    Tensor(Shape s, FloatBuffer d);
    Tensor(Shape s, const float* begin);  // copies shape_numel(s) floats

    int64_t numel() const { return static_cast<int64_t>(data.size()); }
    int rank() const { return static_cast<int>(shape.size()); }
    bool empty() const { return data.empty(); }

    // Resize in place, keeping the allocation when it is large enough, so a
    // buffer reused from run to run is not reallocated. Contents are unspecified.
    void reshape(Shape s);

    // The tensor seen as a matrix: the first dim as rows, the rest as columns
    // (a 1-D tensor is one row).
    MapRM matrix();
    ConstMapRM matrix() const;
    ConstMapRM cmatrix() const { return matrix(); }
};

// Name -> tensor, ordered by name so that output is deterministic.
using TensorMap = std::map<std::string, Tensor>;

}  // namespace attnscope
