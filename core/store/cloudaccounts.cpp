#include "core/store/cloudaccounts.h"

#include "core/store/sqlsession.h"
#include "core/store/store.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace berth {

QList<CloudAccount> CloudAccounts::all()
{
    QList<CloudAccount> list;
    QSqlQuery &q = m_sql.run(QStringLiteral(
        "SELECT name, type, endpoint, config FROM clouds ORDER BY builtin DESC, name"));
    while (q.next()) {
        CloudAccount account{
            q.value(0).toString(), q.value(1).toString(), q.value(2).toString(), {}, {}};
        const QJsonObject config = QJsonDocument::fromJson(q.value(3).toByteArray()).object();
        for (auto it = config.begin(); it != config.end(); ++it)
            account.config.insert(it.key(), it.value().toString());
        list.append(account);
    }
    q.finish();
    return list;
}

std::optional<CloudAccount> CloudAccounts::find(const QString &name)
{
    for (const CloudAccount &account : all()) {
        if (account.name == name)
            return account;
    }
    return std::nullopt;
}

void CloudAccounts::add(const CloudAccount &account)
{
    write(account, true);
}

void CloudAccounts::update(const CloudAccount &account)
{
    write(account, false);
}

void CloudAccounts::write(const CloudAccount &account, bool insert)
{
    QJsonObject config;
    for (auto it = account.config.cbegin(); it != account.config.cend(); ++it)
        config.insert(it.key(), it.value());
    const QString json = QString::fromUtf8(QJsonDocument(config).toJson(QJsonDocument::Compact));
    if (insert) {
        m_sql.run(QStringLiteral("INSERT INTO clouds (name, type, endpoint, config) VALUES (?, ?, "
                                 "?, ?)"),
                  {account.name, account.type, account.endpoint, json});
    } else {
        m_sql.run(QStringLiteral("UPDATE clouds SET config = ? WHERE name = ?"),
                  {json, account.name});
    }
    m_sql.run(QStringLiteral("INSERT INTO changes (model_id, kind, name, op) VALUES (0, 'cloud', "
                             "?, ?)"),
              {account.name, insert ? QStringLiteral("added") : QStringLiteral("changed")});
}

bool CloudAccounts::isBuiltin(const QString &name)
{
    return m_sql.scalar(QStringLiteral("SELECT builtin FROM clouds WHERE name = ?"), {name})
               .toInt() != 0;
}

QStringList CloudAccounts::models(const QString &cloud)
{
    QStringList names;
    QSqlQuery &q =
        m_sql.run(QStringLiteral("SELECT name FROM models WHERE cloud = ? ORDER BY name"), {cloud});
    while (q.next())
        names << q.value(0).toString();
    q.finish();
    return names;
}

void CloudAccounts::remove(const QString &name)
{
    m_sql.run(QStringLiteral("DELETE FROM clouds WHERE name = ?"), {name});
}

CloudRegistry CloudAccounts::registry(Store &store, const ProviderTypes &types,
                                      SecretStore *secrets)
{
    return CloudRegistry::open(store.read([](SqlSession &sql) { return CloudAccounts(sql).all(); }),
                               types, secrets);
}

} // namespace berth
