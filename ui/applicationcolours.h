#pragma once

#include <QColor>

#include <array>

namespace berth {

// One colour per application, the same in every chart and every run: chosen
// by the application's id, from 30 colours of the colour-blind-safe sets of
// Okabe and Ito and of Paul Tol (bright, muted, light, vibrant), so 30
// applications made one after another never share one. Black and the palest
// grey of those sets are left out: one vanishes on a dark background, the
// other on a light one; mid grey and Tol's vibrant magenta take their places.
namespace ApplicationColours {

inline QColor of(qint64 applicationId)
{
    static constexpr std::array<QRgb, 30> colours{
        // Okabe and Ito
        0x0072b2, 0xe69f00, 0x009e73, 0xcc79a7, 0x56b4e9, 0xd55e00, 0xf0e442, 0x777777,
        // Tol muted
        0xcc6677, 0x332288, 0xddcc77, 0x117733, 0x88ccee, 0x882255, 0x44aa99, 0x999933, 0xaa4499,
        // Tol light
        0x77aadd, 0xee8866, 0xeedd88, 0xffaabb, 0x99ddff, 0x44bb99, 0xbbcc33, 0xaaaa00, 0xee3377,
        // Tol bright
        0x4477aa, 0xee6677, 0x228833, 0xccbb44};
    const auto index = std::size_t(((applicationId % 30) + 30) % 30);
    return QColor::fromRgb(colours.at(index));
}

} // namespace ApplicationColours

} // namespace berth
