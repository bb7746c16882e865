#include "ui/addunitdialog.h"

#include "core/bertherror.h"
#include "core/commands/applicationcommands.h"
#include "ui/dialogfields.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSpinBox>

namespace berth {

AddUnitDialog::AddUnitDialog(Workspace &workspace, const QString &model, QString application,
                             QWidget *parent)
    : CommandDialog(workspace, model, tr("Add units to %1").arg(application), parent)
    , units(new QSpinBox(this))
    , placement(new QLineEdit(this))
    , constraints(new QLineEdit(this))
    , unplaced(new QCheckBox(tr("Place them later in the machine view"), this))
    , m_application(std::move(application))
{
    units->setRange(1, 100000);
    placement->setPlaceholderText(tr("e.g. 3, lxd:3, zone=sim-east-b, region=sim-west"));
    constraints->setPlaceholderText(tr("on top of the application's, e.g. mem=8G"));
    form()->addRow(tr("&Units:"), units);
    form()->addRow(tr("&Placement:"), placement);
    form()->addRow(tr("C&onstraints:"), constraints);
    form()->addRow(QString(), unplaced);
    for (QLineEdit *edit : {placement, constraints})
        connect(edit, &QLineEdit::textChanged, this, &AddUnitDialog::revalidate);
    connect(unplaced, &QCheckBox::toggled, this, &AddUnitDialog::revalidate);
    revalidate();
}

void AddUnitDialog::check() const
{
    DialogFields::checkDirectives(placement->text().trimmed());
    DialogFields::checkConstraints(workspace(), model(), constraints->text().trimmed());
    if (unplaced->isChecked() && !placement->text().trimmed().isEmpty())
        throw BerthError(tr("Units placed later cannot have placement directives."));
}

CommandResult AddUnitDialog::apply()
{
    if (unplaced->isChecked()) {
        return submit(ModelChange::addUnplacedUnits(m_application, units->value(),
                                                    constraints->text().trimmed()));
    }
    return submit(ModelChange::addUnits(m_application, units->value(), placement->text().trimmed(),
                                        constraints->text().trimmed()));
}

} // namespace berth
