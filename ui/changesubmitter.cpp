#include "ui/changesubmitter.h"

#include "core/bertherror.h"
#include "core/commands/changeset.h"
#include "ui/placementcommands.h"

#include <QUndoStack>

namespace berth {

ChangeSubmitter::ChangeSubmitter(Workspace &workspace, QObject *parent)
    : QObject(parent)
    , m_workspace(workspace)
    , m_undo(new QUndoStack(this))
{}

void ChangeSubmitter::setModel(const QString &model)
{
    m_model = model;
    m_undo->clear();
}

void ChangeSubmitter::submit(const QList<ModelChange> &changes, const QString &text)
{
    const auto onError = [this](const QString &message) { report(message); };
    if (m_staging) {
        m_undo->push(new StageChangesCommand(m_workspace, m_model, changes, text, onError));
    } else {
        for (const ModelChange &change : changes) {
            try {
                const CommandResult result = change.apply(m_workspace, m_model);
                for (const QString &line : result.warnings + result.messages)
                    emit logged(line);
            } catch (const BerthError &error) {
                report(error.message());
                break;
            }
        }
    }
    emit submitted();
}

void ChangeSubmitter::place(const QStringList &units, const QString &directive)
{
    if (!m_staging) {
        m_undo->push(new PlaceUnitsCommand(m_workspace, m_model, units, directive,
                                           [this](const QString &message) { report(message); }));
        emit submitted();
        return;
    }
    QList<ModelChange> changes;
    for (const QString &unit : units)
        changes << ModelChange::placeUnits({unit}, directive);
    const QString where = directive.isEmpty() ? tr("new machines") : directive;
    submit(changes, tr("place %1 on %2").arg(units.join(QStringLiteral(", ")), where));
}

void ChangeSubmitter::setConstraints(const QString &application, const QString &before,
                                     const QString &after)
{
    if (m_staging) {
        submit({ModelChange::setConstraints(application, after)},
               application.isEmpty() ? tr("model constraints")
                                     : tr("constraints of %1").arg(application));
        return;
    }
    m_undo->push(new SetConstraintsCommand(m_workspace, m_model, application, before, after,
                                           [this](const QString &message) { report(message); }));
    emit submitted();
}

CommandResult ChangeSubmitter::submitFromDialog(const ModelChange &change)
{
    if (!m_staging || !change.whyNotStageable().isEmpty()) {
        const CommandResult result = change.apply(m_workspace, m_model);
        emit submitted();
        return result;
    }
    QList<qint64> ids;
    for (const StagedChangeRecord &record :
         ChangeSet(m_workspace).stage(m_model, QList<ModelChange>{change}))
        ids << record.id;
    // Staged already: the undo step's first redo does nothing.
    m_undo->push(new StageChangesCommand(
        m_workspace, m_model, {change}, change.description(),
        [this](const QString &message) { report(message); }, ids));
    emit submitted();
    return {{tr("staged: %1").arg(change.description())}, {}};
}

void ChangeSubmitter::committed(const QList<ModelChange> &applied)
{
    m_undo->clear();
    for (const ModelChange &change : applied) {
        if (const auto placement = change.placement()) {
            m_undo->push(new PlaceUnitsCommand(
                m_workspace, m_model, placement->units, placement->to,
                [this](const QString &message) { report(message); },
                PlaceUnitsCommand::AlreadyPlaced));
        }
    }
    emit submitted();
}

void ChangeSubmitter::snapshotApplied(const SnapshotIndex &index)
{
    if (m_undo->index() == 0)
        return;
    const auto *top = dynamic_cast<const PlaceUnitsCommand *>(m_undo->command(m_undo->index() - 1));
    if (!top)
        return;
    const QString why = top->whyNotUndoable(index);
    if (why.isEmpty())
        return;
    // Everything below it waits behind it: nothing is undoable any more.
    emit logged(
        tr("\"%1\" can no longer be undone: %2; remove the unit instead").arg(top->text(), why));
    m_undo->clear();
}

} // namespace berth
