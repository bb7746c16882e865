#pragma once

#include "cloudregistry.h"
#include "modelcommands.h"
#include "simcloud.h"
#include "store.h"
#include "workspace.h"

#include <QTemporaryDir>

#include <memory>

// A fresh store in a temporary directory, with the sim cloud and a default model.
struct TestWorkspace
{
    QTemporaryDir dir;
    CloudRegistry clouds;
    std::unique_ptr<Store> store;
    std::unique_ptr<Workspace> workspace;

    TestWorkspace()
    {
        clouds.add(SimCloud::describe());
        store = std::make_unique<Store>(path());
        workspace = std::make_unique<Workspace>(*store, clouds);
        ModelCommands(*workspace).ensureDefaultModel();
    }
    QString path() const { return dir.filePath(QStringLiteral("berth.sqlite")); }
    Workspace &ws() { return *workspace; }
};
