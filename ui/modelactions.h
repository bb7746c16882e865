#pragma once

#include "core/commands/modelchange.h"
#include "core/model/modelrecords.h"
#include "core/model/snapshotindex.h"

#include <QObject>

#include <functional>

class QAction;
class QMenu;

namespace berth {

// The window's operations on selected rows (remove units, applications and
// machines, place units on a machine from the keyboard), shared by the
// menus and the views' context menus. Each asks first, saying what would be
// stopped, then hands its changes to the window, which stages them or
// applies them at once.
class ModelActions final : public QObject
{
    Q_OBJECT

public:
    // What the actions work on and with, given by the window.
    struct Host
    {
        std::function<const ModelSnapshot &()> snapshot; // as shown
        std::function<const SnapshotIndex &()> index;    // look-ups into it
        std::function<QStringList()> selectedUnits;
        std::function<QStringList()> selectedApplications;
        std::function<QStringList()> selectedMachines;
        std::function<void(const QList<ModelChange> &, const QString &text)> submit;
        std::function<bool(const QString &title, const QString &question)> confirm;
        // Where "Place on…" puts units: a machine name, "" for a new
        // machine; nullopt when the user cancels.
        std::function<std::optional<QString>(const QStringList &units)> chooseTarget;
        // One of `items` the user picks; nullopt when the user cancels.
        std::function<std::optional<QString>(const QString &title, const QString &label,
                                             const QStringList &items)>
            chooseItem;
        // The endpoints two principals relate with, "app" or "app:endpoint"
        // each; `*Known`: those each already uses. nullopt: cancelled.
        std::function<std::optional<std::pair<QString, QString>>(
            const QString &first, const QStringList &firstKnown, const QString &second,
            const QStringList &secondKnown)>
            chooseEndpoints;
    };

    ModelActions(Host host, QObject *parent = nullptr);

    QAction *removeUnits() const { return m_removeUnits; }
    QAction *removeApplications() const { return m_removeApplications; }
    QAction *removeMachines() const { return m_removeMachines; }
    QAction *placeOn() const { return m_placeOn; }
    QAction *relate() const { return m_relate; }
    QAction *removeRelation() const { return m_removeRelation; }

    // Relates `first` and `second` (a drag in the relations view, Relate
    // to…): two principals' endpoints are asked for first.
    void relatePair(const QString &first, const QString &second);
    // The endpoints `app` uses in its relations with principals.
    static QStringList knownEndpoints(const ModelSnapshot &snapshot, const QString &app);

    // Enables what the selection allows.
    void updateEnabled();

    // The questions asked before removing, naming what is stopped.
    static QString unitsQuestion(const ModelSnapshot &snapshot, const QStringList &units);
    static QString applicationsQuestion(const ModelSnapshot &snapshot, const QStringList &apps);
    static QString machinesQuestion(const ModelSnapshot &snapshot, const QStringList &machines,
                                    bool *force);

private:
    void removeSelectedUnits();
    void removeSelectedApplications();
    void removeSelectedMachines();
    void placeSelectedUnits();
    void relateSelected();
    void removeSelectedRelation();
    // The applications `app` may be related to, or is related to.
    static QStringList relatable(const ModelSnapshot &snapshot, const QString &app);
    static QStringList relatedTo(const ModelSnapshot &snapshot, const QString &app);

    Host m_host;
    QAction *m_removeUnits;
    QAction *m_removeApplications;
    QAction *m_removeMachines;
    QAction *m_placeOn;
    QAction *m_relate;
    QAction *m_removeRelation;
};

} // namespace berth
