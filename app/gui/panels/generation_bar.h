#pragma once
// Under the text while a generation is shown: why it stopped, its speed, and
// a slider that steps through it ("step k of N", Play, the arrow keys), every
// view showing the run as it was when token k was chosen
// (Workspace::showGenerationStep).
#include <QTimer>
#include <QWidget>

class QLabel;
class QPushButton;
class QSlider;
class Workspace;

class GenerationBar : public QWidget {
    Q_OBJECT
public:
    explicit GenerationBar(Workspace* ws, QWidget* parent = nullptr);
    QSlider* slider() const { return slider_; }
    QLabel* stepLabel() const { return step_; }
    QLabel* stopLabel() const { return stop_; }
    bool isPlaying() const { return play_.isActive(); }

public slots:
    void togglePlay();

private:
    void refresh();
    void showStep(int k);
    Workspace* ws_;
    QLabel* step_;
    QSlider* slider_;
    QPushButton* playButton_;
    QLabel* stop_;
    QTimer play_;
};
