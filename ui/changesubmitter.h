#pragma once

#include "core/commands/modelchange.h"

#include <QObject>

class QUndoStack;

namespace berth {

class CommandDialog;
class SnapshotIndex;
class Workspace;

// The one place where the window's changes are staged or applied. Staged
// (the default), they wait in the model's change set until committed;
// otherwise they apply at once. Either way each is a step on the undo stack,
// and submitted() tells the views to read the model again.
class ChangeSubmitter final : public QObject
{
    Q_OBJECT

public:
    explicit ChangeSubmitter(Workspace &workspace, QObject *parent = nullptr);

    QUndoStack *undoStack() const { return m_undo; }
    // The model the changes go to; the undo stack starts afresh.
    void setModel(const QString &model);
    bool staging() const { return m_staging; }
    void setStaging(bool staging) { m_staging = staging; }

    // `changes` as one step: staged, or applied in order up to the first refusal.
    void submit(const QList<ModelChange> &changes, const QString &text);
    // Units placed by `directive` (empty: new machines): staged one change a
    // unit, so that each can be taken out of the change set alone, or placed
    // at once.
    void place(const QStringList &units, const QString &directive);
    // Constraints changed from `before` to `after` (the model's when
    // `application` is empty); undo puts `before` back.
    void setConstraints(const QString &application, const QString &before, const QString &after);
    // A dialog's one change, staged or applied as the window's own; throws
    // BerthError when refused, so that the dialog shows why and stays open.
    CommandResult submitFromDialog(const ModelChange &change);
    // A commit applied `applied`: the staged steps are the model's now, and
    // its placements stay undoable while their machines have not started.
    void committed(const QList<ModelChange> &applied);
    // A new snapshot: a step that can no longer be undone (its unit's
    // machine started) is not offered; the undo stack is emptied, saying why.
    void snapshotApplied(const SnapshotIndex &index);

signals:
    void logged(const QString &line);
    void failed(const QString &message);
    // The model or its change set may have changed.
    void submitted();

private:
    void report(const QString &message) { emit failed(message); }

    Workspace &m_workspace;
    QString m_model;
    QUndoStack *m_undo;
    bool m_staging = true;
};

} // namespace berth
