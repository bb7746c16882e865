#pragma once

#include <QFileDialog>
#include <QString>

namespace berth {

// The window's file dialogs. Each lists folders without opening a file in
// them: the platform's own dialog (GTK's, say) and Qt's default icon provider
// read files to guess their type, and any open and close of the store's files
// in this process drops the store's locks (see core/userfiles.h). So every
// dialog is Qt's own, with icons and types told from file names alone.
namespace FileDialogs {

// A dialog of this kind, for tests and for the functions below.
QFileDialog *make(QWidget *parent, const QString &caption, const QString &directory,
                  const QString &filter, QFileDialog::AcceptMode mode);
// The chosen file, or empty when cancelled.
QString openFileName(QWidget *parent, const QString &caption, const QString &directory = {},
                     const QString &filter = {});
QString saveFileName(QWidget *parent, const QString &caption, const QString &directory = {},
                     const QString &filter = {}, QFileDialog::Options options = {});

} // namespace FileDialogs

} // namespace berth
