#include "core/commands/changeset.h"

#include "core/bertherror.h"
#include "core/inputlimits.h"
#include "core/store/stagedrows.h"

#include <QUuid>

namespace berth {

namespace {

// A reference to the k-th machine or unit the staged change `key` makes.
QString token(const QString &key, qsizetype k)
{
    return u'@' + key + u'.' + QString::number(k);
}

// A batch of staged placements was refused as one: they run again each on
// its own, so that the refusal names its change.
struct BatchRefused
{};

} // namespace

// The names each staged change made in one replay, both ways.
struct ChangeSet::Run
{
    QString model;
    qint64 modelId = 0;
    // The ModelTx every change joins; none: each change in a savepoint and
    // a transaction of its own, so a refused one leaves nothing behind.
    ModelTx *tx = nullptr;
    // With `tx`: consecutive placements on new machines apply as one (batchFrom).
    bool batches = false;
    qint64 seq = 0;     // the change log read so far
    ChangeList changes; // what the changes applied so far wrote to it
    QList<Item> items;
    QHash<QString, QStringList> machinesMade; // change key -> names, in order made
    QHash<QString, QStringList> unitsMade;
    QHash<QString, QString> machineTokens; // name -> token
    QHash<QString, QString> unitTokens;

    QString tokenFor(ModelChange::Reference kind, const QString &name) const
    {
        const auto &tokens = kind == ModelChange::Reference::Machine ? machineTokens : unitTokens;
        return tokens.value(name, name);
    }

    QString resolve(ModelChange::Reference kind, const QString &name) const
    {
        if (!name.startsWith(u'@'))
            return name;
        const qsizetype dot = name.lastIndexOf(u'.');
        const QString key = name.mid(1, dot - 1);
        const qsizetype k = name.mid(dot + 1).toLongLong();
        const bool machine = kind == ModelChange::Reference::Machine;
        const QStringList made = (machine ? machinesMade : unitsMade).value(key);
        if (dot < 0 || k < 0 || k >= made.size()) {
            throw BerthError(machine ? ChangeSet::tr("it names a machine a staged change before "
                                                     "it was to make, and that change is gone "
                                                     "or refused")
                                     : ChangeSet::tr("it names a unit a staged change before it "
                                                     "was to make, and that change is gone or "
                                                     "refused"));
        }
        return made.at(k);
    }
};

int ChangeSet::Preview::refusals() const
{
    return int(std::count_if(items.cbegin(), items.cend(),
                             [](const Item &item) { return !item.refusal.isEmpty(); }));
}

QList<StagedChangeRecord> ChangeSet::records(const QString &model)
{
    return m_ws.readModel(model, [](ModelTx &tx) { return StagedRows(tx.scope()).list(); });
}

qint64 ChangeSet::count(const QString &model)
{
    return m_ws.readModel(model, [](ModelTx &tx) { return StagedRows(tx.scope()).count(); });
}

ChangeSet::Item ChangeSet::step(Run &run, const StagedChangeRecord &record)
{
    Item item;
    item.record = record;
    const auto change = ModelChange::fromJson(record.command, record.args);
    if (!change) {
        item.change = {record.command, record.args};
        item.refusal = ChangeSet::tr("\"%1\" is not a change this Berth knows how to apply")
                           .arg(record.command);
        return item;
    }
    Store &store = m_ws.store();
    try {
        item.change = change->mapReferences([&](ModelChange::Reference kind, const QString &name) {
            return run.resolve(kind, name);
        });
        // What it made, in the order made, from the change log it wrote.
        CommandResult result;
        ChangeList written;
        if (run.tx) {
            const qsizetype before = run.tx->pendingChanges().size();
            result = item.change.run(m_ws, run.model, m_probe); // joins run.tx
            written = run.tx->pendingChanges().mid(before);
            for (Change &entry : written)
                entry.modelId = run.modelId;
        } else {
            result = store.attempt(
                [&](SqlSession &) { return item.change.run(m_ws, run.model, m_probe); });
            written = store.changesSince(run.seq, std::numeric_limits<int>::max());
            if (!written.isEmpty())
                run.seq = written.constLast().seq;
        }
        item.messages = result.messages;
        item.warnings = result.warnings;
        run.changes += written;
        for (const Change &made : written)
            noteMade(run, record.key, made);
    } catch (const BerthError &error) {
        item.refusal = error.message();
    }
    return item;
}

void ChangeSet::noteMade(Run &run, const QString &key, const Change &made)
{
    if (made.modelId != run.modelId || made.op != Change::Op::Added)
        return;
    const bool machine = made.kind == u"machine";
    if (!machine && made.kind != u"unit")
        return;
    QStringList &names = (machine ? run.machinesMade : run.unitsMade)[key];
    (machine ? run.machineTokens : run.unitTokens).insert(made.name, token(key, names.size()));
    names << made.name;
}

qsizetype ChangeSet::stepFrom(Run &run, const QList<StagedChangeRecord> &records, qsizetype first,
                              QList<Item> &items)
{
    const qsizetype batched = run.tx && run.batches ? batchFrom(run, records, first, items) : 0;
    if (batched > 0)
        return first + batched;
    items << step(run, records.at(first));
    return first + 1;
}

qsizetype ChangeSet::batchFrom(Run &run, const QList<StagedChangeRecord> &records, qsizetype first,
                               QList<Item> &items)
{
    // The placements on new machines from `first` on, their references resolved.
    QList<Item> batch;
    QStringList units;
    QList<qsizetype> counts;
    for (qsizetype i = first; i < records.size(); ++i) {
        const StagedChangeRecord &record = records.at(i);
        const auto change = ModelChange::fromJson(record.command, record.args);
        const auto placement = change ? change->placement() : std::nullopt;
        if (!placement || !placement->to.isEmpty() || placement->units.isEmpty())
            break;
        Item item;
        item.record = record;
        try {
            item.change =
                change->mapReferences([&](ModelChange::Reference kind, const QString &name) {
                    return run.resolve(kind, name);
                });
        } catch (const BerthError &) {
            break; // refused alone
        }
        units += item.change.placement()->units;
        counts << placement->units.size();
        batch << item;
    }
    if (batch.size() < 2)
        return 0;
    const qsizetype before = run.tx->pendingChanges().size();
    CommandResult result;
    try {
        result = ModelChange::placeUnits(units, {}).run(m_ws, run.model, m_probe);
    } catch (const BerthError &) {
        throw BatchRefused{};
    }
    // Each unit placed made one machine, in order, and its messages follow
    // the units' order.
    ChangeList written = run.tx->pendingChanges().mid(before);
    qsizetype owner = 0;
    qsizetype machinesLeft = counts.constFirst();
    for (Change &entry : written) {
        entry.modelId = run.modelId;
        if (entry.kind == u"machine" && entry.op == Change::Op::Added) {
            for (; machinesLeft == 0 && owner + 1 < counts.size(); machinesLeft = counts.at(owner))
                ++owner;
            --machinesLeft;
        }
        noteMade(run, batch.at(owner).record.key, entry);
    }
    run.changes += written;
    qsizetype message = 0;
    for (qsizetype b = 0; b < batch.size(); ++b) {
        batch[b].messages = result.messages.mid(message, counts.at(b));
        message += counts.at(b);
    }
    batch.first().warnings = result.warnings;
    items += batch;
    return batch.size();
}

ChangeSet::Run ChangeSet::start(const QString &model, ModelTx *tx)
{
    Run run;
    run.model = model;
    run.tx = tx;
    run.modelId = m_ws.readModel(model, [](ModelTx &read) { return read.model().id; });
    if (!tx)
        run.seq = m_ws.store().lastChangeSeq();
    return run;
}

ChangeSet::Run ChangeSet::replay(const QString &model, const QList<StagedChangeRecord> &records,
                                 const std::function<void(Run &)> &then)
{
    // Usually every change applies: all of them in one savepoint and one
    // ModelTx, not one each. When one is refused, that is undone and they
    // run again, each in its own, so the others still apply and the
    // refusal is told.
    struct Refused
    {};
    try {
        return m_ws.store().attempt([&](SqlSession &) {
            return m_ws.inModelJoined(model, [&](ModelTx &tx) {
                Run run = start(model, &tx);
                run.batches = true;
                for (qsizetype i = 0; i < records.size();) {
                    i = stepFrom(run, records, i, run.items);
                    if (!run.items.constLast().refusal.isEmpty())
                        throw Refused{};
                }
                if (then)
                    then(run);
                run.tx = nullptr; // finished as this returns
                return run;
            });
        });
    } catch (const Refused &) {
    } catch (const BatchRefused &) {
    }
    Run run = start(model, nullptr);
    for (const StagedChangeRecord &record : records)
        run.items.append(step(run, record));
    if (then)
        then(run);
    return run;
}

// A commit is one transaction, as a command is: a change set may add or
// remove no more units or machines than one command, or its commit would
// hold the write lock past other writers' wait.
void ChangeSet::checkCommitSize(const ChangeList &changes)
{
    qint64 units = 0;
    qint64 machines = 0;
    for (const Change &change : changes) {
        if (change.op != Change::Op::Added && change.op != Change::Op::Removed)
            continue;
        units += change.kind == u"unit" ? 1 : 0;
        machines += change.kind == u"machine" ? 1 : 0;
    }
    const qint64 most = std::max(units, machines);
    if (most > Limits::maxUnitsPerCommand) {
        throw BerthError(
            ChangeSet::tr("the change set would then add or remove %1 %2; one commit changes at "
                          "most %3, as one command does (it is one transaction): commit or "
                          "discard what is staged first")
                .arg(most)
                .arg(units >= machines ? ChangeSet::tr("units") : ChangeSet::tr("machines"))
                .arg(Limits::maxUnitsPerCommand));
    }
}

QList<StagedChangeRecord> ChangeSet::stage(const QString &model, const QList<ModelChange> &changes)
{
    const Actor by = m_ws.actor();
    for (const ModelChange &change : changes) {
        const QString why = change.whyNotStageable();
        if (!why.isEmpty())
            throw BerthError(why);
    }
    return m_ws.store().write([&](SqlSession &) {
        const QList<StagedChangeRecord> kept = m_ws.store().trial([&](SqlSession &) {
            QList<StagedChangeRecord> rows;
            replay(model, records(model), [&](Run &run) {
                for (const ModelChange &change : changes) {
                    StagedChangeRecord row;
                    row.key = QUuid::createUuid().toString(QUuid::WithoutBraces);
                    row.author = by.user;
                    row.program = by.program;
                    row.host = by.host;
                    const ModelChange tokenized =
                        change.mapReferences([&](ModelChange::Reference kind, const QString &name) {
                            return run.tokenFor(kind, name);
                        });
                    row.command = tokenized.command;
                    row.args = tokenized.args;
                    const Item item = step(run, row);
                    if (!item.refusal.isEmpty())
                        throw BerthError(item.refusal);
                    rows << row;
                }
                checkCommitSize(run.changes);
            });
            return rows;
        });
        return m_ws.inModel(model, [&](ModelTx &tx) {
            QList<StagedChangeRecord> stored;
            StagedRows staged(tx.scope());
            for (const StagedChangeRecord &row : kept)
                stored << staged.append(row);
            return stored;
        });
    });
}

StagedChangeRecord ChangeSet::stage(const QString &model, const ModelChange &change)
{
    return stage(model, QList<ModelChange>{change}).constFirst();
}

ChangeSet::Preview ChangeSet::preview(const QString &model)
{
    // Nothing staged: nothing to try and no forecast, so the model is not
    // read (the window asks at every open, on models of 100,000 units).
    if (count(model) == 0)
        return {};
    // A read-only store cannot try the changes: they are listed, untried.
    if (m_ws.store().isReadOnly()) {
        Preview preview;
        for (const StagedChangeRecord &record : records(model)) {
            Item item;
            item.record = record;
            const auto change = ModelChange::fromJson(record.command, record.args);
            item.change = change ? *change : ModelChange{record.command, record.args};
            item.warnings << ChangeSet::tr("not tried: the store is read-only");
            preview.items << item;
        }
        preview.planned = m_ws.snapshot(model);
        return preview;
    }
    return m_ws.store().trial([&](SqlSession &) {
        Preview preview;
        const ModelSnapshot before = m_ws.snapshot(model);
        const QList<StagedChangeRecord> rows = records(model);
        const Run run = replay(model, rows);
        preview.items = run.items;
        preview.planned = after(before, run);
        preview.forecast =
            StartForecast::of(before, preview.planned, m_ws.clouds().get(before.model.cloud));
        mark(preview.planned, before, int(rows.size()));
        return preview;
    });
}

ModelSnapshot ChangeSet::plannedSnapshot(const QString &model)
{
    if (m_ws.store().isReadOnly() || count(model) == 0)
        return m_ws.snapshot(model);
    return m_ws.store().trial([&](SqlSession &) {
        const ModelSnapshot before = m_ws.snapshot(model);
        const QList<StagedChangeRecord> rows = records(model);
        ModelSnapshot planned = after(before, replay(model, rows));
        mark(planned, before, int(rows.size()));
        return planned;
    });
}

CommandResult ChangeSet::commit(const QString &model, QList<ModelChange> *applied)
{
    return m_ws.store().write([&](SqlSession &) {
        const QList<StagedChangeRecord> rows = records(model);
        if (rows.isEmpty())
            throw BerthError(ChangeSet::tr("model %1 has no staged changes to commit").arg(model));
        // Placements on new machines go together; when such a batch is
        // refused, everything runs again change by change to name the one.
        QList<Item> items;
        try {
            items =
                m_ws.store().attempt([&](SqlSession &) { return commitRows(model, rows, true); });
        } catch (const BatchRefused &) {
            items = commitRows(model, rows, false);
        }
        CommandResult result;
        for (const Item &item : std::as_const(items)) {
            result.messages += item.messages;
            result.warnings += item.warnings;
            if (applied)
                *applied << item.change;
        }
        result.messages << ChangeSet::tr("committed %n change(s)", nullptr, int(rows.size()));
        return result;
    });
}

QList<ChangeSet::Item> ChangeSet::commitRows(const QString &model,
                                             const QList<StagedChangeRecord> &rows, bool batches)
{
    // One transaction and one ModelTx: a refused change undoes everything anyway.
    QList<Item> items;
    m_ws.inModelJoined(model, [&](ModelTx &tx) {
        Run run = start(model, &tx);
        run.batches = batches;
        for (qsizetype i = 0; i < rows.size();) {
            i = stepFrom(run, rows, i, items);
            const Item &item = items.constLast();
            if (!item.refusal.isEmpty()) {
                // Named by its id, as `changes` lists it and `discard` takes it.
                throw BerthError(
                    ChangeSet::tr("change %1 (%2) is refused: %3; nothing was committed and "
                                  "the change set is kept (discard it with its id: %1)")
                        .arg(item.record.id)
                        .arg(item.change.description(), item.refusal));
            }
        }
        // The trail says who committed each change, and who staged it.
        QList<AuditRecord> entries;
        entries.reserve(items.size());
        for (const Item &item : std::as_const(items))
            entries << item.change.auditRecord(item.record.author);
        m_ws.audit(tx.model(), entries);
        StagedRows(tx.scope()).clear();
    });
    return items;
}

ModelSnapshot ChangeSet::after(const ModelSnapshot &before, const Run &run)
{
    return m_ws.readModel(run.model,
                          [&](ModelTx &tx) { return tx.snapshots().after(before, run.changes); });
}

qint64 ChangeSet::discard(const QString &model, const QList<qint64> &ids)
{
    return m_ws.inModel(model, [&](ModelTx &tx) {
        StagedRows staged(tx.scope());
        if (ids.isEmpty())
            return staged.clear();
        const qint64 removed = staged.remove(ids);
        if (removed != ids.size()) {
            throw BerthError(ChangeSet::tr("the change set of model %1 has no change %2")
                                 .arg(model, QString::number(ids.first())));
        }
        return removed;
    });
}

namespace {

// Marks rows of `after` that are new or differ from `before`, and puts back
// the rows of `before` that are gone, marked as removed.
template <typename Record>
void markRows(QList<Record> &after, const QList<Record> &before, QSet<qint64> &planned,
              QSet<qint64> &removed)
{
    QHash<qint64, const Record *> was;
    for (const Record &row : before)
        was.insert(row.id, &row);
    QSet<qint64> present;
    for (const Record &row : after) {
        present.insert(row.id);
        const Record *old = was.value(row.id);
        if (!old || !(*old == row))
            planned.insert(row.id);
    }
    for (const Record &row : before) {
        if (!present.contains(row.id)) {
            removed.insert(row.id);
            after.append(row);
        }
    }
}

} // namespace

void ChangeSet::mark(ModelSnapshot &after, const ModelSnapshot &before, int changes)
{
    PlannedMarks &marks = after.planned;
    marks.changes = changes;
    markRows(after.applications, before.applications, marks.applications,
             marks.removedApplications);
    markRows(after.units, before.units, marks.units, marks.removedUnits);
    markRows(after.machines, before.machines, marks.machines, marks.removedMachines);
}

} // namespace berth
