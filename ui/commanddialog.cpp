#include "ui/commanddialog.h"

#include "core/bertherror.h"
#include "ui/changesubmitter.h"
#include "ui/palettecolours.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QShowEvent>
#include <QVBoxLayout>

namespace berth {

CommandDialog::CommandDialog(Workspace &workspace, QString model, const QString &title,
                             QWidget *parent)
    : QDialog(parent)
    , m_workspace(workspace)
    , m_model(std::move(model))
    , m_form(new QFormLayout)
    , m_message(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(title);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(m_form);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(PaletteColours::textStyle(PaletteColours::error(palette())));
    layout->addWidget(m_message);
    layout->addWidget(m_buttons);
    // Return is OK in every style, also where Cancel comes first (GTK's).
    m_buttons->button(QDialogButtonBox::Ok)->setDefault(true);
    m_buttons->button(QDialogButtonBox::Cancel)->setAutoDefault(false);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &CommandDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &CommandDialog::reject);
}

void CommandDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    if (m_shown)
        return;
    m_shown = true;
    m_speaks = true; // from now on, a check follows what the user changed
    // Typing goes into the first field.
    for (int row = 0; row < m_form->rowCount(); ++row) {
        QLayoutItem *item = m_form->itemAt(row, QFormLayout::FieldRole);
        if (!item)
            item = m_form->itemAt(row, QFormLayout::SpanningRole);
        QWidget *field = item ? item->widget() : nullptr;
        if (field && field->isEnabled() && field->focusPolicy() != Qt::NoFocus) {
            field->setFocus(Qt::OtherFocusReason);
            break;
        }
    }
}

CommandResult CommandDialog::submit(const ModelChange &change)
{
    if (m_submitter)
        return m_submitter->submitFromDialog(change);
    return change.apply(m_workspace, m_model);
}

QString CommandDialog::shownMessage() const
{
    return m_message->text();
}

void CommandDialog::revalidate()
{
    try {
        check();
        m_problem.clear();
    } catch (const BerthError &error) {
        m_problem = error.message();
    }
    // Before the dialog is shown nothing has been typed: no error yet.
    m_message->setText(m_speaks ? m_problem : QString());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_problem.isEmpty());
}

void CommandDialog::accept()
{
    m_speaks = true;
    revalidate();
    if (!m_problem.isEmpty())
        return;
    if (!applyLater())
        finish([this] { return apply(); });
}

void CommandDialog::finish(const std::function<CommandResult()> &command)
{
    try {
        m_result = command();
    } catch (const BerthError &error) {
        m_message->setText(error.message());
        emit applied();
        return;
    }
    QDialog::accept();
    emit applied();
}

} // namespace berth
