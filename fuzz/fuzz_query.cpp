// Fuzzes wait-for's query language: no crash, no hang; a refusal is one line
// with a column inside the query; whatever parses runs on every kind of thing
// and, when false, names a false part.
#include "core/model/modelquery.h"

#include <QString>

#include <cstdint>
#include <cstdlib>

using namespace berth;

namespace {

ModelSnapshot sample()
{
    ModelSnapshot s;
    s.model.name = QStringLiteral("prod");
    ApplicationRecord app;
    app.id = 1;
    app.name = QStringLiteral("web");
    s.applications << app;
    MachineRecord host;
    host.id = 10;
    host.name = QStringLiteral("0");
    host.zone = QStringLiteral("zone-a");
    host.state.status = MachineState::Status::Started;
    MachineRecord container = host;
    container.id = 11;
    container.name = QStringLiteral("0/lxd/0");
    container.parentId = 10;
    s.machines << host << container;
    UnitRecord unit;
    unit.id = 20;
    unit.applicationId = 1;
    unit.application = app.name;
    unit.machineId = 11;
    unit.machine = container.name;
    s.units << unit;
    return s;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const ModelSnapshot snapshot = sample();
    static const ModelQuery source(snapshot, {QStringLiteral("zone-a"), QStringLiteral("zone-b")},
                                   1);
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const QStringList names{QStringLiteral("prod"), QStringLiteral("web"), QStringLiteral("0"),
                            QStringLiteral("web/0")};
    for (qsizetype k = 0; k < ModelQuery::kinds().size(); ++k) {
        const QString &kind = ModelQuery::kinds().at(k);
        try {
            const WaitQuery query = WaitQuery::parse(text, ModelQuery::schema(), kind);
            const WaitQuery::Outcome outcome =
                query.evaluate(source, *source.find(kind, names.at(k)));
            if (!outcome.holds && outcome.falsePart.isEmpty())
                std::abort(); // a false query always says which part is false
            if (outcome.falsePart.contains(u'\n'))
                std::abort(); // it is printed on one line
        } catch (const QueryError &error) {
            if (error.message.isEmpty() || error.message.contains(u'\n') || error.column < 1 ||
                error.column > text.size() + 1)
                std::abort();
        }
    }
    return 0;
}
