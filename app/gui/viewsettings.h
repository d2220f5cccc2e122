#pragma once
// How every view colours its heatmaps; remembered with QSettings.
#include <QObject>

#include "render/figure.h"

class ViewSettings : public QObject {
    Q_OBJECT
public:
    explicit ViewSettings(QObject* parent = nullptr);

    render::Style style() const;
    render::ColorMapId colormap() const { return colormap_; }
    render::Scale scale() const { return scale_; }
    void setColormap(render::ColorMapId id);
    void setScale(render::Scale s);

    void load();  // from QSettings
    void save() const;

signals:
    void changed();

private:
    render::ColorMapId colormap_ = render::ColorMapId::Viridis;
    // Row-normalised by default: every query's strongest key is bright, so a
    // head's pattern shows even deep into a long text where weights are small.
    render::Scale scale_ = render::Scale::RowNormalized;
};
