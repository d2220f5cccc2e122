#include "gui/workspace/view_settings.h"

#include <QApplication>
#include <QPalette>
#include <QSettings>

ViewSettings::ViewSettings(QObject* parent) : QObject(parent) {}

render::Style ViewSettings::style() const {
    render::Style s;
    s.colormap = colormap_;
    s.scale = scale_;
    s.font = QApplication::font();
    s.background = QApplication::palette().color(QPalette::Base);
    s.text = QApplication::palette().color(QPalette::Text);
    s.minLabelPoints = kScreenLabelPoints;
    return s;
}

void ViewSettings::setColormap(render::ColorMapId id) {
    if (id == colormap_) return;
    colormap_ = id;
    save();
    emit changed();
}

void ViewSettings::setScale(render::Scale s) {
    if (s == scale_) return;
    scale_ = s;
    save();
    emit changed();
}

void ViewSettings::setPooling(render::Pooling p) {
    if (p == headsGrid_.pooling) return;
    headsGrid_.pooling = p;
    save();
    emit changed();
}

void ViewSettings::setTileScale(render::TileScale s) {
    if (s == headsGrid_.tileScale) return;
    headsGrid_.tileScale = s;
    save();
    emit changed();
}

void ViewSettings::load() {
    QSettings st;
    colormap_ = render::ColorMap::fromName(st.value("view/colormap", "viridis").toString());
    scale_ = render::scaleFromName(st.value("view/scale", "row").toString());
    headsGrid_.pooling = render::poolingFromName(st.value("view/gridPooling", "max").toString());
    headsGrid_.tileScale = render::tileScaleFromName(st.value("view/gridTileScale", "tile").toString());
}

void ViewSettings::save() const {
    QSettings st;
    st.setValue("view/colormap", render::ColorMap::name(colormap_));
    st.setValue("view/scale", render::scaleName(scale_));
    st.setValue("view/gridPooling", render::poolingName(headsGrid_.pooling));
    st.setValue("view/gridTileScale", render::tileScaleName(headsGrid_.tileScale));
}
