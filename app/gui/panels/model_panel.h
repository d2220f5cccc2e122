#pragma once
// What is loaded: name, format, config, parameter count and tokenizer, with
// Open…, recent files and New random model.
#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;
class Workspace;

class ModelPanel : public QWidget {
    Q_OBJECT
public:
    explicit ModelPanel(Workspace* ws, QWidget* parent = nullptr);
    void setRecent(const QStringList& files);
    QString infoText() const;

signals:
    void openRequested();
    void newRandomRequested();
    void recentRequested(const QString& path);

private:
    void refresh();
    Workspace* ws_;
    QLabel* info_;
    QListWidget* recent_;
};
