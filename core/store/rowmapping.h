#pragma once

#include "core/model/modelrecords.h"
#include "core/store/sqlsession.h"

#include <QCoreApplication>

namespace berth {

// How the model's rows map to records: the columns each read selects and the
// record each result row becomes. Shared by every reader of machines, units
// and applications, so that one column added is added once.
class RowMapping
{
    Q_DECLARE_TR_FUNCTIONS(RowMapping)

public:
    // The statements' heads (functions, so that no file's statics depend on
    // another's being set first):
    // selectMachines() + " WHERE ...": the machines (m).
    static const QString &selectMachines();
    // selectUnits() + " WHERE ...": the units (u), their application (a),
    // machine (m) and principal (p, pa) joined in.
    static const QString &selectUnits();
    // selectApplications() + " WHERE ...".
    static const QString &selectApplications();

    // Throws (BerthError) on a state this Berth does not know.
    static MachineRecord machineFrom(const SqlRow &row);
    static UnitRecord unitFrom(const SqlRow &row);
    static ApplicationRecord applicationFrom(const SqlRow &row);

    // Constraints as Berth wrote them (canonical); a row edited by hand into
    // something unreadable constrains nothing rather than breaking the read.
    static Constraints parsedOrEmpty(const QString &text);

    // Every row of `q` as a record, the query finished.
    template <typename T, typename F> static QList<T> collect(QSqlQuery &q, F from)
    {
        QList<T> rows;
        const SqlRow row(q);
        while (q.next())
            rows.append(from(row));
        q.finish();
        return rows;
    }
    // The rows of a large read, straight from the store's own statement.
    template <typename T, typename F>
    static QList<T> collectMany(SqlSession &sql, const QString &statement,
                                const QVariantList &binds, F from)
    {
        QList<T> rows;
        sql.forEachRow(statement, binds, [&](const SqlRow &row) { rows.append(from(row)); });
        return rows;
    }
    // The machines or units `read(" IN (?,...)", ids)` gives over `ids`,
    // read in batches.
    template <typename T, typename Read>
    static QList<T> readByIds(const SqlSession &sql, const QList<qint64> &ids, Read read)
    {
        QList<T> rows;
        sql.forIdBatches(
            ids, [&](const QString &in, const QVariantList &binds) { rows += read(in, binds); });
        return rows;
    }
};

} // namespace berth
