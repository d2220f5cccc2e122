#include "gui/dialogs/local_models_dialog.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "gui/common/work_pool.h"

namespace {

const QString kFoldersKey = QStringLiteral("localModels/folders");
constexpr int kIndexRole = Qt::UserRole + 1;  // the row's index in models_

QString sourceName(const std::string& source) {
    if (source == "ollama") return QStringLiteral("Ollama");
    if (source == "lmstudio") return QStringLiteral("LM Studio");
    if (source == "huggingface") return LocalModelsDialog::tr("Hugging Face cache");
    return LocalModelsDialog::tr("Added folder");
}

// Forwards the keys that move through a list from the search box to the
// list, so a user can type, press Down, and Enter without leaving the box.
class ListKeys : public QObject {
public:
    ListKeys(QTreeView* list, QObject* parent) : QObject(parent), list_(list) {}
    bool eventFilter(QObject* o, QEvent* e) override {
        if (e->type() != QEvent::KeyPress) return QObject::eventFilter(o, e);
        const int key = static_cast<QKeyEvent*>(e)->key();
        if (key != Qt::Key_Down && key != Qt::Key_Up && key != Qt::Key_PageDown && key != Qt::Key_PageUp)
            return QObject::eventFilter(o, e);
        QCoreApplication::sendEvent(list_, e);
        return true;
    }

private:
    QTreeView* list_;
};

}  // namespace

LocalModelsDialog::LocalModelsDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Open local model"));
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    search_ = new QLineEdit(this);
    search_->setPlaceholderText(tr("Search by name, source or architecture"));
    search_->setClearButtonEnabled(true);
    search_->setAccessibleName(tr("Search the local models"));
    auto* searchLabel = new QLabel(tr("&Search:"), this);
    searchLabel->setBuddy(search_);
    status_ = new QLabel(this);
    top->addWidget(searchLabel);
    top->addWidget(search_, 1);
    top->addWidget(status_);
    layout->addLayout(top);

    model_ = new QStandardItemModel(0, Columns, this);
    model_->setHorizontalHeaderLabels({tr("Name"), tr("Source"), tr("Architecture"), tr("Size"), tr("Opens")});
    proxy_ = new QSortFilterProxyModel(this);
    proxy_->setSourceModel(model_);
    proxy_->setFilterKeyColumn(-1);
    proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy_->setSortRole(Qt::UserRole);
    proxy_->setSortCaseSensitivity(Qt::CaseInsensitive);
    list_ = new QTreeView(this);
    list_->setModel(proxy_);
    list_->setRootIsDecorated(false);
    list_->setUniformRowHeights(true);
    list_->setAlternatingRowColors(true);
    list_->setSortingEnabled(true);
    list_->sortByColumn(Source, Qt::AscendingOrder);  // stable: by source, then the finder's order (by name)
    list_->setSelectionMode(QAbstractItemView::SingleSelection);
    list_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    list_->setAccessibleName(tr("Local models"));
    search_->installEventFilter(new ListKeys(list_, this));
    layout->addWidget(list_, 1);

    detail_ = new QLabel(this);
    detail_->setWordWrap(true);
    detail_->setTextFormat(Qt::PlainText);
    detail_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    detail_->setMinimumHeight(detail_->fontMetrics().lineSpacing() * 3);
    detail_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    layout->addWidget(detail_);

    auto* buttons = new QDialogButtonBox(this);
    folders_ = buttons->addButton(tr("&Folders"), QDialogButtonBox::ActionRole);
    foldersMenu_ = new QMenu(folders_);
    folders_->setMenu(foldersMenu_);
    refresh_ = buttons->addButton(tr("&Refresh"), QDialogButtonBox::ActionRole);
    refresh_->setToolTip(tr("Search again (F5)"));
    open_ = buttons->addButton(tr("&Open"), QDialogButtonBox::AcceptRole);
    buttons->addButton(QDialogButtonBox::Cancel);
    open_->setDefault(true);
    open_->setEnabled(false);
    layout->addWidget(buttons);
    // Open accepts through openCurrent, which sets the path (the box's accepted() is not used).
    connect(open_, &QPushButton::clicked, this, &LocalModelsDialog::openCurrent);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(refresh_, &QPushButton::clicked, this, &LocalModelsDialog::search);
    auto* f5 = new QShortcut(QKeySequence::Refresh, this);
    connect(f5, &QShortcut::activated, this, &LocalModelsDialog::search);
    auto* find = new QShortcut(QKeySequence::Find, this);
    connect(find, &QShortcut::activated, this, [this] {
        search_->setFocus();
        search_->selectAll();
    });

    connect(search_, &QLineEdit::textChanged, this, &LocalModelsDialog::filter);
    connect(list_, &QTreeView::activated, this, &LocalModelsDialog::openCurrent);
    connect(list_->selectionModel(), &QItemSelectionModel::currentChanged, this, &LocalModelsDialog::currentChanged);
    connect(&watcher_, &QFutureWatcherBase::finished, this, [this] {
        showModels(watcher_.result());
        if (searchAgain_) {
            searchAgain_ = false;
            search();
        }
    });

    const QSettings st;
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    resize(em * 72, em * 34);
    restoreGeometry(st.value(QStringLiteral("localModels/geometry")).toByteArray());
    list_->header()->setStretchLastSection(true);  // Opens: the reasons are long, the tooltip has them whole
    rebuildFoldersMenu();
    search_->setFocus();
    search();
}

LocalModelsDialog::~LocalModelsDialog() = default;

QStringList LocalModelsDialog::addedFolders() {
    QStringList out;
    for (const QString& f : QSettings().value(kFoldersKey).toStringList())
        if (!f.isEmpty() && !out.contains(f)) out << f;
    return out;
}

void LocalModelsDialog::search() {
    if (watcher_.isRunning()) {
        searchAgain_ = true;
        return;
    }
    attnscope::LocalModelRoots roots = attnscope::default_local_model_roots();
    for (const QString& f : addedFolders()) roots.folders.push_back(QDir::toNativeSeparators(f).toStdString());
    status_->setText(tr("Searching…"));
    refresh_->setEnabled(false);
    watcher_.setFuture(QtConcurrent::run(workPool(), [roots] {
        try {
            return attnscope::find_local_models(roots);
        } catch (const std::exception&) {
            return std::vector<attnscope::LocalModel>();  // the finder reports problems per model; this is a bug
        }
    }));
}

void LocalModelsDialog::showModels(const std::vector<attnscope::LocalModel>& models) {
    const QString keep = current() ? QString::fromStdString(current()->path) : chosen_;
    models_ = models;
    model_->removeRows(0, model_->rowCount());
    const QColor muted = palette().color(QPalette::Disabled, QPalette::Text);
    int opens = 0;
    for (size_t i = 0; i < models_.size(); ++i) {
        const attnscope::LocalModel& m = models_[i];
        opens += m.opens;
        const QString why = QString::fromStdString(m.why_not);
        QList<QStandardItem*> row;
        const auto cell = [&](const QString& text, const QVariant& sortKey) {
            auto* item = new QStandardItem(text);
            item->setData(sortKey, Qt::UserRole);
            item->setData(int(i), kIndexRole);
            item->setToolTip(m.opens ? QString::fromStdString(m.path) : tr("Does not open: %1").arg(why));
            if (!m.opens) item->setForeground(muted);
            row << item;
        };
        const QString name = QString::fromStdString(m.name);
        cell(name, name.toLower());
        cell(sourceName(m.source), sourceName(m.source));
        const QString arch = m.architecture.empty() ? QString() : QString::fromStdString(m.architecture);
        cell(arch, arch);
        cell(m.bytes > 0 ? QLocale().formattedDataSize(m.bytes) : QString(), qlonglong(m.bytes));
        cell(m.opens ? tr("yes") : tr("no: %1").arg(why), m.opens ? 0 : 1);
        row[Size]->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        model_->appendRow(row);
    }
    searched_ = true;
    refresh_->setEnabled(true);
    status_->setText(tr("%n model(s), %1 open", "", int(models_.size())).arg(opens));
    // Every column but the last fits what it shows; a very long name (an
    // added folder's file) takes at most half the list.
    for (int c = Name; c < Opens; ++c) list_->resizeColumnToContents(c);
    const int half = list_->viewport()->width() / 2;
    if (list_->header()->sectionSize(Name) > half) list_->header()->resizeSection(Name, half);
    filter(search_->text());
    // Keep the row that was current through a refresh.
    for (int r = 0; r < proxy_->rowCount(); ++r)
        if (QString::fromStdString(models_[size_t(proxy_->index(r, 0).data(kIndexRole).toInt())].path) == keep) {
            list_->setCurrentIndex(proxy_->index(r, 0));
            break;
        }
    emit searchFinished();
}

void LocalModelsDialog::filter(const QString& text) {
    proxy_->setFilterFixedString(text.trimmed());
    if (!list_->currentIndex().isValid() && proxy_->rowCount() > 0) list_->setCurrentIndex(proxy_->index(0, 0));
    currentChanged();
}

const attnscope::LocalModel* LocalModelsDialog::current() const {
    const QModelIndex i = list_->currentIndex();
    if (!i.isValid()) return nullptr;
    const int k = i.data(kIndexRole).toInt();
    return k >= 0 && size_t(k) < models_.size() ? &models_[size_t(k)] : nullptr;
}

void LocalModelsDialog::currentChanged() {
    const attnscope::LocalModel* m = current();
    open_->setEnabled(m && m->opens);
    if (!m) {
        if (!searched_) {
            detail_->clear();
        } else if (models_.empty()) {
            const attnscope::LocalModelRoots roots = attnscope::default_local_model_roots();
            QStringList where{QString::fromStdString(roots.ollama)};
            for (const std::string& d : roots.lmstudio) where << QString::fromStdString(d);
            where << QString::fromStdString(roots.huggingface);
            detail_->setText(tr("No models were found in %1. Folders ▸ Add folder… searches another folder.")
                                 .arg(where.join(QStringLiteral(", "))));
        } else {
            detail_->setText(tr("No model matches “%1”.").arg(search_->text().trimmed()));
        }
        return;
    }
    const QString path = QString::fromStdString(m->path);
    if (m->opens)
        detail_->setText(tr("%1\nOpens: %2, %3.")
                             .arg(path, QString::fromStdString(m->format),
                                  m->architecture.empty() ? tr("architecture read when it opens")
                                                          : QString::fromStdString(m->architecture)));
    else
        detail_->setText(tr("%1\nDoes not open: %2").arg(path, QString::fromStdString(m->why_not)));
}

void LocalModelsDialog::openCurrent() {
    const attnscope::LocalModel* m = current();
    if (!m || !m->opens) return;
    chosen_ = QString::fromStdString(m->path);
    accept();
}

void LocalModelsDialog::addFolder() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Add a folder of models"), QDir::homePath());
    if (dir.isEmpty()) return;
    QStringList folders = addedFolders();
    if (!folders.contains(dir)) folders << dir;
    QSettings().setValue(kFoldersKey, folders);
    rebuildFoldersMenu();
    search();
}

void LocalModelsDialog::rebuildFoldersMenu() {
    foldersMenu_->clear();
    foldersMenu_->addAction(tr("&Add folder…"), this, &LocalModelsDialog::addFolder);
    const QStringList folders = addedFolders();
    if (!folders.isEmpty()) foldersMenu_->addSeparator();
    for (const QString& f : folders)
        foldersMenu_->addAction(tr("Remove “%1”").arg(QDir::toNativeSeparators(f)), this, [this, f] {
            QStringList all = addedFolders();
            all.removeAll(f);
            QSettings().setValue(kFoldersKey, all);
            rebuildFoldersMenu();
            search();
        });
}

void LocalModelsDialog::done(int result) {
    QSettings st;
    st.setValue(QStringLiteral("localModels/geometry"), saveGeometry());
    QDialog::done(result);
}
