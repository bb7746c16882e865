// The window and the desktop around it: a notification when a long
// provisioning ends while the user looks elsewhere, the progress on its
// taskbar entry, and the colour scheme the desktop asks for, followed live.
// The messages go over a D-Bus session bus of the test's own (dbus-daemon,
// as a desktop session starts it), to a notification server that records
// what it is sent and a settings portal that says what the user chose.
#include "core/commands/applicationcommands.h"
#include "core/commands/modelcommands.h"
#include "core/store/workspace.h"
#include "tests/testsupport.h"
#include "ui/colourscheme.h"
#include "ui/mainwindow.h"
#include "ui/palettecolours.h"
#include "ui/provisioningnews.h"
#include "ui/zonechart.h"

#include <QApplication>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusContext>
#include <QDBusMessage>
#include <QDBusVariant>
#include <QPlainTextEdit>
#include <QProcess>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTest>
#include <QTranslator>

#include <qcustomplot.h>

using namespace berth;
using namespace std::chrono_literals;

namespace {

const QString model = QStringLiteral("default");

// A session bus for this process: dbus-daemon with the desktop session's
// configuration, its address in DBUS_SESSION_BUS_ADDRESS before Qt looks.
class SessionBus
{
public:
    SessionBus()
    {
        m_daemon.setProgram(QStringLiteral("dbus-daemon"));
        m_daemon.setArguments({QStringLiteral("--session"), QStringLiteral("--nofork"),
                               QStringLiteral("--print-address=1")});
        m_daemon.start();
        if (!m_daemon.waitForStarted(10'000)) {
            m_problem = QStringLiteral("dbus-daemon cannot start: ") + m_daemon.errorString();
            return;
        }
        QByteArray line;
        while (!line.contains('\n') && m_daemon.waitForReadyRead(10'000))
            line += m_daemon.readAllStandardOutput();
        m_address = QString::fromUtf8(line).trimmed();
        if (m_address.isEmpty())
            m_problem = QStringLiteral("dbus-daemon printed no address: ") +
                        QString::fromUtf8(m_daemon.readAllStandardError());
        else
            qputenv("DBUS_SESSION_BUS_ADDRESS", m_address.toUtf8());
    }
    ~SessionBus()
    {
        m_daemon.kill();
        m_daemon.waitForFinished(5'000);
    }
    QString address() const { return m_address; }
    QString problem() const { return m_problem; }

private:
    QProcess m_daemon;
    QString m_address;
    QString m_problem;
};

SessionBus *theBus = nullptr;

// The desktop's side: a notification server on the bus (the calls it is
// sent) and a task manager listening for launcher-entry updates.
class Desktop : public QObject
{
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.Notifications")

public:
    struct Notification
    {
        uint id;
        uint replaces;
        QString summary;
        QString body;
        QStringList actions;
        QVariantMap hints;
    };

    explicit Desktop(const QString &address)
        : m_bus(QDBusConnection::connectToBus(address, QStringLiteral("desktop")))
    {
        m_bus.registerObject(QStringLiteral("/org/freedesktop/Notifications"), this,
                             QDBusConnection::ExportAllSlots);
        m_bus.registerService(QStringLiteral("org.freedesktop.Notifications"));
        m_bus.connect({}, {}, QStringLiteral("com.canonical.Unity.LauncherEntry"),
                      QStringLiteral("Update"), this, SLOT(launcherUpdate(QString, QVariantMap)));
    }
    ~Desktop() override
    {
        m_bus.unregisterService(QStringLiteral("org.freedesktop.Notifications"));
        QDBusConnection::disconnectFromBus(QStringLiteral("desktop"));
    }
    bool ready() const { return m_bus.isConnected(); }

    QList<Notification> shown;
    QList<QVariantMap> taskbar; // the launcher entry's updates, in order
    QStringList entries;        // the application each update was for

    // The user clicks the notification.
    void click(uint id)
    {
        QDBusMessage clicked = QDBusMessage::createSignal(
            QStringLiteral("/org/freedesktop/Notifications"),
            QStringLiteral("org.freedesktop.Notifications"), QStringLiteral("ActionInvoked"));
        clicked << id << QStringLiteral("default");
        m_bus.send(clicked);
    }

public slots:
    uint Notify(const QString &app, uint replaces, const QString &icon, const QString &summary,
                const QString &body, const QStringList &actions, const QVariantMap &hints,
                int timeout)
    {
        Q_UNUSED(app)
        Q_UNUSED(icon)
        Q_UNUSED(timeout)
        const uint id = replaces != 0 ? replaces : ++m_last;
        shown.append({id, replaces, summary, body, actions, hints});
        return id;
    }
    QStringList GetCapabilities() { return {QStringLiteral("body"), QStringLiteral("actions")}; }
    void CloseNotification(uint id) { Q_UNUSED(id) }

private slots:
    void launcherUpdate(const QString &entry, const QVariantMap &properties)
    {
        entries.append(entry);
        taskbar.append(properties);
    }

private:
    QDBusConnection m_bus;
    uint m_last = 0;
};

// The desktop's settings portal (org.freedesktop.portal.Settings): the
// appearance the user chose, read and announced as xdg-desktop-portal does.
class Portal : public QObject, protected QDBusContext
{
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.portal.Settings")

public:
    explicit Portal(const QString &address)
        : m_bus(QDBusConnection::connectToBus(address, QStringLiteral("portal")))
    {
        m_bus.registerObject(QStringLiteral("/org/freedesktop/portal/desktop"), this,
                             QDBusConnection::ExportAllSlots);
        m_bus.registerService(QStringLiteral("org.freedesktop.portal.Desktop"));
    }
    ~Portal() override
    {
        m_bus.unregisterService(QStringLiteral("org.freedesktop.portal.Desktop"));
        QDBusConnection::disconnectFromBus(QStringLiteral("portal"));
    }
    bool ready() const { return m_bus.isConnected(); }

    // The user changes a setting: the portal announces it.
    void set(const QString &key, uint value)
    {
        m_values.insert(key, value);
        QDBusMessage changed = QDBusMessage::createSignal(
            QStringLiteral("/org/freedesktop/portal/desktop"),
            QStringLiteral("org.freedesktop.portal.Settings"), QStringLiteral("SettingChanged"));
        changed << QStringLiteral("org.freedesktop.appearance") << key
                << QVariant::fromValue(QDBusVariant(value));
        m_bus.send(changed);
    }
    QMap<QString, uint> m_values;

public slots:
    // A value in a variant in a variant, as the portal's Read gives it.
    QDBusVariant Read(const QString &group, const QString &key)
    {
        if (group != u"org.freedesktop.appearance" || !m_values.contains(key)) {
            sendErrorReply(QStringLiteral("org.freedesktop.portal.Error.NotFound"),
                           QStringLiteral("Requested setting not found"));
            return {};
        }
        return QDBusVariant(QVariant::fromValue(QDBusVariant(m_values.value(key))));
    }

private:
    QDBusConnection m_bus;
};

struct Fixture : TestWorkspace
{
    explicit Fixture(const QStringList &sim)
        : TestWorkspace(sim)
    {}
    void deploy(const QString &charm, int count)
    {
        ApplicationCommands::Deploy d;
        d.charm = charm;
        d.count = count;
        ApplicationCommands(ws()).deploy(model, d);
    }
    std::unique_ptr<MainWindow> window()
    {
        MainWindow::Options options;
        options.storeLocation = path();
        options.provisionedModels = {model};
        options.reloadClouds = [this] { reloadClouds(); };
        options.watchIntervalMs = 50;
        options.notifyAfter = 0ms; // every run is news here
        auto w = std::make_unique<MainWindow>(ws(), model, options);
        w->show();
        return w;
    }
};

// Another application's window, which the user works in meanwhile.
struct Elsewhere
{
    QWidget window;
    bool take()
    {
        window.show();
        QApplication::setActiveWindow(&window);
        return QTest::qWaitForWindowActive(&window);
    }
};

} // namespace

class TestDesktop : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Desktop> desktop;
    QTranslator english;

private slots:
    void initTestCase()
    {
        if (!theBus->problem().isEmpty()) {
            if (qEnvironmentVariable("CI") == u"true")
                QFAIL(qPrintable(theBus->problem())); // scripts/install-deps installs it
            QSKIP(qPrintable(theBus->problem()));
        }
        // The English plural forms, as berth installs them.
        QVERIFY(english.load(QStringLiteral(":/i18n/berth_en.qm")));
        QCoreApplication::installTranslator(&english);
    }
    void init()
    {
        desktop = std::make_unique<Desktop>(theBus->address());
        QVERIFY(desktop->ready());
    }
    void cleanup() { desktop.reset(); }

    void aRunIsNewsOnlyWhenItTookLong()
    {
        ProvisioningNews news(1s);
        QSignalSpy finished(&news, &ProvisioningNews::runFinished);
        news.progress(model, 0, 2);
        news.progress(model, 2, 2);
        news.passFinished(model, 2, 0, 0, false);
        QCOMPARE(finished.count(), 0); // over at once
        QVERIFY(!news.running());

        ProvisioningNews slow(0ms);
        QSignalSpy slowFinished(&slow, &ProvisioningNews::runFinished);
        slow.passFinished(model, 0, 0, 0, false); // a pass with nothing to do is no run
        slow.passFinished(model, 0, 0, 3, false); // nor one where machines only wait
        QVERIFY(!slow.running());
        QCOMPARE(slowFinished.count(), 0);
    }

    void aRunLastsUntilNothingWaitsAndCountsEveryPass()
    {
        ProvisioningNews news(0ms);
        QSignalSpy finished(&news, &ProvisioningNews::runFinished);
        QSignalSpy progress(&news, &ProvisioningNews::overallProgress);
        news.progress(model, 0, 4);
        news.progress(model, 3, 4);
        QCOMPARE(progress.last().at(0).toDouble(), 0.75);
        QVERIFY(progress.last().at(1).toBool());
        // Two started, one failed, one waits for a retry: the run goes on.
        news.passFinished(model, 2, 1, 1, true);
        QVERIFY(news.running());
        QCOMPARE(finished.count(), 0);
        QCOMPARE(progress.last().at(0).toDouble(), 0.75);
        // The retry starts it.
        news.progress(model, 0, 1);
        news.progress(model, 1, 1);
        QCOMPARE(progress.last().at(0).toDouble(), 1.0);
        news.passFinished(model, 1, 0, 0, false);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().at(0).toString(), model);
        QCOMPARE(finished.first().at(1).toInt(), 3); // started
        QCOMPARE(finished.first().at(2).toInt(), 1); // failed
        QVERIFY(!progress.last().at(1).toBool());    // the taskbar shows no progress
    }

    void aRunEndsWhenWhatWaitsWaitsForNoRetry()
    {
        ProvisioningNews news(0ms);
        QSignalSpy finished(&news, &ProvisioningNews::runFinished);
        QSignalSpy progress(&news, &ProvisioningNews::overallProgress);
        // A machine started; its container waits for it, no retry due.
        news.progress(model, 1, 1);
        news.passFinished(model, 1, 0, 1, false);
        QVERIFY(news.running());
        // The next pass starts nothing: the container waits on a host that
        // is not coming. The run is over, the taskbar clear.
        news.passFinished(model, 0, 0, 1, false);
        QVERIFY(!news.running());
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().at(1).toInt(), 1);
        QVERIFY(!progress.last().at(1).toBool());
    }

    void twoModelsShareTheTaskbarAndAStoppedOneEndsWithoutNews()
    {
        ProvisioningNews news(0ms);
        QSignalSpy finished(&news, &ProvisioningNews::runFinished);
        QSignalSpy progress(&news, &ProvisioningNews::overallProgress);
        news.progress(QStringLiteral("a"), 1, 2);
        news.progress(QStringLiteral("b"), 0, 2);
        QCOMPARE(progress.last().at(0).toDouble(), 0.25);
        news.keepOnly({QStringLiteral("a")});
        QCOMPARE(progress.last().at(0).toDouble(), 0.5);
        news.passFinished(QStringLiteral("a"), 2, 0, 0, false);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().at(0).toString(), QStringLiteral("a"));
        QVERIFY(!progress.last().at(1).toBool());
    }

    void aRunEndingInTheBackgroundIsNotifiedWithItsProgressOnTheTaskbar()
    {
        Fixture f({QStringLiteral("latency-ms=300")});
        auto window = f.window();
        QTRY_VERIFY(window->snapshotsApplied() > 0);
        Elsewhere other;
        QVERIFY(other.take());
        QVERIFY(!window->isActiveWindow());

        f.deploy(QStringLiteral("web"), 3);
        QTRY_COMPARE_WITH_TIMEOUT(desktop->shown.size(), 1, 30'000);
        const Desktop::Notification note = desktop->shown.first();
        QCOMPARE(note.summary, QStringLiteral("Provisioning of default finished"));
        QCOMPARE(note.body, QStringLiteral("3 machines started"));
        QCOMPARE(note.hints.value(QStringLiteral("urgency")).toInt(), 1);
        QCOMPARE(note.hints.value(QStringLiteral("desktop-entry")).toString(),
                 QGuiApplication::desktopFileName());
        QVERIFY(note.actions.contains(QStringLiteral("default")));
        // The taskbar entry showed the machines starting, then no progress.
        QTRY_VERIFY(!desktop->taskbar.isEmpty() &&
                    !desktop->taskbar.last().value(QStringLiteral("progress-visible")).toBool());
        QVERIFY(desktop->taskbar.size() >= 2);
        QVERIFY(desktop->taskbar.first().value(QStringLiteral("progress-visible")).toBool());
        QVERIFY(desktop->taskbar.first().value(QStringLiteral("progress")).toDouble() < 1.0);
        QCOMPARE(
            desktop->entries.first(),
            QStringLiteral("application://%1.desktop").arg(QGuiApplication::desktopFileName()));
        QVERIFY(window->logPane()->toPlainText().contains(
            QStringLiteral("[default] provisioning finished after")));

        // The next run's news replaces this one rather than piling up.
        f.deploy(QStringLiteral("db"), 1);
        QTRY_COMPARE_WITH_TIMEOUT(desktop->shown.size(), 2, 30'000);
        QCOMPARE(desktop->shown.last().replaces, note.id);
        QCOMPARE(desktop->shown.last().body, QStringLiteral("1 machine started"));
    }

    void failedMachinesAreUrgentNews()
    {
        Fixture f({QStringLiteral("latency-ms=50"), QStringLiteral("fault-rate=1"),
                   QStringLiteral("fault-kind=permanent")});
        auto window = f.window();
        QTRY_VERIFY(window->snapshotsApplied() > 0);
        Elsewhere other;
        QVERIFY(other.take());
        f.deploy(QStringLiteral("web"), 2);
        QTRY_COMPARE_WITH_TIMEOUT(desktop->shown.size(), 1, 30'000);
        QCOMPARE(desktop->shown.first().body,
                 QStringLiteral("0 machines started, 2 failed\nModel ▸ Retry provisioning… shows "
                                "why they failed."));
        QCOMPARE(desktop->shown.first().hints.value(QStringLiteral("urgency")).toInt(), 2);
    }

    void theUserLookingAtTheWindowGetsNoNotification()
    {
        Fixture f({QStringLiteral("latency-ms=50")});
        auto window = f.window();
        QApplication::setActiveWindow(window.get());
        QVERIFY(QTest::qWaitForWindowActive(window.get()));
        f.deploy(QStringLiteral("web"), 2);
        QTRY_VERIFY_WITH_TIMEOUT(window->logPane()->toPlainText().contains(
                                     QStringLiteral("provisioning finished after")),
                                 30'000);
        QVERIFY(window->logPane()->toPlainText().contains(QStringLiteral("2 machines started")));
        QTest::qWait(200); // a notification would have been sent with the line
        QCOMPARE(desktop->shown.size(), 0);
    }

    void clickingTheNotificationBringsTheWindowAndItsModelBack()
    {
        Fixture f({QStringLiteral("latency-ms=50")});
        ModelCommands(f.ws()).addModel(QStringLiteral("other"), QStringLiteral("sim"), {},
                                       ModelCommands::NewModel::LeavesCurrent);
        auto window = f.window();
        QTRY_VERIFY(window->snapshotsApplied() > 0);
        window->openModel(QStringLiteral("other")); // still provisions "default"
        QCOMPARE(window->model(), QStringLiteral("other"));
        Elsewhere other;
        QVERIFY(other.take());
        f.deploy(QStringLiteral("web"), 1);
        QTRY_COMPARE_WITH_TIMEOUT(desktop->shown.size(), 1, 30'000);

        desktop->click(desktop->shown.first().id);
        QTRY_VERIFY(window->isActiveWindow());
        QCOMPARE(window->model(), model);
    }

    void theDesktopsColourSchemeIsFollowedLive()
    {
        const QPalette platform = QGuiApplication::palette();
        const auto restore = qScopeGuard([&] { QApplication::setPalette(platform); });
        QVERIFY(platform.color(QPalette::Window).lightness() >= 128); // a light platform
        Portal portal(theBus->address());
        QVERIFY(portal.ready());
        portal.m_values.insert(QStringLiteral("color-scheme"), 1); // the user prefers dark
        portal.m_values.insert(QStringLiteral("contrast"), 0);
        Fixture f({QStringLiteral("latency-ms=0")});
        f.deploy(QStringLiteral("web"), 2);
        auto window = f.window();
        QTRY_VERIFY(window->snapshotsApplied() > 0);
        QCustomPlot *chart = window->zoneChart()->plot();
        const auto darkWindow = [&] {
            return window->palette().color(QPalette::Window).lightness() < 128;
        };

        // Started on a dark desktop: the window is dark, its charts too.
        ColourScheme scheme(QDBusConnection::sessionBus());
        QTRY_COMPARE(scheme.preference(), ColourScheme::Preference::Dark);
        // The application's palette at once, its windows as their events come.
        QVERIFY(PaletteColours::isDark());
        QTRY_VERIFY(darkWindow());
        QCOMPARE(chart->xAxis->tickLabelColor(), window->palette().color(QPalette::Text));
        QVERIFY(chart->xAxis->tickLabelColor().lightness() >= 128);

        // The user switches to light while it runs: the platform's palette is back.
        portal.set(QStringLiteral("color-scheme"), 2);
        QTRY_COMPARE(scheme.preference(), ColourScheme::Preference::Light);
        QCOMPARE(QGuiApplication::palette(), platform);
        QTRY_VERIFY(!darkWindow());
        QCOMPARE(chart->xAxis->tickLabelColor(), platform.color(QPalette::Text));

        // High contrast: every text 7:1 and more against its ground.
        portal.set(QStringLiteral("contrast"), 1);
        QTRY_VERIFY(scheme.highContrast());
        const auto readable = [](const QPalette &p) {
            QStringList faint;
            const QList<std::pair<QPalette::ColorRole, QPalette::ColorRole>> pairs{
                {QPalette::Text, QPalette::Base},
                {QPalette::WindowText, QPalette::Window},
                {QPalette::ButtonText, QPalette::Button},
                {QPalette::HighlightedText, QPalette::Highlight},
                {QPalette::ToolTipText, QPalette::ToolTipBase},
                {QPalette::Link, QPalette::Base},
                {QPalette::PlaceholderText, QPalette::Base}};
            for (const auto &[text, ground] : pairs) {
                for (const QPalette::ColorGroup group : {QPalette::Active, QPalette::Disabled}) {
                    if (ColourScheme::contrastRatio(p.color(group, text), p.color(group, ground)) <
                        7.0)
                        faint << QStringLiteral("%1 on %2 (group %3)")
                                     .arg(int(text))
                                     .arg(int(ground))
                                     .arg(int(group));
                }
            }
            return faint;
        };
        QVERIFY2(readable(QGuiApplication::palette()).isEmpty(),
                 qPrintable(readable(QGuiApplication::palette()).join(u'\n')));
        QTRY_COMPARE(window->palette().color(QPalette::Base),
                     QColor(Qt::white)); // light, as chosen
        QCOMPARE(chart->xAxis->tickLabelColor(), QColor(Qt::black));

        // And dark again, still high contrast: white on black.
        portal.set(QStringLiteral("color-scheme"), 1);
        QTRY_VERIFY(darkWindow());
        QVERIFY2(readable(QGuiApplication::palette()).isEmpty(),
                 qPrintable(readable(QGuiApplication::palette()).join(u'\n')));
        QTRY_COMPARE(window->palette().color(QPalette::Base), QColor(Qt::black));
        QCOMPARE(chart->xAxis->tickLabelColor(), QColor(Qt::white));
    }

    void withoutAPortalThePlatformsPaletteStays()
    {
        const QPalette platform = QGuiApplication::palette();
        ColourScheme scheme(QDBusConnection::sessionBus()); // no portal on this bus
        QTest::qWait(200);
        QCOMPARE(scheme.preference(), ColourScheme::Preference::None);
        QCOMPARE(QGuiApplication::palette(), platform);
    }
};

int main(int argc, char *argv[])
{
    SessionBus bus; // before QApplication, so that Qt finds it
    theBus = &bus;
    QApplication app(argc, argv);
    app.setDesktopFileName(QStringLiteral("berth"));
    TestDesktop test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_desktop.moc"
