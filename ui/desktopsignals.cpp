#include "ui/desktopsignals.h"

#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QVariantMap>

namespace berth {

namespace {

const QString notifications = QStringLiteral("org.freedesktop.Notifications");
const QString notificationsPath = QStringLiteral("/org/freedesktop/Notifications");
const QString launcherEntry = QStringLiteral("com.canonical.Unity.LauncherEntry");

} // namespace

DesktopSignals::DesktopSignals(QString desktopEntry, QDBusConnection bus, QObject *parent)
    : QObject(parent)
    , m_entry(std::move(desktopEntry))
    , m_bus(std::move(bus))
{
    if (!m_bus.isConnected())
        return;
    m_bus.connect(notifications, notificationsPath, notifications, QStringLiteral("ActionInvoked"),
                  this, SLOT(actionInvoked(uint, QString)));
    m_bus.connect(notifications, notificationsPath, notifications,
                  QStringLiteral("NotificationClosed"), this, SLOT(notificationClosed(uint, uint)));
}

void DesktopSignals::notify(const QString &tag, const QString &summary, const QString &body,
                            Urgency urgency)
{
    if (!m_bus.isConnected())
        return;
    const auto shown = m_shown.find(tag);
    const uint replaces = shown == m_shown.end() ? 0 : shown->second;
    QDBusMessage call = QDBusMessage::createMethodCall(notifications, notificationsPath,
                                                       notifications, QStringLiteral("Notify"));
    const QVariantMap hints{
        {QStringLiteral("desktop-entry"), m_entry},
        {QStringLiteral("urgency"), QVariant::fromValue(uchar(urgency))},
    };
    call << QStringLiteral("Berth") << replaces << m_entry << summary << body
         << QStringList{QStringLiteral("default"), tr("Show")} << hints << qint32(-1);
    // Never waited for: a slow or absent notification daemon does not stop
    // the window.
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(call), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, tag](QDBusPendingCallWatcher *finished) {
                const QDBusPendingReply<uint> reply = *finished;
                if (reply.isValid())
                    m_shown[tag] = reply.value();
                finished->deleteLater();
            });
}

void DesktopSignals::setProgress(double fraction, bool visible)
{
    if (!m_bus.isConnected())
        return;
    QDBusMessage update =
        QDBusMessage::createSignal(QStringLiteral("/com/canonical/unity/launcherentry/berth"),
                                   launcherEntry, QStringLiteral("Update"));
    update << QStringLiteral("application://%1.desktop").arg(m_entry)
           << QVariantMap{{QStringLiteral("progress"), std::clamp(fraction, 0.0, 1.0)},
                          {QStringLiteral("progress-visible"), visible}};
    m_bus.send(update);
}

void DesktopSignals::actionInvoked(uint id, const QString &action)
{
    Q_UNUSED(action) // "default", the one action offered: the notification or Show clicked
    for (const auto &[tag, shown] : m_shown) {
        if (shown == id) {
            emit activated(tag);
            return;
        }
    }
}

void DesktopSignals::notificationClosed(uint id, uint reason)
{
    Q_UNUSED(reason)
    std::erase_if(m_shown, [id](const auto &entry) { return entry.second == id; });
}

} // namespace berth
