#pragma once
// Two traces of one shape compared for one head (attnscope/compare.h): A and B
// side by side with their difference B − A, or the difference alone. The
// difference is drawn on the ablation figure's diverging map (blue: B attends
// less than A, white: the same, red: more), symmetric around zero, over the
// leading positions both traces have; the title says when the texts differ in
// length and which positions the difference covers.
#include <QImage>
#include <array>
#include <memory>
#include <vector>

#include "render/figures/figure.h"
#include "render/figures/matrix_figure.h"

namespace render {

enum class CompareMode { SideBySide, Difference };
QString compareModeName(CompareMode m);  // "side_by_side", "difference"
// The mode of a name (also "side-by-side"); false for anything else.
bool compareModeFromName(const QString& name, CompareMode* mode);

// What a comparison figure draws: trace A and trace B with their token labels
// and captions ("A: the text", "B: ckpt-2000.safetensors"). No B: the figure
// says how to choose one.
struct CompareData {
    FigureData a, b;
    QString aCaption, bCaption;
};

class CompareFigure : public Figure {
public:
    CompareFigure(CompareData data, int layer, int head, CompareMode mode, Style style);

    QSizeF naturalSize() const override;
    void paint(QPainter& p, const QRectF& area) const override;
    QString title() const override;

    int layer() const { return layer_; }
    int head() const { return head_; }
    CompareMode mode() const { return mode_; }
    bool hasB() const { return bool(data_.b.trace); }
    const QString& bCaption() const { return data_.bCaption; }
    const QString& aCaption() const { return data_.aCaption; }
    // Positions the difference covers: min(Ta, Tb).
    int common() const { return n_; }
    // (common, common) B − A, and its largest |value| (the colour bar's ends).
    // Past kDenseCells positions it is pooled, as a long head is
    // (pooledBlock): each cell is the value of largest |B − A| among its
    // block x block positions that the mask shows (the first found of equal
    // ones; NaN where the mask hides them all), and the heads were read a band
    // of rows at a time. The largest |value| is still over every position.
    const attnscope::MatrixRM& difference() const { return diff_; }
    // 1, or the side of the blocks difference() pools.
    int block() const { return block_; }
    double range() const { return range_; }
    // Where paint puts the difference heatmap in `area`.
    QRectF differenceRect(const QRectF& area) const;
    // The panels of A and B (null in difference mode or without B).
    const MatrixFigure* panelA() const { return a_.get(); }
    const MatrixFigure* panelB() const { return b_.get(); }
    // The difference panel's title: "B − A", and which positions it covers
    // when the texts differ in length.
    QString differenceTitle() const;
    // The difference's colour at position (row, col), as painted (its
    // block's, when pooled).
    QColor differenceColor(int row, int col) const;

private:
    struct DiffLayout {
        QRectF heat, bar;
    };
    DiffLayout diffLayout(const QRectF& area) const;
    // Where A, B and the difference go below the title (side by side mode).
    std::array<QRectF, 3> panels(const QRectF& body) const;
    void paintDifference(QPainter& p, const QRectF& area) const;
    // A long text's difference, pooled into diff_ (and range_) band by band.
    void poolDifference(const attnscope::Trace& a, const attnscope::Trace& b);
    // One head of `d`'s trace, read in bands for a pooled side-by-side panel.
    MatrixBands bandsOf(const FigureData& d) const;
    // The colour of diff_(row, col): a cell, or a block when pooled.
    QColor cellColor(int row, int col) const;

    CompareData data_;
    int layer_, head_;
    CompareMode mode_;
    Style style_;
    attnscope::MatrixRM diff_;
    int n_ = 0, block_ = 1;
    double range_ = 0;
    bool causal_ = true;
    QStringList labels_;  // per common position: the token, or "a / b" where they differ
    QImage diffImage_;
    // diffImage_ pooled to a size, by the largest |B − A| of each block.
    QImage pooledImage(int px) const;
    mutable QImage pooled_;
    std::unique_ptr<MatrixFigure> a_, b_;
};

}  // namespace render
