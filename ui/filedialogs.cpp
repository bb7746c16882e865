#include "ui/filedialogs.h"

#include <QFileIconProvider>
#include <QMimeDatabase>
#include <QPointer>

namespace berth {

namespace {

// Icons and type names from the file's name: never its contents.
class NameOnlyIconProvider final : public QFileIconProvider
{
public:
    NameOnlyIconProvider() { setOptions(DontUseCustomDirectoryIcons); }

    QIcon icon(IconType type) const override { return QFileIconProvider::icon(type); }
    QIcon icon(const QFileInfo &info) const override
    {
        if (info.isDir())
            return QFileIconProvider::icon(Folder);
        const QMimeType mime = mimeOf(info);
        return QIcon::fromTheme(mime.iconName(), QIcon::fromTheme(mime.genericIconName(),
                                                                  QFileIconProvider::icon(File)));
    }
    QString type(const QFileInfo &info) const override
    {
        if (info.isDir())
            return QFileIconProvider::type(info); // "Folder", never read
        const QMimeType mime = mimeOf(info);
        return mime.comment().isEmpty() ? mime.name() : mime.comment();
    }

private:
    QMimeType mimeOf(const QFileInfo &info) const
    {
        return m_mimeDatabase.mimeTypeForFile(info, QMimeDatabase::MatchExtension);
    }
    QMimeDatabase m_mimeDatabase;
};

NameOnlyIconProvider &iconProvider()
{
    static NameOnlyIconProvider provider; // shared by the GUI thread's dialogs
    return provider;
}

QString run(QFileDialog *dialog)
{
    const QPointer<QFileDialog> guard(dialog);
    const bool chosen = dialog->exec() == QDialog::Accepted;
    if (!guard)
        return {};
    const QStringList files = dialog->selectedFiles();
    dialog->deleteLater();
    return chosen && !files.isEmpty() ? files.first() : QString();
}

} // namespace

namespace FileDialogs {

QFileDialog *make(QWidget *parent, const QString &caption, const QString &directory,
                  const QString &filter, QFileDialog::AcceptMode mode)
{
    // The dialog is made on a folder, never a file: a file selected as it is
    // made is looked at at once, before the icon provider below is in place.
    const QFileInfo start(directory);
    const bool isFolder = directory.isEmpty() || start.isDir();
    auto *dialog =
        new QFileDialog(parent, caption, isFolder ? directory : start.absolutePath(), filter);
    dialog->setOption(QFileDialog::DontUseNativeDialog);
    dialog->setIconProvider(&iconProvider());
    dialog->setAcceptMode(mode);
    dialog->setFileMode(mode == QFileDialog::AcceptOpen ? QFileDialog::ExistingFile
                                                        : QFileDialog::AnyFile);
    if (!isFolder)
        dialog->selectFile(start.fileName());
    return dialog;
}

QString openFileName(QWidget *parent, const QString &caption, const QString &directory,
                     const QString &filter)
{
    return run(make(parent, caption, directory, filter, QFileDialog::AcceptOpen));
}

QString saveFileName(QWidget *parent, const QString &caption, const QString &directory,
                     const QString &filter, QFileDialog::Options options)
{
    QFileDialog *dialog = make(parent, caption, directory, filter, QFileDialog::AcceptSave);
    dialog->setOptions(dialog->options() | options);
    return run(dialog);
}

} // namespace FileDialogs

} // namespace berth
