#pragma once

#include "core/cloud/cloudregistry.h"
#include "core/model/audit.h"
#include "core/store/modelrows.h"
#include "core/store/modeltx.h"
#include "core/store/store.h"

#include <utility>

namespace berth {

// What every command works on: the store, the known clouds, and which model
// is current. Commands run through inModel(), one transaction each.
class Workspace
{
public:
    Workspace(Store &store, const CloudRegistry &clouds)
        : m_store(store)
        , m_clouds(clouds)
    {}

    Store &store() { return m_store; }
    const CloudRegistry &clouds() const { return m_clouds; }

    // The model named by -m, or the current one.
    QString resolveModel(const QString &explicitName);
    QString currentModel();
    static QString currentModel(SqlSession &sql);
    void setCurrentModel(SqlSession &sql, const QString &name);

    // The whole model as one consistent read.
    ModelSnapshot snapshot(const QString &modelName);

    // Who this workspace's changes are by, for the audit trail and the
    // change set: this process's user (on PostgreSQL, the session's role),
    // host, and program (the application's name unless set).
    Actor actor();
    void setProgram(const QString &program) { m_program = program; }
    // Writes `entries` (what each change was: its command, arguments,
    // description, and who staged it) to the model's audit trail, as made
    // now by actor(), in the transaction open on the store (or one of its own).
    void audit(const ModelRecord &model, QList<AuditRecord> entries);
    // One change: berthctl's command name, its arguments and its description.
    void audit(const ModelRecord &model, const QString &command, const QJsonObject &args,
               const QString &description);
    // A model being destroyed refuses every write unless this is set: the
    // provisioner's workspaces stop its instances and remove it.
    void setReachesDyingModels(bool reaches) { m_reachesDying = reaches; }

    // Runs fn(ModelTx&) in one write transaction on the model.
    template <typename F> decltype(auto) inModel(const QString &modelName, F &&fn)
    {
        if (m_joined && m_joined->model().name == modelName)
            return fn(*m_joined); // finish()ed by inModelJoined
        return writeModel(modelName, fn, false);
    }

    // Runs fn(ModelTx&) in one write transaction on the model, with every
    // inModel() on the same model inside fn joining its ModelTx: many
    // commands in a row with one read of the model and one write of the
    // change log. A command that fails leaves the ModelTx half-way, so fn
    // must let the failure end the transaction (or its savepoint).
    template <typename F> decltype(auto) inModelJoined(const QString &modelName, F &&fn)
    {
        if (m_joined && m_joined->model().name == modelName)
            return fn(*m_joined); // already inside one: its changes are the outer's
        return writeModel(modelName, fn, true);
    }

    // Runs fn(ModelTx&) in one read transaction: look-ups and checks only.
    template <typename F> decltype(auto) readModel(const QString &modelName, F &&fn)
    {
        return m_store.read([&](SqlSession &sql) {
            ModelRecord model = ModelRows(sql).load(modelName);
            ModelTx tx(sql, model, m_clouds, precheckOf(model.cloud));
            return fn(tx);
        });
    }

private:
    // fn(ModelTx&) in a write transaction, finish()ed after it; the ModelTx
    // joined by inModel() while fn runs when `join`.
    template <typename F> decltype(auto) writeModel(const QString &modelName, F &fn, bool join)
    {
        return m_store.write([&](SqlSession &sql) {
            ModelRecord model = ModelRows(sql).load(modelName);
            if (model.dying && !m_reachesDying)
                refuseDying(model);
            ModelTx tx(sql, model, m_clouds, precheckOf(model.cloud));
            ModelTx *const outer = join ? std::exchange(m_joined, &tx) : m_joined;
            const auto restore = qScopeGuard([&] { m_joined = outer; });
            if constexpr (std::is_void_v<decltype(fn(tx))>) {
                fn(tx);
                tx.finish();
            } else {
                auto result = fn(tx);
                tx.finish();
                return result;
            }
        });
    }

    // The cloud's provider's check of its own placement directives, if it has
    // a provider in this process.
    ModelTx::PlacementPrecheck precheckOf(const QString &cloud) const;
    [[noreturn]] static void refuseDying(const ModelRecord &model);

    Store &m_store;
    const CloudRegistry &m_clouds;
    ModelTx *m_joined = nullptr; // inModelJoined()'s, while it runs
    QString m_program;
    std::optional<Actor> m_actor; // read once
    bool m_reachesDying = false;
};

// What a command reports besides success: lines for the user, and warnings.
struct CommandResult
{
    QStringList messages;
    QStringList warnings;
};

} // namespace berth
