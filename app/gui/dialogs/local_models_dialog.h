#pragma once
// File ▸ Open local model…: the models already on this machine (Ollama's,
// LM Studio's, the Hugging Face cache's and those in folders the user added),
// each with its name, source, architecture, size and whether it opens, and
// why not, before it is chosen. The search runs off the GUI thread; typing
// filters the list at once. Added folders and the dialog's size are
// remembered; the columns fit what they show.
#include <QDialog>
#include <QFutureWatcher>
#include <vector>

#include "attnscope/model/local_models.h"

class QLabel;
class QLineEdit;
class QMenu;
class QPushButton;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTreeView;

class LocalModelsDialog : public QDialog {
    Q_OBJECT
public:
    enum Column { Name, Source, Architecture, Size, Opens, Columns };

    explicit LocalModelsDialog(QWidget* parent = nullptr);
    ~LocalModelsDialog() override;

    // The path to open once the dialog is accepted.
    QString chosenPath() const { return chosen_; }
    // The folders the user added, as remembered.
    static QStringList addedFolders();
    // True once a search has finished and the list shows its result.
    bool searched() const { return searched_; }

    // What the list shows (the filtered rows, in their order), for tests and
    // the text alternative.
    QTreeView* list() const { return list_; }

signals:
    void searchFinished();

protected:
    void done(int result) override;

private:
    void search();
    void showModels(const std::vector<attnscope::LocalModel>& models);
    void filter(const QString& text);
    void currentChanged();
    void openCurrent();
    void addFolder();
    void rebuildFoldersMenu();
    const attnscope::LocalModel* current() const;

    QLineEdit* search_;
    QLabel* status_;
    QTreeView* list_;
    QLabel* detail_;
    QPushButton *open_, *folders_, *refresh_;
    QMenu* foldersMenu_;
    QStandardItemModel* model_;
    QSortFilterProxyModel* proxy_;
    std::vector<attnscope::LocalModel> models_;  // row i of model_ is models_[i]
    QFutureWatcher<std::vector<attnscope::LocalModel>> watcher_;
    bool searchAgain_ = false;  // a search was asked for while one ran
    bool searched_ = false;
    QString chosen_;
};
