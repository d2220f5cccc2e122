#pragma once
// Label widths in a widget's font, measured once each: the token and value
// strips place every chip again at each relayout (1,000 chips at 1,000
// tokens), and shaping the text is what costs.
#include <QFontMetrics>
#include <QHash>
#include <QString>

class LabelWidths {
public:
    int operator()(const QFontMetrics& fm, const QString& label) const {
        const auto it = widths_.constFind(label);
        if (it != widths_.constEnd()) return *it;
        const int w = fm.horizontalAdvance(label);
        if (widths_.size() > 100000) widths_.clear();  // a bound for very varied texts
        widths_.insert(label, w);
        return w;
    }
    // After a font change.
    void clear() { widths_.clear(); }

private:
    mutable QHash<QString, int> widths_;
};
