#include "ui/retrydialog.h"

#include "core/bertherror.h"
#include "core/commands/machinecommands.h"
#include "ui/dialogfields.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>

namespace berth {

RetryDialog::RetryDialog(Workspace &workspace, const QString &model, const QStringList &preselected,
                         QWidget *parent)
    : CommandDialog(workspace, model, tr("Retry provisioning"), parent)
    , machines(new QListWidget(this))
    , checkAll(new QPushButton(tr("Check &all"), this))
    , replaceConstraints(new QCheckBox(tr("Replace their constraints with:"), this))
    , constraints(new QLineEdit(this))
{
    for (const MachineRecord &m : workspace.snapshot(model).machines) {
        if (!m.state.inError())
            continue;
        const QString message = m.message();
        auto *item = new QListWidgetItem(tr("machine %1 — %2").arg(m.name, message), machines);
        item->setToolTip(message);
        item->setData(Qt::UserRole, m.name);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(preselected.isEmpty() || preselected.contains(m.name) ? Qt::Checked
                                                                                  : Qt::Unchecked);
    }
    // A reason is read whole: lines wrap at the list's width.
    machines->setWordWrap(true);
    machines->setTextElideMode(Qt::ElideNone);
    machines->setResizeMode(QListView::Adjust);
    machines->setMinimumWidth(520);
    checkAll->setAutoDefault(false);
    connect(checkAll, &QPushButton::clicked, this, [this] {
        for (int i = 0; i < machines->count(); ++i)
            machines->item(i)->setCheckState(Qt::Checked);
    });
    constraints->setEnabled(false);
    form()->addRow(tr("&Machines in error:"), machines);
    form()->addRow(QString(), checkAll);
    form()->addRow(replaceConstraints, constraints);
    connect(replaceConstraints, &QCheckBox::toggled, constraints, &QLineEdit::setEnabled);
    connect(replaceConstraints, &QCheckBox::toggled, this, &RetryDialog::revalidate);
    connect(constraints, &QLineEdit::textChanged, this, &RetryDialog::revalidate);
    connect(machines, &QListWidget::itemChanged, this, &RetryDialog::revalidate);
    revalidate();
}

QStringList RetryDialog::checkedMachines() const
{
    QStringList names;
    for (int i = 0; i < machines->count(); ++i) {
        if (machines->item(i)->checkState() == Qt::Checked)
            names << machines->item(i)->data(Qt::UserRole).toString();
    }
    return names;
}

void RetryDialog::check() const
{
    if (checkedMachines().isEmpty())
        throw BerthError(tr("No machine in error is checked."));
    if (replaceConstraints->isChecked())
        DialogFields::checkConstraints(workspace(), model(), constraints->text().trimmed());
}

CommandResult RetryDialog::apply()
{
    std::optional<QString> replacement;
    if (replaceConstraints->isChecked())
        replacement = constraints->text().trimmed();
    return MachineCommands(workspace()).retryProvisioning(model(), checkedMachines(), replacement);
}

} // namespace berth
