#pragma once

#include <QDBusConnection>
#include <QObject>
#include <QPalette>

class QDBusVariant;

namespace berth {

// The colour scheme the desktop asks for, followed while the window runs:
// the XDG desktop portal's appearance settings (`color-scheme`: dark or
// light; `contrast`: high), which GNOME, KDE Plasma and other desktops
// publish on the session bus. Where the platform's own palette already
// matches (a KDE session's), it is kept; otherwise the application's palette
// becomes Berth's dark, light or high-contrast one, and every view repaints
// with it. Without a portal the platform's palette stays.
class ColourScheme final : public QObject
{
    Q_OBJECT

public:
    enum class Preference { None, Dark, Light };

    explicit ColourScheme(QDBusConnection bus, QObject *parent = nullptr);

    Preference preference() const { return m_preference; }
    bool highContrast() const { return m_highContrast; }

    static QPalette darkPalette();
    // Black on white, or white on black when `dark`: every text at least
    // 7:1 against its background (WCAG's AAA), focus and selection unmistakable.
    static QPalette highContrastPalette(bool dark);
    // How far apart two colours are to the eye, as WCAG 2 measures it (1 to 21).
    static double contrastRatio(const QColor &a, const QColor &b);

signals:
    // The desktop asked for another scheme; the palette has been applied.
    void changed();

private slots:
    void settingChanged(const QString &group, const QString &key, const QDBusVariant &value);

private:
    void read(const QString &key);
    void take(const QString &key, const QVariant &value);
    void apply();

    QDBusConnection m_bus;
    QPalette m_platform; // the palette the platform gave, before any change here
    Preference m_preference = Preference::None;
    bool m_highContrast = false;
};

} // namespace berth
