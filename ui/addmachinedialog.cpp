#include "addmachinedialog.h"

#include "bertherror.h"
#include "dialogfields.h"
#include "machinecommands.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSpinBox>

AddMachineDialog::AddMachineDialog(Workspace &workspace, const QString &model, QWidget *parent)
    : CommandDialog(workspace, model, tr("Add machines"), parent)
    , placement(new QLineEdit(this))
    , count(new QSpinBox(this))
    , base(DialogFields::baseBox(workspace, model, this))
    , constraints(new QLineEdit(this))
{
    placement->setPlaceholderText(tr("empty: a new machine; lxd, lxd:3, zone=…, region=…"));
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
    return MachineCommands(workspace())
        .addMachines(model(), {placement->text().trimmed(), count->value(),
                               base->currentText().trimmed(), constraints->text().trimmed()});
}
