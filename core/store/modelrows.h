#pragma once

#include "core/model/modelrecords.h"
#include "core/store/modelrows.h"

#include <QCoreApplication>
#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace berth {

class SqlSession;

// The models the store keeps, as a whole (one model's contents are
// ModelTx's), in the transaction of `sql`.
class ModelRows
{
    Q_DECLARE_TR_FUNCTIONS(ModelRows)

public:
    explicit ModelRows(SqlSession &sql)
        : m_sql(sql)
    {}

    struct Summary
    {
        QString name;
        QString uuid;
        QString cloud;
        QString region;
        int machines = 0;
        int units = 0;
        bool current = false; // the workspace's current model
        bool dying = false;   // being destroyed
    };

    // The model named `name` with its config, if the store has it.
    std::optional<ModelRecord> find(const QString &name);
    // find(), or BerthError "model not found".
    ModelRecord load(const QString &name);
    // Whether the store has, or ever had, a model.
    bool any();
    // A new model with `config` (key → value); logged as a change. Gives its id.
    qint64 create(const QString &name, const QString &cloud, const QString &region,
                  const QMap<QString, QString> &config = {});
    // Every model by name, with its counts (`current` left false).
    QList<Summary> summaries();

private:
    SqlSession &m_sql;
};

} // namespace berth
