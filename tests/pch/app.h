// Third-party headers the app tests share, parsed once for all of them.
#pragma once
#include "../../app/precompiled_gui.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
