// The main window's provisioning: which models this window provisions, what
// it says before machines start, and what it does when its store is lost.
#include "ui/mainwindow.h"
#include "ui/overviewpage.h"

#include "core/bertherror.h"
#include "core/commands/machinecommands.h"
#include "core/store/workspace.h"
#include "ui/desktopsignals.h"
#include "ui/modelsession.h"
#include "ui/palettecolours.h"
#include "ui/provisioningnews.h"
#include "ui/provisioningscope.h"

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDBusConnection>
#include <QGuiApplication>
#include <QLabel>
#include <QMetaObject>
#include <QProcess>
#include <QSettings>

namespace berth {

bool MainWindow::provisions() const
{
    return m_options.provision && !m_workspace.store().isReadOnly();
}

QStringList MainWindow::provisionedModels() const
{
    return m_provisioning->models();
}

bool MainWindow::setProvisioning(const QString &model, bool on)
{
    if (!on) {
        m_provisioning->stop(model);
        log(tr("this window no longer provisions model %1").arg(model));
        return true;
    }
    if (m_provisioning->provisions(model))
        return true;
    if (!provisions()) {
        reportError(m_workspace.store().isReadOnly()
                        ? tr("the store is read-only: this window cannot provision")
                        : tr("this window does not provision models"));
        return false;
    }
    try {
        // Machines that wait start at once: the user is told what they cost first.
        const StartForecast waiting = MachineCommands(m_workspace).waitingStarts(model);
        const QString what = MachineCommands::describeWaiting(model, waiting);
        if (waiting.instances() + waiting.unfit.size() > 0 &&
            !m_confirm(tr("Provision model %1").arg(model),
                       what + QStringLiteral("\n\n") +
                           tr("Start them now, and whatever this model adds later while this "
                              "window is open?")))
            return false;
        log(what);
    } catch (const BerthError &error) {
        reportError(error.message());
        return false;
    }
    m_provisioning->start(model);
    log(tr("this window provisions model %1").arg(model));
    return true;
}

void MainWindow::showProvisioningState()
{
    const QStringList models = m_provisioning->models();
    const bool shown = m_provisioning->provisions(m_model);
    {
        const QSignalBlocker blocker(m_provisionAction);
        m_provisionAction->setChecked(shown);
    }
    m_provisionAction->setEnabled(provisions());
    // Machines of the shown model that wait for someone to provision it.
    int waiting = 0;
    if (!shown && m_snapshot.model.name == m_model) {
        for (const MachineRecord &m : std::as_const(m_snapshot.machines)) {
            waiting += m.state.awaitsStart() && m.instanceId.isEmpty() &&
                               !m_snapshot.planned.machines.contains(m.id)
                           ? 1
                           : 0;
        }
    }
    QString text = models.isEmpty() ? tr("Provisioning: off")
                                    : tr("Provisioning: %1").arg(models.join(QStringLiteral(", ")));
    if (waiting > 0)
        text += u' ' + tr("· %n machine(s) of %1 wait", nullptr, waiting).arg(m_model);
    m_provisionState->setText(text);
    m_provisionState->setToolTip(
        shown ? tr("This window starts and stops the machines of %1").arg(m_model)
              : tr("Machines of %1 wait: Model ▸ Provision this model starts them").arg(m_model));
}

void MainWindow::provisioningChanged()
{
    // Remembered for the next time this store is opened.
    if (!m_options.storeLocation.isEmpty() && provisions() && !m_storeLost)
        QSettings().setValue(provisioningSetting(m_options.storeLocation),
                             m_provisioning->models());
    m_news->keepOnly(m_provisioning->models());
    showProvisioningState();
}

void MainWindow::connectProvisioningNews()
{
    m_news = new ProvisioningNews(m_options.notifyAfter, this);
    m_desktop =
        new DesktopSignals(QGuiApplication::desktopFileName(), QDBusConnection::sessionBus(), this);
    connect(m_provisioning, &ProvisioningScope::progress, m_news, &ProvisioningNews::progress);
    connect(m_provisioning, &ProvisioningScope::passFinished, m_news,
            &ProvisioningNews::passFinished);
    connect(m_news, &ProvisioningNews::overallProgress, m_desktop, &DesktopSignals::setProgress);
    connect(m_news, &ProvisioningNews::runFinished, this, &MainWindow::provisioningRunFinished);
    connect(m_desktop, &DesktopSignals::activated, this, [this](const QString &model) {
        if (isMinimized())
            showNormal();
        raise();
        activateWindow();
        if (model != m_model && m_modelBox->findText(model) >= 0)
            openModel(model);
    });
}

void MainWindow::provisioningRunFinished(const QString &model, int started, int failed,
                                         std::chrono::milliseconds took)
{
    const QString counts =
        failed == 0 ? tr("%n machine(s) started", nullptr, started)
                    : tr("%n machine(s) started, %1 failed", nullptr, started).arg(failed);
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(took).count();
    logFor(model,
           tr("provisioning finished after %n second(s): %1", nullptr, int(seconds)).arg(counts));
    // News for whoever is not looking at the window; one who is reads the log.
    if (isActiveWindow() && !isMinimized())
        return;
    m_desktop->notify(
        model, tr("Provisioning of %1 finished").arg(model),
        failed == 0 ? counts
                    : counts + u'\n' + tr("Model ▸ Retry provisioning… shows why they failed."),
        failed == 0 ? DesktopSignals::Urgency::Normal : DesktopSignals::Urgency::Critical);
}

QString MainWindow::provisioningSetting(const QString &storeLocation)
{
    return QStringLiteral("provisioning/") +
           QString::fromLatin1(storeLocation.toUtf8().toBase64(QByteArray::Base64UrlEncoding));
}

void MainWindow::logFor(const QString &model, const QString &line)
{
    log(QStringLiteral("[%1] ").arg(model) + line);
}

void MainWindow::storeLost()
{
    m_storeLost = true;
    m_provisioning->pause();
    m_session->pause(false);
    m_overview->header()->setText(
        tr("<b>The store was lost under this window.</b> Nothing is read from or "
           "written to it here any more; reopen it to go on."));
    m_overview->header()->setStyleSheet(
        PaletteColours::textStyle(PaletteColours::error(palette())));
    if (m_confirm(tr("Store lost"),
                  tr("Another program removed the store's write-ahead log while this window "
                     "had it open, so this window stopped using it: what it showed since may "
                     "be out of date, and its provisioner is stopped. Changes committed or "
                     "staged before are kept in the store.\n\nReopen the store now?")))
        reopen(m_options.storeLocation, m_model);
}

void MainWindow::reopen(const QString &location, const QString &model)
{
    if (m_options.reopen) {
        m_options.reopen(location, model);
        return;
    }
    QStringList arguments{QStringLiteral("--db"), location};
    if (!model.isEmpty())
        arguments << QStringLiteral("-m") << model;
    if (QProcess::startDetached(QCoreApplication::applicationFilePath(), arguments))
        close();
}

} // namespace berth
