// MainWindow's bundles: File ▸ Import bundle… (and a bundle file dropped on
// the window), File ▸ Export bundle….
#include "core/userfiles.h"
#include "ui/changesubmitter.h"
#include "ui/filedialogs.h"
#include "ui/mainwindow.h"

#include "core/bertherror.h"
#include "core/commands/bundlecommands.h"
#include "core/commands/modelchange.h"
#include "core/placement/yamldocument.h"

#include <QDragEnterEvent>
#include <QFile>
#include <QFileInfo>
#include <QMimeData>

namespace berth {

namespace {

// The one local bundle file among dropped URLs; empty when there is none.
QString bundleFileOf(const QMimeData *data)
{
    if (!data || !data->hasUrls() || data->urls().size() != 1 ||
        !data->urls().first().isLocalFile())
        return {};
    const QString path = data->urls().first().toLocalFile();
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == u"yaml" || suffix == u"yml" ? path : QString();
}

} // namespace

bool MainWindow::importBundle(const QString &path)
{
    const QString name = QFileInfo(path).fileName();
    try {
        const QString source = tr("bundle \"%1\"").arg(name);
        const QList<QJsonValue> documents = BundleCommands::readDocuments(path, {});
        BundleCommands::Deploy request;
        request.bundle = Bundle::fromDocuments(documents, source);
        request.dryRun = true;
        // What it would change, found in a transaction rolled back.
        const CommandResult plan = BundleCommands(m_workspace).deploy(m_model, request);
        for (const QString &warning : plan.warnings)
            log(warning);
        if (plan.messages.isEmpty()) {
            log(tr("%1: the model already holds everything the bundle asks for").arg(name));
            return false;
        }
        for (const QString &line : plan.messages)
            log(tr("%1: %2").arg(name, line));
        // At once only when the user says so; staged, the change set shows it.
        if (!m_submitter->staging()) {
            const QStringList shown = plan.messages.mid(0, 15);
            QString question =
                tr("Deploy %1 now? It makes %n change(s):", nullptr, int(plan.messages.size()))
                    .arg(name) +
                u'\n' + shown.join(u'\n');
            if (plan.messages.size() > shown.size())
                question += u'\n' + tr("… and %n more (see the log)", nullptr,
                                       int(plan.messages.size() - shown.size()));
            if (!m_confirm(tr("Import bundle"), question))
                return false;
        }
        m_submitter->submit({ModelChange::deployBundle(Bundle::merged(documents, source))},
                            tr("Import bundle %1").arg(name));
        return true;
    } catch (const BerthError &error) {
        reportError(error.message());
        return false;
    }
}

bool MainWindow::exportBundle(const QString &path)
{
    try {
        const QString text =
            BundleCommands::yaml(BundleCommands(m_workspace).exportBundle(m_model).toJson());
        UserFiles::write(path, text.toUtf8(), path);
        log(tr("model %1 exported to %2").arg(m_model, path));
        return true;
    } catch (const BerthError &error) {
        reportError(error.message());
        return false;
    }
}

void MainWindow::chooseBundleToImport()
{
    const QString path =
        FileDialogs::openFileName(this, tr("Import bundle"), {}, tr("Juju bundles (*.yaml *.yml)"));
    if (!path.isEmpty())
        importBundle(path);
}

void MainWindow::chooseBundleToExport()
{
    const QString path =
        FileDialogs::saveFileName(this, tr("Export bundle"), m_model + QStringLiteral(".yaml"),
                                  tr("Juju bundles (*.yaml *.yml)"));
    if (!path.isEmpty())
        exportBundle(path);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (!bundleFileOf(event->mimeData()).isEmpty())
        event->acceptProposedAction();
    else
        QMainWindow::dragEnterEvent(event);
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QString path = bundleFileOf(event->mimeData());
    if (path.isEmpty()) {
        QMainWindow::dropEvent(event);
        return;
    }
    event->acceptProposedAction();
    importBundle(path);
}

} // namespace berth
