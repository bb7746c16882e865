#include "ui/deploydialog.h"

#include "core/bertherror.h"
#include "core/model/names.h"
#include "ui/dialogfields.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSpinBox>

namespace berth {

DeployDialog::DeployDialog(Workspace &workspace, const QString &model, QWidget *parent)
    : CommandDialog(workspace, model, tr("Deploy an application"), parent)
    , charm(new QLineEdit(this))
    , name(new QLineEdit(this))
    , base(DialogFields::baseBox(workspace, model, this))
    , units(new QSpinBox(this))
    , placement(new QLineEdit(this))
    , constraints(new QLineEdit(this))
    , subordinate(new QCheckBox(tr("Subordinate (runs beside the units it is related to)"), this))
    , unplaced(new QCheckBox(tr("Place the units later in the machine view"), this))
{
    name->setPlaceholderText(tr("same as the charm"));
    units->setRange(1, 100000);
    placement->setPlaceholderText(tr("e.g. 3, lxd:3, zone=sim-east-b (one per unit)"));
    constraints->setPlaceholderText(tr("e.g. mem=4G cores=2"));
    form()->addRow(tr("&Charm:"), charm);
    form()->addRow(tr("&Name:"), name);
    form()->addRow(tr("&Base:"), base);
    form()->addRow(tr("&Units:"), units);
    form()->addRow(tr("&Placement:"), placement);
    form()->addRow(tr("C&onstraints:"), constraints);
    form()->addRow(QString(), subordinate);
    form()->addRow(QString(), unplaced);
    for (QLineEdit *edit : {charm, name, placement, constraints})
        connect(edit, &QLineEdit::textChanged, this, &DeployDialog::revalidate);
    connect(base, &QComboBox::currentTextChanged, this, &DeployDialog::revalidate);
    connect(units, &QSpinBox::valueChanged, this, &DeployDialog::revalidate);
    for (QCheckBox *box : {subordinate, unplaced})
        connect(box, &QCheckBox::toggled, this, &DeployDialog::revalidate);
    revalidate();
}

ApplicationCommands::Deploy DeployDialog::request() const
{
    ApplicationCommands::Deploy d;
    d.charm = charm->text().trimmed();
    d.application = name->text().trimmed();
    d.base = base->currentText().trimmed();
    d.count = subordinate->isChecked() ? 1 : units->value();
    d.to = placement->text().trimmed();
    d.constraints = constraints->text().trimmed();
    d.subordinate = subordinate->isChecked();
    d.unplaced = unplaced->isChecked() && !subordinate->isChecked();
    return d;
}

void DeployDialog::check() const
{
    const ApplicationCommands::Deploy d = request();
    if (d.charm.isEmpty())
        throw BerthError(tr("Give the charm to deploy."));
    Names::checkCharmName(d.charm);
    if (!d.application.isEmpty())
        Names::checkApplicationName(d.application);
    DialogFields::checkBase(d.base);
    DialogFields::checkDirectives(d.to);
    DialogFields::checkConstraints(workspace(), model(), d.constraints);
    if (d.unplaced && !d.to.isEmpty())
        throw BerthError(tr("Units placed later cannot have placement directives."));
}

CommandResult DeployDialog::apply()
{
    return submit(ModelChange::deploy(request()));
}

} // namespace berth
