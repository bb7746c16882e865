#pragma once

#include "core/commands/modelchange.h"

#include <QStringList>
#include <QUndoCommand>

#include <functional>

namespace berth {

class SnapshotIndex;
class Workspace;

// The window's edits as undoable commands. Each step is one store command,
// the same as berthctl's; a step the store refuses reports why and leaves
// the undo stack (it is marked obsolete).
using ReportError = std::function<void(const QString &message)>;

// Places units by a directive (machine name, "" for new machines, "lxd:H");
// undo takes them off again (their new machines go with them).
class PlaceUnitsCommand final : public QUndoCommand
{
public:
    // AlreadyPlaced: the units were placed (by a commit); the first redo does nothing.
    enum State { ToPlace, AlreadyPlaced };
    PlaceUnitsCommand(Workspace &workspace, QString model, QStringList units, QString directive,
                      ReportError report, State state = ToPlace);
    void redo() override;
    void undo() override;
    // Why undo can no longer take the units off (a machine of theirs has
    // started, or is starting), on the snapshot `index`; empty while it can.
    QString whyNotUndoable(const SnapshotIndex &index) const;

private:
    Workspace &m_workspace;
    QString m_model;
    QStringList m_units;
    QString m_directive;
    ReportError m_report;
    bool m_skipRedo = false;
};

// Sets an application's constraints (the model's when `application` is
// empty); undo restores the previous ones.
class SetConstraintsCommand final : public QUndoCommand
{
public:
    SetConstraintsCommand(Workspace &workspace, QString model, QString application, QString before,
                          QString after, ReportError report);
    void redo() override;
    void undo() override;

private:
    void apply(const QString &constraints);

    Workspace &m_workspace;
    QString m_model;
    QString m_application;
    QString m_before;
    QString m_after;
    ReportError m_report;
};

// Stages changes in the model's change set (the window's staged mode); undo
// takes them out of it again, redo stages them anew.
class StageChangesCommand final : public QUndoCommand
{
public:
    // `alreadyStaged`: the ids of the changes when they were staged before
    // the command was made (a dialog staged them); its first redo is then a no-op.
    StageChangesCommand(Workspace &workspace, QString model, QList<ModelChange> changes,
                        const QString &text, ReportError report, QList<qint64> alreadyStaged = {});
    void redo() override;
    void undo() override;

private:
    Workspace &m_workspace;
    QString m_model;
    QList<ModelChange> m_changes;
    QList<qint64> m_staged;
    ReportError m_report;
    bool m_firstRedo = true;
};

} // namespace berth
