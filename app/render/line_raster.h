#pragma once
// Antialiased straight lines of any width, drawn into a premultiplied ARGB
// image of their own: the token lines' hundreds of long lines cost about a
// millisecond here, against tens of milliseconds through QPainter, whose
// polygon rasteriser (any line wider than one device pixel) is slow per
// pixel and on 2 cores also hands each run of spans to a thread pool and
// waits. The image is then drawn with one drawImage().
#include <QImage>
#include <QLineF>

namespace render {

class LineRaster {
public:
    // A transparent layer of `pixels` device pixels, drawn at `pixelRatio`
    // device pixels a unit (QImage::devicePixelRatio). A null image when it
    // cannot be allocated; draw() then does nothing.
    explicit LineRaster(QSize pixels, double pixelRatio = 1.0);
    // `line` in device pixels, `width` in device pixels (1: a hairline), cut
    // square at its ends; `color`'s alpha is the line's opacity. Composited
    // over what is there (source over), so order matters as with QPainter.
    void draw(const QLineF& line, double width, const QColor& color);
    const QImage& image() const { return image_; }

private:
    QImage image_;
};

}  // namespace render
