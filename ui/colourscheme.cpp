#include "ui/colourscheme.h"

#include "ui/palettecolours.h"

#include <QApplication>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDBusVariant>
#include <QStyle>

#include <cmath>

namespace berth {

namespace {

const QString portal = QStringLiteral("org.freedesktop.portal.Desktop");
const QString portalPath = QStringLiteral("/org/freedesktop/portal/desktop");
const QString settings = QStringLiteral("org.freedesktop.portal.Settings");
const QString appearance = QStringLiteral("org.freedesktop.appearance");
const QString colourSchemeKey = QStringLiteral("color-scheme");
const QString contrastKey = QStringLiteral("contrast");

// The portal wraps a setting in one variant (SettingChanged) or two (Read).
QVariant unwrapped(QVariant value)
{
    while (value.canConvert<QDBusVariant>() && value.userType() == qMetaTypeId<QDBusVariant>())
        value = qvariant_cast<QDBusVariant>(value).variant();
    return value;
}

double luminance(const QColor &colour)
{
    const auto channel = [](double c) {
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) +
           0.0722 * channel(colour.blueF());
}

} // namespace

ColourScheme::ColourScheme(QDBusConnection bus, QObject *parent)
    : QObject(parent)
    , m_bus(std::move(bus))
    , m_platform(QGuiApplication::palette())
{
    if (!m_bus.isConnected())
        return;
    m_bus.connect(portal, portalPath, settings, QStringLiteral("SettingChanged"), this,
                  SLOT(settingChanged(QString, QString, QDBusVariant)));
    read(colourSchemeKey);
    read(contrastKey);
}

void ColourScheme::read(const QString &key)
{
    QDBusMessage call =
        QDBusMessage::createMethodCall(portal, portalPath, settings, QStringLiteral("Read"));
    call << appearance << key;
    // Not waited for: the window shows at once, in the scheme the answer brings.
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(call), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, key](QDBusPendingCallWatcher *finished) {
                const QDBusPendingReply<QDBusVariant> reply = *finished;
                if (reply.isValid())
                    take(key, reply.value().variant());
                finished->deleteLater();
            });
}

void ColourScheme::settingChanged(const QString &group, const QString &key,
                                  const QDBusVariant &value)
{
    if (group == appearance)
        take(key, value.variant());
}

void ColourScheme::take(const QString &key, const QVariant &wrapped)
{
    bool ok = false;
    const uint value = unwrapped(wrapped).toUInt(&ok);
    if (!ok)
        return;
    if (key == colourSchemeKey) {
        m_preference = value == 1   ? Preference::Dark
                       : value == 2 ? Preference::Light
                                    : Preference::None;
    } else if (key == contrastKey) {
        m_highContrast = value == 1;
    } else {
        return;
    }
    apply();
}

void ColourScheme::apply()
{
    const bool platformDark = PaletteColours::isDark(m_platform);
    const bool dark =
        m_preference == Preference::None ? platformDark : m_preference == Preference::Dark;
    QPalette wanted = m_platform;
    if (m_highContrast)
        wanted = highContrastPalette(dark);
    else if (dark != platformDark)
        wanted = dark ? darkPalette() : QApplication::style()->standardPalette();
    if (wanted != QGuiApplication::palette())
        QApplication::setPalette(wanted);
    emit changed();
}

QPalette ColourScheme::darkPalette()
{
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(45, 45, 48));
    dark.setColor(QPalette::WindowText, QColor(230, 230, 230));
    dark.setColor(QPalette::Base, QColor(30, 30, 32));
    dark.setColor(QPalette::AlternateBase, QColor(45, 45, 48));
    dark.setColor(QPalette::Text, QColor(230, 230, 230));
    dark.setColor(QPalette::Button, QColor(53, 53, 56));
    dark.setColor(QPalette::ButtonText, QColor(230, 230, 230));
    dark.setColor(QPalette::Highlight, QColor(42, 130, 218));
    dark.setColor(QPalette::HighlightedText, Qt::black);
    dark.setColor(QPalette::ToolTipBase, QColor(30, 30, 32));
    dark.setColor(QPalette::ToolTipText, QColor(230, 230, 230));
    dark.setColor(QPalette::Link, QColor(120, 180, 255));
    dark.setColor(QPalette::Disabled, QPalette::Text, QColor(130, 130, 130));
    dark.setColor(QPalette::Disabled, QPalette::WindowText, QColor(130, 130, 130));
    dark.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(130, 130, 130));
    dark.setColor(QPalette::PlaceholderText, QColor(150, 150, 150));
    return dark;
}

QPalette ColourScheme::highContrastPalette(bool dark)
{
    const QColor background = dark ? Qt::black : Qt::white;
    const QColor text = dark ? Qt::white : Qt::black;
    // Yellow on black and navy on white: the selection stands out in either.
    const QColor highlight = dark ? QColor(255, 255, 0) : QColor(0, 0, 128);
    const QColor highlighted = dark ? Qt::black : Qt::white;
    // Disabled text stays readable (7:1 and more), only less bright.
    const QColor muted = dark ? QColor(200, 200, 200) : QColor(70, 70, 70);
    QPalette p(text, background, text, muted, muted, text, text, background, background);
    for (const QPalette::ColorRole role :
         {QPalette::Window, QPalette::Base, QPalette::AlternateBase, QPalette::Button,
          QPalette::ToolTipBase})
        p.setColor(role, background);
    for (const QPalette::ColorRole role :
         {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::ToolTipText,
          QPalette::BrightText, QPalette::Mid, QPalette::Dark, QPalette::Shadow})
        p.setColor(role, text);
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, highlighted);
    p.setColor(QPalette::Link, dark ? QColor(0, 255, 255) : QColor(0, 0, 200));
    p.setColor(QPalette::LinkVisited, dark ? QColor(255, 128, 255) : QColor(110, 0, 110));
    p.setColor(QPalette::PlaceholderText, muted);
    for (const QPalette::ColorRole role :
         {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, muted);
    return p;
}

double ColourScheme::contrastRatio(const QColor &a, const QColor &b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace berth
