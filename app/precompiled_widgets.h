// precompiled_gui.h and the Qt Widgets headers most of gui/ includes, parsed
// once for the GUI library and its tests (target_precompile_headers).
#pragma once
#include "precompiled_gui.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QPushButton>
#include <QSettings>
#include <QTimer>
#include <QVBoxLayout>
#include <QWidget>
#include <QtConcurrent/QtConcurrentRun>
