#pragma once

// What the audit trail's tests share: the model they change, and the trail
// read back.
#include "core/store/auditrows.h"
#include "core/store/workspace.h"

namespace berth::AuditTesting {

inline const QString model = QStringLiteral("default");

// The query for `model` (empty: every model) with the filters given.
inline AuditQuery query(const QString &of, const QString &user = {}, const QString &program = {},
                        const QString &text = {}, qint64 since = 0, int limit = 0)
{
    AuditQuery q;
    q.model = of;
    q.user = user;
    q.program = program;
    q.text = text;
    q.since = since;
    q.limit = limit;
    return q;
}

inline QList<AuditRecord> trail(Workspace &ws, const AuditQuery &query)
{
    return ws.store().read([&](SqlSession &sql) { return AuditRows(sql).list(query); });
}

inline QStringList descriptions(const QList<AuditRecord> &entries)
{
    QStringList lines;
    for (const AuditRecord &e : entries)
        lines << e.description;
    return lines;
}

} // namespace berth::AuditTesting
