#include "ui/addmachinedialog.h"

#include "core/bertherror.h"
#include "core/commands/machinecommands.h"
#include "core/model/placementdirective.h"
#include "ui/dialogfields.h"
#include "ui/offthread.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QMessageBox>
#include <QSpinBox>

namespace berth {

namespace {

// Hands add-machine the probe already made off the window's thread.
class ProbedHost final : public HostProbe
{
public:
    explicit ProbedHost(Result result)
        : m_result(std::move(result))
    {}
    Result probe(const Target &) override { return m_result; }

private:
    Result m_result;
};

} // namespace

AddMachineDialog::AddMachineDialog(Workspace &workspace, const QString &model, HostProbe *probe,
                                   QWidget *parent)
    : CommandDialog(workspace, model, tr("Add machines"), parent)
    , placement(new QLineEdit(this))
    , count(new QSpinBox(this))
    , base(DialogFields::baseBox(workspace, model, this))
    , constraints(new QLineEdit(this))
    , m_probe(probe)
{
    m_hostKeyCheck = [this](const QString &host, const QString &fingerprint) {
        return QMessageBox::question(
                   this, tr("Trust this host?"),
                   tr("The authenticity of host %1 can't be established.\n\nHost key "
                      "fingerprint:\n%2\n\nCompare it with the host's own (ssh-keygen -lf on "
                      "the host). Trust it from now on?")
                       .arg(host, fingerprint),
                   QMessageBox::Yes | QMessageBox::No, QMessageBox::No) == QMessageBox::Yes;
    };
    placement->setPlaceholderText(
        tr("empty: a new machine; lxd, lxd:3, zone=…, region=…, ssh:user@host"));
    count->setRange(1, 10000);
    constraints->setPlaceholderText(tr("e.g. mem=16G cores=8"));
    form()->addRow(tr("&Placement:"), placement);
    form()->addRow(tr("&Number:"), count);
    form()->addRow(tr("&Base:"), base);
    form()->addRow(tr("C&onstraints:"), constraints);
    for (QLineEdit *edit : {placement, constraints})
        connect(edit, &QLineEdit::textChanged, this, &AddMachineDialog::revalidate);
    connect(base, &QComboBox::currentTextChanged, this, &AddMachineDialog::revalidate);
    revalidate();
}

void AddMachineDialog::check() const
{
    const QString directive = placement->text().trimmed();
    DialogFields::checkDirectives(directive);
    if (directive.contains(u','))
        throw BerthError(tr("Give one placement directive; it applies to every machine."));
    DialogFields::checkBase(base->currentText().trimmed());
    DialogFields::checkConstraints(workspace(), model(), constraints->text().trimmed());
}

CommandResult AddMachineDialog::apply()
{
    return submit(ModelChange::addMachines(request()));
}

MachineCommands::AddMachine AddMachineDialog::request() const
{
    return {placement->text().trimmed(),
            count->value(),
            base->currentText().trimmed(),
            constraints->text().trimmed(),
            {}};
}

bool AddMachineDialog::applyLater()
{
    const MachineCommands::AddMachine request = this->request();
    if (!request.directive.startsWith(QStringLiteral("ssh:")) || !m_probe)
        return false;
    const auto parsed = PlacementDirective::parse(request.directive);
    if (!parsed.ok()) {
        finish([&]() -> CommandResult { throw BerthError(parsed.error); });
        return true;
    }
    probeThenAdd({parsed.directive.user, parsed.directive.host, parsed.directive.port, {}},
                 request);
    return true;
}

void AddMachineDialog::probeThenAdd(HostProbe::Target target,
                                    const MachineCommands::AddMachine &request)
{
    HostProbe *probe = m_probe;
    runOffThread(
        this, [probe, target] { return probe->probe(target); },
        [this, target, request](const HostProbe::Result &found) mutable {
            if (found.unknownKey.isEmpty()) {
                finish([&] {
                    ProbedHost probed(found);
                    return MachineCommands(workspace(), &probed).addMachines(model(), request);
                });
                return;
            }
            if (!m_hostKeyCheck(target.host, found.unknownKey)) {
                finish([&]() -> CommandResult {
                    throw BerthError(
                        tr("Not added: the host key of %1 was not accepted.").arg(target.host));
                });
                return;
            }
            target.acceptFingerprint = found.unknownKey;
            probeThenAdd(target, request);
        });
}

} // namespace berth
