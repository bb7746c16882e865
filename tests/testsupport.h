#pragma once

#include "bertherror.h"
#include "builtinproviders.h"
#include "cloudcommands.h"
#include "cloudregistry.h"
#include "modelcommands.h"
#include "store.h"
#include "workspace.h"

#include <QProcess>
#include <QTemporaryDir>

#include <functional>
#include <memory>

// A fresh store in a temporary directory, with a default model on the built-in
// sim cloud, whose state file is in the same directory. `simConfig` are extra
// sim settings (latency-ms=..., fault-rate=...).
struct TestWorkspace
{
    QTemporaryDir dir;
    ProviderTypes types = builtinProviderTypes();
    CloudRegistry clouds;
    std::unique_ptr<Store> store;
    std::unique_ptr<Workspace> workspace;

    explicit TestWorkspace(const QStringList &simConfig = {})
    {
        store = std::make_unique<Store>(path());
        CloudCommands(*store, types)
            .updateCloud(QStringLiteral("sim"),
                         QStringList{QStringLiteral("state-file=") +
                                     dir.filePath(QStringLiteral("sim.sqlite"))} +
                             simConfig);
        reloadClouds();
        workspace = std::make_unique<Workspace>(*store, clouds);
        ModelCommands(*workspace).ensureDefaultModel();
    }
    // Picks up changed cloud settings (as a new process would).
    void reloadClouds() { clouds = CloudRegistry::load(*store, types); }
    void configureSim(const QStringList &config)
    {
        CloudCommands(*store, types).updateCloud(QStringLiteral("sim"), config);
        reloadClouds();
    }
    QString path() const { return dir.filePath(QStringLiteral("berth.sqlite")); }
    Workspace &ws() { return *workspace; }
};

// The message of the BerthError `fn` throws; empty when it throws none.
inline QString errorOf(const std::function<void()> &fn)
{
    try {
        fn();
    } catch (const BerthError &error) {
        return error.message();
    }
    return {};
}

// What a program run to its end said.
struct ProcessResult
{
    int code = -1; // -1: it did not finish in time
    QString out;
    QString err;
};

// Runs `program` with `args` in `env` (stdin closed) and waits for it.
inline ProcessResult runProgram(const QString &program, const QStringList &args,
                                const QProcessEnvironment &env, int timeoutMs = 300'000)
{
    QProcess process;
    process.setProcessEnvironment(env);
    process.setStandardInputFile(QProcess::nullDevice());
    process.start(program, args);
    ProcessResult r;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return r;
    }
    r.code = process.exitCode();
    r.out = QString::fromUtf8(process.readAllStandardOutput());
    r.err = QString::fromUtf8(process.readAllStandardError());
    return r;
}
