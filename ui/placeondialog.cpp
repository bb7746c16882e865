#include "ui/placeondialog.h"

#include "core/model/machinestate.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace berth {

namespace {

// "machine 3 · sim-east-a · t3.medium (cores=2 mem=4096M) · ubuntu@22.04 · 2 unit(s)"
QString describe(const MachineRecord &m, int units)
{
    QStringList parts{m.isContainer() ? PlaceOnDialog::tr("container %1").arg(m.name)
                                      : PlaceOnDialog::tr("machine %1").arg(m.name)};
    if (!m.zone.isEmpty())
        parts << m.zone;
    if (!m.instanceType.isEmpty())
        parts << (m.hardware.isEmpty()
                      ? m.instanceType
                      : PlaceOnDialog::tr("%1 (%2)").arg(m.instanceType, m.hardware));
    else if (!m.constraints.isEmpty())
        parts << m.constraints;
    parts << m.base << MachineState::label(m.state.status)
          << PlaceOnDialog::tr("%n unit(s)", nullptr, units);
    return parts.join(QStringLiteral(" · "));
}

} // namespace

PlaceOnDialog::PlaceOnDialog(const ModelSnapshot &snapshot, const QStringList &units,
                             const Checker &checker, QWidget *parent)
    : QDialog(parent)
    , m_list(new QListWidget(this))
{
    setWindowTitle(tr("Place on"));
    auto *layout = new QVBoxLayout(this);
    auto *label = new QLabel(tr("Put %1 &on:").arg(units.join(QStringLiteral(", "))), this);
    label->setWordWrap(true);
    label->setBuddy(m_list);
    layout->addWidget(label);
    QHash<qint64, int> hosted;
    for (const UnitRecord &u : snapshot.units) {
        if (!u.subordinate && u.machineId != 0)
            ++hosted[u.machineId];
    }
    auto *fresh = new QListWidgetItem(tr("A new machine, made to fit"), m_list);
    fresh->setData(Qt::UserRole, QString());
    for (const MachineRecord &m : snapshot.machines) {
        if (!m.state.isAlive() || snapshot.planned.removedMachines.contains(m.id))
            continue;
        const QString problem = checker ? checker(units, m.name) : QString();
        QString text = describe(m, hosted.value(m.id));
        auto *item = new QListWidgetItem(m_list);
        item->setData(Qt::UserRole, m.name);
        if (!problem.isEmpty()) {
            // Shown, so the user sees why it is not offered.
            text += QStringLiteral("\n") + tr("would refuse: %1").arg(problem);
            item->setFlags(item->flags() & ~(Qt::ItemIsEnabled | Qt::ItemIsSelectable));
            item->setToolTip(problem);
        }
        item->setText(text);
    }
    m_list->setWordWrap(true);
    m_list->setTextElideMode(Qt::ElideNone);
    m_list->setMinimumWidth(560);
    m_list->setCurrentRow(0);
    layout->addWidget(m_list, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setDefault(true);
    buttons->button(QDialogButtonBox::Cancel)->setAutoDefault(false);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QListWidget::itemDoubleClicked, this, &QDialog::accept);
    connect(m_list, &QListWidget::currentItemChanged, this, [buttons](QListWidgetItem *current) {
        buttons->button(QDialogButtonBox::Ok)
            ->setEnabled(current && (current->flags() & Qt::ItemIsEnabled));
    });
    m_list->setFocus();
}

std::optional<QString> PlaceOnDialog::target() const
{
    const QListWidgetItem *item = m_list->currentItem();
    if (result() != Accepted || !item || !(item->flags() & Qt::ItemIsEnabled))
        return std::nullopt;
    return item->data(Qt::UserRole).toString();
}

} // namespace berth
