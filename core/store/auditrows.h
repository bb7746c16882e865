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

    // Appends `entries` for `model`, now, written together. On PostgreSQL
    // the person is the role the server knows this session by (whatever
    // by.user says): a client does not name the person it writes for.
    void append(const ModelRecord &model, const QList<AuditRecord> &entries);
    // The entries `query` selects, oldest first.
    QList<AuditRecord> list(const AuditQuery &query);
    // The role the server knows this session by; empty on SQLite.
    QString sessionUser();

private:
    SqlSession &m_sql;
};

} // namespace berth
