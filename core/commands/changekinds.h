#pragma once

#include "core/store/workspace.h"

#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace berth {

class HostProbe;

// The names of the kinds of change: berthctl's command for each.
namespace ChangeNames {
inline const QString deploy = QStringLiteral("deploy");
inline const QString addUnit = QStringLiteral("add-unit");
inline const QString placeUnit = QStringLiteral("place-unit");
inline const QString unplaceUnit = QStringLiteral("unplace-unit");
inline const QString removeUnit = QStringLiteral("remove-unit");
inline const QString removeApplication = QStringLiteral("remove-application");
inline const QString setConstraints = QStringLiteral("set-constraints");
inline const QString relate = QStringLiteral("relate");
inline const QString removeRelation = QStringLiteral("remove-relation");
inline const QString addMachine = QStringLiteral("add-machine");
inline const QString removeMachine = QStringLiteral("remove-machine");
inline const QString deployBundle = QStringLiteral("deploy-bundle");
inline const QString scaleApplication = QStringLiteral("scale-application");
inline const QString setPlacementPolicy = QStringLiteral("set-placement-policy");
inline const QString setSpread = QStringLiteral("set-spread");
inline const QString unsetSpread = QStringLiteral("unset-spread");
inline const QString rebalance = QStringLiteral("rebalance");
} // namespace ChangeNames

// What one kind of change is: its name, the arguments it keeps with their
// JSON types, how it applies and how it reads in a list. A ModelChange
// finds its kind by name; a new kind of change is one more entry in
// changekinds.cpp, nothing else.
struct ChangeKind
{
    // A kept change's arguments, read by name (absent ones read as empty).
    class Args
    {
    public:
        explicit Args(const QJsonObject &json)
            : m_json(json)
        {}
        QString text(const char *key) const;
        int count() const; // "count", 1 when absent
        bool flag(const char *key) const;
        QStringList names(const char *key) const;
        QJsonObject object(const char *key) const;
        QList<QJsonObject> objects(const char *key) const;
        // A number kept under `key`; nullopt when absent.
        std::optional<double> number(const char *key) const;

    private:
        const QJsonObject &m_json;
    };
    using Apply = CommandResult (*)(const Args &args, Workspace &workspace, const QString &model,
                                    HostProbe *probe);
    using Describe = QString (*)(const Args &args);

    QString name;
    QHash<QString, QJsonValue::Type> arguments;
    Apply apply = nullptr;
    // One line in the user's language ("place mysql/0 on machine 4").
    Describe describe = nullptr;
    // Why a change of this kind cannot wait in a change set, or empty;
    // null when it always can.
    Describe whyNotStageable = nullptr;

    // The kind of that name; null when there is none.
    static const ChangeKind *find(const QString &name);
};

} // namespace berth
