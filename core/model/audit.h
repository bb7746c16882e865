#pragma once

#include <QJsonObject>
#include <QString>

namespace berth {

// Who makes a change: the person (the operating-system user; on
// PostgreSQL, the role the store's server knows them by), the program and
// the host it runs on.
struct Actor
{
    QString user;
    QString program;
    QString host;
    bool operator==(const Actor &) const = default;

    // This process's: its operating-system user and host, and `program`.
    static Actor ofThisProcess(const QString &program);
};

// One committed change in a model's audit trail: who, when, from where,
// and what. Kept when the change log is trimmed and when the model goes.
struct AuditRecord
{
    qint64 id = 0;
    qint64 modelId = 0;
    QString model;
    qint64 at = 0; // ms since the epoch
    Actor by;
    QString stagedBy; // the person who staged it, for a change committed from a change set
    QString command;  // berthctl's name of the change ("add-unit")
    QJsonObject args;
    QString description; // as `changes` describes it ("add 3 unit(s) of web")
    bool operator==(const AuditRecord &) const = default;
};

// Which of the trail to read; every filter empty: all of it.
struct AuditQuery
{
    QString model; // empty: every model
    QString user;
    QString program;
    QString text;     // a part of the change's description or command, any case
    qint64 since = 0; // ms since the epoch
    int limit = 0;    // the newest this many (0: all)
};

} // namespace berth
