#pragma once

#include "core/commands/bundlecommands.h"
#include "core/model/bundle.h"

#include <QHash>
#include <QJsonObject>

namespace berth {

// `juju diff-bundle`'s rules (core/bundle/changes/diff.go in juju/juju):
// what the bundle and the model hold that the other does not, and the
// values they differ in ({"bundle": ..., "model": ...}).
// - applications: charm (its URL as written), base (the application's or the
//   bundle's default; empty when the bundle gives none), channel, revision
//   (-1 for none), num_units (not for subordinates), expose (with Juju's
//   implicit 0.0.0.0/0 and ::/0 endpoints), constraints, options;
//   annotations only when asked, Berth's policy annotations always;
// - machines: every top-level machine of the model, a bundle machine found
//   through the map (then the machine this bundle made, then the same id);
//   base, and annotations when asked;
// - relations: each pair in Juju's canonical order, "app:endpoint".
namespace BundleDiff {

struct ModelSide
{
    Bundle applications;             // the model exported: its applications and relations
    QList<Bundle::Machine> machines; // every alive top-level machine, with its annotations
    QHash<QString, QString> marked;  // bundle machine -> the model machine this bundle made
};

QJsonObject of(const Bundle &bundle, const ModelSide &model, const BundleCommands::MachineMap &map,
               bool annotations);

} // namespace BundleDiff

} // namespace berth
