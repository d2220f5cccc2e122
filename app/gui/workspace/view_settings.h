#pragma once
// How every view colours its heatmaps; remembered with QSettings.
#include <QObject>

#include "render/figures/figure.h"
#include "render/figures/heads_grid_figure.h"

class ViewSettings : public QObject {
    Q_OBJECT
public:
    explicit ViewSettings(QObject* parent = nullptr);

    // The screen's style: the application's font and palette, labels never
    // under kScreenLabelPoints.
    render::Style style() const;
    static constexpr double kScreenLabelPoints = 7.0;
    render::ColorMapId colormap() const { return colormap_; }
    render::Scale scale() const { return scale_; }
    void setColormap(render::ColorMapId id);
    void setScale(render::Scale s);
    // The heads grid's pooling and tile scale.
    render::GridOptions gridOptions() const { return headsGrid_; }
    void setPooling(render::Pooling p);
    void setTileScale(render::TileScale s);

    void load();  // from QSettings
    void save() const;

signals:
    void changed();

private:
    render::ColorMapId colormap_ = render::ColorMapId::Viridis;
    // Row-normalised by default: every query's strongest key is bright, so a
    // head's pattern shows even deep into a long text where weights are small.
    render::Scale scale_ = render::Scale::RowNormalized;
    render::GridOptions headsGrid_;
};
