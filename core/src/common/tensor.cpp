#include "attnscope/common/tensor.h"

#include <limits>

#include "attnscope/common/error.h"
#include "common/populate_pages.h"

namespace attnscope {

std::string shape_string(const Shape& shape) {
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i) {
        if (i) s += ',';
        s += std::to_string(shape[i]);
    }
    return s + "]";
}

int64_t shape_numel(const Shape& shape) {
    int64_t n = 1;
    for (const int64_t d : shape) {
        if (d < 0)
            throw Error(ErrorCode::BadFormat, "negative dimension in shape " + shape_string(shape),
                        {shape_string(shape)});
        if (d != 0 && n > std::numeric_limits<int64_t>::max() / d)
            throw Error(ErrorCode::TooLarge,
                        "shape " + shape_string(shape) + " has more elements than can be addressed",
                        {shape_string(shape)});
        n *= d;
    }
    return n;
}

namespace {

// Room for n floats whose pages are mapped in at once (populate_pages.h):
// a gradient or a copied trace tensor of megabytes otherwise takes a page
// fault a 4 KB page as it is first written.
void reserve_mapped(FloatBuffer& b, size_t n) {
    b.reserve(n);
    if (n * sizeof(float) >= (size_t(1) << 20)) populate_pages(b.data(), n * sizeof(float));
}

}  // namespace

Tensor::Tensor(Shape s) : shape(std::move(s)) {
    const size_t n = size_t(shape_numel(shape));
    reserve_mapped(data, n);
    data.assign(n, 0.0f);
}

Tensor::Tensor(Shape s, const std::vector<float>& d) : Tensor(std::move(s), FloatBuffer(d.begin(), d.end())) {}

Tensor::Tensor(Shape s, const float* begin) : shape(std::move(s)) {
    const size_t n = size_t(shape_numel(shape));
    reserve_mapped(data, n);
    data.assign(begin, begin + n);
}

Tensor::Tensor(Shape s, FloatBuffer d) : shape(std::move(s)), data(std::move(d)) {
    if (int64_t(data.size()) != shape_numel(shape))
        throw Error(ErrorCode::InvalidArgument,
                    "tensor data has " + std::to_string(data.size()) + " values for shape " +
                        shape_string(shape));
}

void Tensor::reshape(Shape s) {
    const int64_t n = shape_numel(s);
    shape = std::move(s);
    data.resize(size_t(n));
}

static std::pair<Eigen::Index, Eigen::Index> matrix_dims(const Shape& shape) {
    if (shape.empty()) return {1, 1};
    Eigen::Index cols = 1;
    for (size_t i = 1; i < shape.size(); ++i) cols *= shape[i];
    return {shape.size() == 1 ? 1 : shape[0], shape.size() == 1 ? shape[0] : cols};
}

MapRM Tensor::matrix() {
    const auto [r, c] = matrix_dims(shape);
    return MapRM(data.data(), r, c);
}

ConstMapRM Tensor::matrix() const {
    const auto [r, c] = matrix_dims(shape);
    return ConstMapRM(data.data(), r, c);
}

void fail_in(const std::string& origin, ErrorCode code, const std::string& what, std::vector<std::string> args) {
    args.insert(args.begin(), origin);
    throw Error(code, origin + ": " + what, std::move(args));
}

const char* error_code_name(ErrorCode code) noexcept {
    switch (code) {
    case ErrorCode::InvalidArgument: return "invalid_argument";
    case ErrorCode::Io: return "io";
    case ErrorCode::UnknownFormat: return "unknown_format";
    case ErrorCode::BadFormat: return "bad_format";
    case ErrorCode::Truncated: return "truncated";
    case ErrorCode::UnsupportedDType: return "unsupported_dtype";
    case ErrorCode::ShapeMismatch: return "shape_mismatch";
    case ErrorCode::MissingTensor: return "missing_tensor";
    case ErrorCode::UnexpectedTensor: return "unexpected_tensor";
    case ErrorCode::DuplicateTensor: return "duplicate_tensor";
    case ErrorCode::TooLarge: return "too_large";
    case ErrorCode::Forbidden: return "forbidden";
    case ErrorCode::ContextOverflow: return "context_overflow";
    case ErrorCode::EmptyInput: return "empty_input";
    case ErrorCode::InvalidUtf8: return "invalid_utf8";
    case ErrorCode::TokenizerMissing: return "tokenizer_missing";
    case ErrorCode::BadTokenizer: return "bad_tokenizer";
    case ErrorCode::Cancelled: return "cancelled";
    case ErrorCode::TooMuchWork: return "too_much_work";
    }
    return "unknown";
}

}  // namespace attnscope
