#pragma once

#include <QDBusConnection>
#include <QObject>
#include <QString>

#include <map>

namespace berth {

// What the window tells the desktop outside itself, over the session's
// D-Bus: notifications (org.freedesktop.Notifications, served by every Linux
// desktop's notification daemon) and the progress on its taskbar entry (the
// launcher-entry signal that KDE Plasma's task manager and the docks of
// other desktops read). Without a session bus nothing is sent and nothing
// fails: the window says the same in its own log.
class DesktopSignals final : public QObject
{
    Q_OBJECT

public:
    enum class Urgency { Normal = 1, Critical = 2 };

    // `desktopEntry` names the application's .desktop file, without ".desktop".
    DesktopSignals(QString desktopEntry, QDBusConnection bus, QObject *parent = nullptr);

    bool connected() const { return m_bus.isConnected(); }
    // A notification; one with the same `tag` as a shown one replaces it.
    void notify(const QString &tag, const QString &summary, const QString &body, Urgency urgency);
    // `fraction` (0 to 1) done; `visible` false takes the progress away.
    void setProgress(double fraction, bool visible);

signals:
    // The user chose the notification shown with `tag` (clicked it, or its
    // "Show" action).
    void activated(const QString &tag);

private slots:
    void actionInvoked(uint id, const QString &action);
    void notificationClosed(uint id, uint reason);

private:
    QString m_entry;
    QDBusConnection m_bus;
    std::map<QString, uint> m_shown; // tag → the server's id for it
};

} // namespace berth
