#pragma once
// Remembered settings read defensively: a value edited by hand, left by
// another version or corrupted reads as the default, never as an odd choice
// (QVariant reads "garbage" as true and "nan" as a number).
#include <QSettings>
#include <QString>
#include <cmath>

inline bool settingBool(const QSettings& st, const QString& key, bool fallback) {
    const QString s = st.value(key).toString().trimmed().toLower();
    if (s == QLatin1String("true") || s == QLatin1String("1")) return true;
    if (s == QLatin1String("false") || s == QLatin1String("0")) return false;
    return fallback;
}

inline double settingDouble(const QSettings& st, const QString& key, double fallback, double lo, double hi) {
    bool ok = false;
    const double v = st.value(key).toDouble(&ok);
    return ok && std::isfinite(v) && v >= lo && v <= hi ? v : fallback;
}

inline int settingInt(const QSettings& st, const QString& key, int fallback, int lo, int hi) {
    bool ok = false;
    const int v = st.value(key).toInt(&ok);
    return ok && v >= lo && v <= hi ? v : fallback;
}
