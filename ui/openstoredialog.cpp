#include "ui/openstoredialog.h"

#include "core/bertherror.h"
#include "core/store/store.h"
#include "ui/filedialogs.h"
#include "ui/offthread.h"
#include "ui/palettecolours.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace berth {

OpenStoreDialog::OpenStoreDialog(const QString &current, QWidget *parent)
    : QDialog(parent)
    , m_location(new QLineEdit(this))
    , m_message(new QLabel(this))
{
    setWindowTitle(tr("Open store"));
    m_location->setText(Store::displayLocation(current));
    m_location->setPlaceholderText(tr("a SQLite file, or postgresql://user@host:5432/db"));
    m_location->setMinimumWidth(420);
    auto *browse = new QPushButton(tr("&Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString file = FileDialogs::saveFileName(this, tr("SQLite store"), m_location->text(),
                                                       tr("SQLite stores (*.sqlite *.db)"),
                                                       QFileDialog::DontConfirmOverwrite);
        if (!file.isEmpty())
            m_location->setText(file);
    });
    auto *row = new QHBoxLayout;
    row->addWidget(m_location, 1);
    row->addWidget(browse);
    auto *hint = new QLabel(tr("A team shares a PostgreSQL database: everyone sees changes as "
                               "they are made, and one provisioner runs per model. Keep the "
                               "password in ~/.pgpass rather than in the address."),
                            this);
    hint->setWordWrap(true);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(PaletteColours::textStyle(PaletteColours::error(palette())));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &OpenStoreDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("&Store:"), this));
    layout->addLayout(row);
    layout->addWidget(hint);
    layout->addWidget(m_message);
    layout->addWidget(buttons);
}

QString OpenStoreDialog::location() const
{
    return m_location->text().trimmed();
}

QString OpenStoreDialog::message() const
{
    return m_message->text();
}

void OpenStoreDialog::accept()
{
    const QString location = this->location();
    if (location.isEmpty()) {
        m_message->setText(tr("Give a SQLite file or a postgresql:// address."));
        return;
    }
    // Opening it creates and migrates it as needed, and says why when it cannot.
    runOffThread(
        this,
        [location]() -> QString {
            try {
                Store store(location);
            } catch (const BerthError &error) {
                return error.message();
            }
            return {};
        },
        [this](const QString &problem) {
            m_message->setText(problem);
            if (problem.isEmpty())
                QDialog::accept();
            emit tried(problem);
        });
}

} // namespace berth
