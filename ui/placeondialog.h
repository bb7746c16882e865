#pragma once

#include "core/model/modelrecords.h"

#include <QDialog>

#include <functional>
#include <optional>

class QListWidget;

namespace berth {

class SnapshotIndex;

// Place on…: where the selected units go, chosen from the keyboard. Every
// machine and container is listed with what tells them apart (zone,
// instance type, hardware, base, the units it has), and one that would
// refuse the units is shown greyed with the reason, as a drop on it would
// say. The first row is a new machine, made to fit.
class PlaceOnDialog final : public QDialog
{
    Q_OBJECT

public:
    // Why `units` cannot go on `machine`; empty when they can.
    using Checker = std::function<QString(const QStringList &units, const QString &machine)>;
    PlaceOnDialog(const ModelSnapshot &snapshot, const QStringList &units, const Checker &checker,
                  QWidget *parent = nullptr);

    QListWidget *list() const { return m_list; }
    // The machine chosen ("" for a new one); nullopt until one is.
    std::optional<QString> target() const;

private:
    QListWidget *m_list;
};

} // namespace berth
