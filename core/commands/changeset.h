#pragma once

#include "core/commands/modelchange.h"
#include "core/placement/startforecast.h"

#include <QCoreApplication>

namespace berth {

// A model's change set: model changes staged in the store, in order, seen by
// every client as planned, ignored by provisioners (nothing of them is in
// the model's tables), applied together by commit() in one transaction, or
// dropped. A staged change that names a machine or unit another staged
// change makes refers to it as made by that change, so it still means the
// same one when other clients have added machines meanwhile.
class ChangeSet
{
    Q_DECLARE_TR_FUNCTIONS(ChangeSet)

public:
    explicit ChangeSet(Workspace &workspace, HostProbe *probe = nullptr)
        : m_ws(workspace)
        , m_probe(probe)
    {}

    // One staged change as it stands now.
    struct Item
    {
        StagedChangeRecord record;
        ModelChange change;   // with the planned names of this run
        QString refusal;      // why it would be refused now; empty when it applies
        QStringList messages; // what it would report
        QStringList warnings;
    };
    struct Preview
    {
        QList<Item> items;
        StartForecast forecast;
        ModelSnapshot planned; // the model after the changes, with their marks
        int refusals() const;
    };

    // Adds `change` at the end of the model's change set once it applies to
    // the model as the set would leave it; refused (BerthError, nothing
    // staged) with the command's own message otherwise.
    // Staged by the workspace's actor (the change set shows the person).
    StagedChangeRecord stage(const QString &model, const ModelChange &change);
    // Stages several at once, in order, each tried after the ones before it:
    // all of them, or (when one is refused) none.
    QList<StagedChangeRecord> stage(const QString &model, const QList<ModelChange> &changes);
    // Every change tried in order on the model as it is now, undone after.
    Preview preview(const QString &model);
    // The model as the change set would leave it, with the marks; the model
    // itself while the set is empty.
    ModelSnapshot plannedSnapshot(const QString &model);
    qint64 count(const QString &model);
    // Applies every change in one transaction and empties the set; when one
    // is refused, nothing is applied, the set is kept, and the error names
    // the change and gives the command's reason.
    // `applied` (if given) gets the changes as applied, planned names resolved.
    CommandResult commit(const QString &model, QList<ModelChange> *applied = nullptr);
    // Drops the changes with these ids (all when empty); gives how many.
    qint64 discard(const QString &model, const QList<qint64> &ids = {});

private:
    struct Run;
    static void checkCommitSize(const ChangeList &changes);
    // Applies the staged changes in order in the open transaction, each in a
    // savepoint: a refused one is noted and leaves nothing behind.
    // `then` runs after them, in the same way (staging's new changes).
    Run replay(const QString &model, const QList<StagedChangeRecord> &records,
               const std::function<void(Run &)> &then = {});
    Run start(const QString &model, ModelTx *tx);
    // Tries one change in a savepoint; notes what it made.
    Item step(Run &run, const StagedChangeRecord &record);
    // Notes `made`, written by the staged change `key`, if it is a machine
    // or unit it added (later changes refer to it by its token).
    static void noteMade(Run &run, const QString &key, const Change &made);
    // Steps records[first], or (run.batches) the batch batchFrom finds from
    // it; appends their items and gives the index of the next record.
    qsizetype stepFrom(Run &run, const QList<StagedChangeRecord> &records, qsizetype first,
                       QList<Item> &items);
    // Consecutive staged placements on new machines (place-unit without
    // --to) from records[first], when there are two or more, applied as one
    // place-unit of all their units in run.tx, so that their machines and
    // placements are written together: appends their items and gives how
    // many (0: no batch). Throws BatchRefused when the batch is refused.
    qsizetype batchFrom(Run &run, const QList<StagedChangeRecord> &records, qsizetype first,
                        QList<Item> &items);
    // The staged `rows` applied in order in one ModelTx (`batches`: with
    // stepFrom's batches), the change set emptied; BerthError naming the
    // first change refused.
    QList<Item> commitRows(const QString &model, const QList<StagedChangeRecord> &rows,
                           bool batches);
    QList<StagedChangeRecord> records(const QString &model);
    // The model after `run`, from the model before it and what it wrote.
    ModelSnapshot after(const ModelSnapshot &before, const Run &run);
    static void mark(ModelSnapshot &after, const ModelSnapshot &before, int changes);

    Workspace &m_ws;
    HostProbe *m_probe;
};

} // namespace berth
