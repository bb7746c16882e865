#pragma once

#include <QColor>
#include <QGuiApplication>
#include <QPalette>

namespace berth {

// Colours for what the palette has no role for, derived from the palette in
// use so they stay readable on light and dark themes alike.
namespace PaletteColours {

// Whether `palette` is a dark scheme: light text on a dark background.
inline bool isDark(const QPalette &palette = QGuiApplication::palette())
{
    return palette.color(QPalette::Base).lightness() < 128;
}

// Errors and refusals: a dark red on light backgrounds, a light red on dark ones.
inline QColor error(const QPalette &palette = QGuiApplication::palette())
{
    return isDark(palette) ? QColor(255, 128, 128) : QColor(176, 0, 32);
}

// Warnings that do not block: a dark amber on light backgrounds, a light one on dark ones.
inline QColor warning(const QPalette &palette = QGuiApplication::palette())
{
    return isDark(palette) ? QColor(255, 204, 102) : QColor(138, 109, 0);
}

// A style sheet that writes a label's text in `colour`.
inline QString textStyle(const QColor &colour)
{
    return QStringLiteral("color: %1;").arg(colour.name());
}

// Rows that are going away (dead machines): the palette's own disabled text.
inline QColor retired(const QPalette &palette = QGuiApplication::palette())
{
    return palette.color(QPalette::Disabled, QPalette::Text);
}

} // namespace PaletteColours

} // namespace berth
