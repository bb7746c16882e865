#pragma once

#include "core/model/audit.h"
#include "core/model/modelrecords.h"

#include <QList>

namespace berth {

class SqlSession;

// The audit trail as stored (audit_log), in the transaction of `sql`.
class AuditRows
{
public:
    explicit AuditRows(SqlSession &sql)
        : m_sql(sql)
    {}

    // Appends `entry` for `model`, now. On PostgreSQL the person is the
    // role the server knows this session by (whatever entry.by.user says):
    // one role may not write the trail in another's name.
    void append(const ModelRecord &model, const AuditRecord &entry);
    // The entries `query` selects, oldest first.
    QList<AuditRecord> list(const AuditQuery &query);
    // The role the server knows this session by; empty on SQLite.
    QString sessionUser();

private:
    SqlSession &m_sql;
};

} // namespace berth
