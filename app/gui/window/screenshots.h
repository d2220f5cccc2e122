#pragma once
// The app's --screenshots DIR: once the first trace is drawn, a PNG of every
// view into DIR (and of the head statistics, and with --knockout of the head
// detail beside the predictions with and without it), then quit. A run with
// nothing to shoot (a model that does not open, a run refused) says why on
// stderr and quits with status 1.
#include <QString>
#include <memory>

class MainWindow;
class QTemporaryDir;
class Workspace;

// Empty folders that stand in for the user's settings and saved text while a
// screenshot run lasts (XDG_CONFIG_HOME, XDG_DATA_HOME), so that it reads and
// writes none of them; null, with the reason on stderr, when there are none.
// Called before the first QSettings is made.
std::unique_ptr<QTemporaryDir> useScratchSettings();

// Shoots `w` into `dir` once `ws` has its first trace, then quits the app.
void takeScreenshots(MainWindow& w, Workspace& ws, const QString& dir);
