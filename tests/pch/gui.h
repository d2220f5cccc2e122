// Third-party headers the GUI tests share, parsed once for all of them.
#pragma once
#include "../../app/precompiled_widgets.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
