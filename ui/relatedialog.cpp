#include "ui/relatedialog.h"

#include "core/bertherror.h"
#include "core/model/names.h"
#include "ui/palettecolours.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace berth {

namespace {

QComboBox *endpointBox(const QStringList &known, QWidget *parent)
{
    auto *box = new QComboBox(parent);
    box->setEditable(true);
    box->setInsertPolicy(QComboBox::NoInsert);
    box->addItem(QString());
    box->addItems(known);
    box->lineEdit()->setPlaceholderText(RelateDialog::tr("no endpoint named"));
    return box;
}

} // namespace

RelateDialog::RelateDialog(const QString &first, const QStringList &firstKnown,
                           const QString &second, const QStringList &secondKnown, QWidget *parent)
    : QDialog(parent)
    , m_firstApp(first)
    , m_secondApp(second)
    , m_first(endpointBox(firstKnown, this))
    , m_second(endpointBox(secondKnown, this))
    , m_problem(new QLabel(this))
{
    setWindowTitle(tr("Relate %1 and %2").arg(first, second));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Name the endpoint each charm relates with (wordpress:db and "
                                "mysql:db), or leave them empty: the relation is kept either "
                                "way, and named endpoints label it."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto *form = new QFormLayout;
    form->addRow(tr("Endpoint of %1:").arg(first), m_first);
    form->addRow(tr("Endpoint of %1:").arg(second), m_second);
    m_first->setAccessibleName(tr("Endpoint of %1").arg(first));
    m_second->setAccessibleName(tr("Endpoint of %1").arg(second));
    layout->addLayout(form);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(PaletteColours::textStyle(PaletteColours::error(palette())));
    m_problem->setVisible(false);
    layout->addWidget(m_problem);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("&Relate"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QComboBox *box : {m_first, m_second})
        connect(box, &QComboBox::currentTextChanged, this, &RelateDialog::check);
    m_first->setFocus();
}

std::pair<QString, QString> RelateDialog::sides() const
{
    const auto side = [](const QString &app, const QComboBox *box) {
        const QString endpoint = box->currentText().trimmed();
        return endpoint.isEmpty() ? app : app + u':' + endpoint;
    };
    return {side(m_firstApp, m_first), side(m_secondApp, m_second)};
}

void RelateDialog::check()
{
    QString problem;
    for (const QComboBox *box : {m_first, m_second}) {
        const QString endpoint = box->currentText().trimmed();
        try {
            if (!endpoint.isEmpty())
                Names::checkEndpointName(endpoint); // berthctl's words
        } catch (const BerthError &error) {
            problem = error.message();
            break;
        }
    }
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_ok->setEnabled(problem.isEmpty());
}

} // namespace berth
