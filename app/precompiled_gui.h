// Headers that most of render/, session/ and cli/ include, parsed once per
// target (target_precompile_headers). Only third-party headers belong here:
// a project header would rebuild every file when it changes.
#pragma once
#include <QByteArray>
#include <QColor>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QImage>
#include <QLocale>
#include <QPainter>
#include <QString>
#include <QStringList>

#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>
