#include "ui/placementcommands.h"

#include "core/bertherror.h"
#include "core/commands/applicationcommands.h"
#include "core/commands/changeset.h"
#include "core/commands/modelcommands.h"
#include "core/model/snapshotindex.h"

#include <QCoreApplication>

#include <utility>

namespace berth {

PlaceUnitsCommand::PlaceUnitsCommand(Workspace &workspace, QString model, QStringList units,
                                     QString directive, ReportError report, State state)
    : m_workspace(workspace)
    , m_model(std::move(model))
    , m_units(std::move(units))
    , m_directive(std::move(directive))
    , m_report(std::move(report))
    , m_skipRedo(state == AlreadyPlaced)
{
    const QString where = m_directive.isEmpty()
                              ? QCoreApplication::translate("PlaceUnitsCommand", "new machine")
                              : m_directive;
    setText(QCoreApplication::translate("PlaceUnitsCommand", "place %1 on %2")
                .arg(m_units.join(QStringLiteral(", ")), where));
}

void PlaceUnitsCommand::redo()
{
    if (std::exchange(m_skipRedo, false))
        return;
    try {
        ApplicationCommands(m_workspace).placeUnits(m_model, m_units, m_directive);
    } catch (const BerthError &error) {
        m_report(error.message());
        setObsolete(true);
    }
}

void PlaceUnitsCommand::undo()
{
    try {
        ApplicationCommands(m_workspace).unplaceUnits(m_model, m_units);
    } catch (const BerthError &error) {
        // E.g. the machine has been started since: this step cannot be undone,
        // so it leaves the stack rather than pretend it was.
        m_report(error.message());
        setObsolete(true);
    }
}

QString PlaceUnitsCommand::whyNotUndoable(const SnapshotIndex &index) const
{
    for (const QString &name : m_units) {
        const UnitRecord *unit = index.unit(name);
        const MachineRecord *machine = unit ? index.machine(unit->machineId) : nullptr;
        if (machine && (!machine->instanceId.isEmpty() || machine->state.starting()))
            return QCoreApplication::translate("PlaceUnitsCommand", "machine %1 of %2 has started")
                .arg(machine->name, name);
    }
    return {};
}

SetConstraintsCommand::SetConstraintsCommand(Workspace &workspace, QString model,
                                             QString application, QString before, QString after,
                                             ReportError report)
    : m_workspace(workspace)
    , m_model(std::move(model))
    , m_application(std::move(application))
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_report(std::move(report))
{
    setText(m_application.isEmpty()
                ? QCoreApplication::translate("SetConstraintsCommand", "model constraints")
                : QCoreApplication::translate("SetConstraintsCommand", "constraints of %1")
                      .arg(m_application));
}

void SetConstraintsCommand::apply(const QString &constraints)
{
    try {
        if (m_application.isEmpty())
            ModelCommands(m_workspace).setConstraints(m_model, constraints);
        else
            ApplicationCommands(m_workspace).setConstraints(m_model, m_application, constraints);
    } catch (const BerthError &error) {
        m_report(error.message());
        setObsolete(true);
    }
}

void SetConstraintsCommand::redo()
{
    apply(m_after);
}

void SetConstraintsCommand::undo()
{
    apply(m_before);
}

StageChangesCommand::StageChangesCommand(Workspace &workspace, QString model,
                                         QList<ModelChange> changes, const QString &text,
                                         ReportError report, QList<qint64> alreadyStaged)
    : m_workspace(workspace)
    , m_model(std::move(model))
    , m_changes(std::move(changes))
    , m_staged(std::move(alreadyStaged))
    , m_report(std::move(report))
{
    setText(text);
}

void StageChangesCommand::redo()
{
    if (std::exchange(m_firstRedo, false) && !m_staged.isEmpty())
        return; // staged before it was pushed
    try {
        m_staged.clear();
        for (const StagedChangeRecord &record : ChangeSet(m_workspace).stage(m_model, m_changes))
            m_staged << record.id;
    } catch (const BerthError &error) {
        m_report(error.message());
        setObsolete(true);
    }
}

void StageChangesCommand::undo()
{
    try {
        ChangeSet(m_workspace).discard(m_model, m_staged);
    } catch (const BerthError &error) {
        // Committed or discarded meanwhile: nothing of it is staged any more.
        m_report(error.message());
        setObsolete(true);
    }
}

} // namespace berth
