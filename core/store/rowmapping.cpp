#include "core/store/rowmapping.h"

#include "core/bertherror.h"

namespace berth {

const QString &RowMapping::selectMachines()
{
    static const QString statement = QStringLiteral(
        "SELECT m.id, m.name, coalesce(m.parent_id, 0), m.base, m.constraints, m.placement,"
        " m.life, m.for_unit, m.machine_status, m.machine_message, m.instance_status,"
        " m.instance_message, m.instance_id, m.instance_type, m.hardware, m.region, m.zone,"
        " m.nonce, m.created_at, m.attempts, m.retry_at FROM machines m");
    return statement;
}

const QString &RowMapping::selectUnits()
{
    static const QString statement = QStringLiteral(
        "SELECT u.id, u.application_id, a.name, u.number, coalesce(u.machine_id, 0),"
        " coalesce(m.name, ''), coalesce(u.principal_id, 0),"
        " coalesce(pa.name || '/' || p.number, ''), a.subordinate, u.constraints, u.created_at"
        " FROM units u JOIN applications a ON a.id = u.application_id"
        " LEFT JOIN machines m ON m.id = u.machine_id LEFT JOIN units p ON p.id = u.principal_id"
        " LEFT JOIN applications pa ON pa.id = p.application_id");
    return statement;
}

const QString &RowMapping::selectApplications()
{
    static const QString statement =
        QStringLiteral("SELECT id, name, charm, base, subordinate, constraints, min_size, "
                       "max_size FROM applications");
    return statement;
}

Constraints RowMapping::parsedOrEmpty(const QString &text)
{
    return Constraints::parse(text).constraints;
}

MachineRecord RowMapping::machineFrom(const SqlRow &q)
{
    MachineRecord m;
    m.id = q.integer(0);
    m.name = q.text(1);
    m.parentId = q.integer(2);
    m.base = q.text(3);
    m.constraints = q.text(4);
    m.placement = q.text(5);
    m.forUnit = int(q.integer(7)) != 0;
    const auto life = MachineState::lifeFrom(q.text(6));
    const auto status = MachineState::statusFrom(q.text(8));
    const auto instance = MachineState::instanceStatusFrom(q.text(10));
    if (!life || !status || !instance) {
        throw BerthError(tr("the store holds a state of machine %1 this Berth does not "
                            "know (%2, %3, %4): it is damaged, or was written by a "
                            "newer Berth")
                             .arg(m.name, q.text(6), q.text(8), q.text(10)));
    }
    m.state = {*life, *status, *instance};
    m.machineMessage = q.text(9);
    m.instanceMessage = q.text(11);
    m.instanceId = q.text(12);
    m.instanceType = q.text(13);
    m.hardware = q.text(14);
    m.region = q.text(15);
    m.zone = q.text(16);
    m.nonce = q.text(17);
    m.createdAt = q.integer(18);
    m.attempts = int(q.integer(19));
    m.retryAt = q.integer(20);
    return m;
}

UnitRecord RowMapping::unitFrom(const SqlRow &q)
{
    UnitRecord u;
    u.id = q.integer(0);
    u.applicationId = q.integer(1);
    u.application = q.text(2);
    u.number = q.integer(3);
    u.machineId = q.integer(4);
    u.machine = q.text(5);
    u.principalId = q.integer(6);
    u.principal = q.text(7);
    u.subordinate = int(q.integer(8)) != 0;
    u.constraints = q.text(9);
    u.createdAt = q.integer(10);
    return u;
}

ApplicationRecord RowMapping::applicationFrom(const SqlRow &q)
{
    ApplicationRecord a;
    a.id = q.integer(0);
    a.name = q.text(1);
    a.charm = q.text(2);
    a.base = q.text(3);
    a.subordinate = int(q.integer(4)) != 0;
    a.constraints = parsedOrEmpty(q.text(5));
    a.minSize = q.integer(6);
    a.maxSize = q.integer(7);
    return a;
}

} // namespace berth
