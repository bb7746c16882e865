#include "ui/accountsdialog.h"

#include "core/bertherror.h"
#include "core/cloud/cloudregistry.h"
#include "core/commands/cloudcommands.h"
#include "core/inputlimits.h"
#include "core/store/cloudaccounts.h"
#include "core/store/store.h"
#include "core/userfiles.h"
#include "ui/dialogfields.h"
#include "ui/filedialogs.h"
#include "ui/offthread.h"
#include "ui/palettecolours.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace berth {

namespace {

// One provider call, made where it cannot freeze the window. Empty when the
// cloud answered; otherwise what it said.
QString probe(const ProviderTypes &types, const CloudAccount &account, int *instances, int *regions)
{
    try {
        const std::unique_ptr<Provider> provider = types.get(account.type).create(account);
        *regions = int(provider->describe().regions.size());
        ProviderError error;
        *instances = int(provider->listInstances({}, {}, &error).size());
        return error.ok() ? QString() : error.message;
    } catch (const BerthError &e) {
        return e.message();
    }
}

} // namespace

AccountsDialog::AccountsDialog(Store &store, const ProviderTypes &types, SecretStore &secrets,
                               QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_types(types)
    , m_secrets(secrets)
    , m_accounts(new QListWidget(this))
    , m_name(new QLineEdit(this))
    , m_type(new QComboBox(this))
    , m_endpoint(new QLineEdit(this))
    , m_config(new QTableWidget(0, 3, this))
    , m_secretForm(new QFormLayout)
    , m_backend(new QLabel(this))
    , m_message(new QLabel(this))
    , m_testButton(new QPushButton(tr("&Test"), this))
{
    setWindowTitle(tr("Provider accounts"));
    m_fingerprintCheck = [this](const QString &endpoint, const QString &fingerprint) {
        return QMessageBox::question(
                   this, tr("Trust this server?"),
                   tr("The server at %1 presented a certificate Berth has not seen before.\n\n"
                      "SHA-256 fingerprint:\n%2\n\nCompare it with the server's own (lxc info "
                      "on the server shows certificate_fingerprint). Trust it from now on?")
                       .arg(endpoint, fingerprint),
                   QMessageBox::Yes | QMessageBox::No, QMessageBox::No) == QMessageBox::Yes;
    };
    m_type->addItems(types.names());
    m_config->setHorizontalHeaderLabels({tr("Setting"), tr("Value"), tr("Meaning")});
    m_config->verticalHeader()->hide();
    m_config->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_config->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_config->setWordWrap(true);
    m_backend->setWordWrap(true);
    m_message->setWordWrap(true);

    auto *left = new QVBoxLayout;
    left->addWidget(m_accounts, 1);
    auto *listButtons = new QHBoxLayout;
    auto *add = new QPushButton(tr("&New"), this);
    auto *remove = new QPushButton(tr("&Remove"), this);
    listButtons->addWidget(add);
    listButtons->addWidget(remove);
    left->addLayout(listButtons);

    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("T&ype:"), m_type);
    form->addRow(tr("&Endpoint:"), m_endpoint);
    auto *right = new QVBoxLayout;
    right->addLayout(form);
    right->addWidget(new QLabel(tr("Settings (empty: the default)"), this));
    right->addWidget(m_config, 1);
    right->addWidget(new QLabel(tr("Secrets (never shown again; type to replace)"), this));
    right->addLayout(m_secretForm);
    right->addWidget(m_backend);
    auto *actions = new QHBoxLayout;
    auto *saveButton = new QPushButton(tr("&Save"), this);
    actions->addWidget(saveButton);
    actions->addWidget(m_testButton);
    actions->addStretch(1);
    right->addLayout(actions);
    right->addWidget(m_message);

    auto *columns = new QHBoxLayout;
    columns->addLayout(left, 1);
    columns->addLayout(right, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    auto *close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    layout->addWidget(close);

    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(add, &QPushButton::clicked, this, &AccountsDialog::newAccount);
    connect(remove, &QPushButton::clicked, this, &AccountsDialog::removeAccount);
    connect(saveButton, &QPushButton::clicked, this, &AccountsDialog::save);
    connect(m_testButton, &QPushButton::clicked, this, &AccountsDialog::test);
    connect(m_accounts, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row < m_list.size())
            showAccount(m_list.at(row));
    });
    connect(m_type, &QComboBox::activated, this, [this] { showType(m_type->currentText(), {}); });
    DialogFields::resizeWithinScreen(this, {860, 560});
    reloadList({});
}

QLineEdit *AccountsDialog::secretEdit(const QString &key) const
{
    return m_secretEdits.value(key);
}

QString AccountsDialog::message() const
{
    return m_message->text();
}

void AccountsDialog::say(const QString &text, bool problem)
{
    m_message->setText(text);
    m_message->setStyleSheet(problem ? PaletteColours::textStyle(PaletteColours::error(palette()))
                                     : QString());
}

void AccountsDialog::reloadList(const QString &select)
{
    m_list = m_store.read([](SqlSession &sql) { return CloudAccounts(sql).all(); });
    const QSignalBlocker blocker(m_accounts);
    m_accounts->clear();
    int row = 0;
    for (int i = 0; i < m_list.size(); ++i) {
        m_accounts->addItem(tr("%1 (%2)").arg(m_list.at(i).name, m_list.at(i).type));
        if (m_list.at(i).name == select)
            row = i;
    }
    if (!m_list.isEmpty()) {
        m_accounts->setCurrentRow(row);
        showAccount(m_list.at(row));
    }
}

void AccountsDialog::selectAccount(const QString &name)
{
    for (int i = 0; i < m_list.size(); ++i) {
        if (m_list.at(i).name == name)
            m_accounts->setCurrentRow(i);
    }
}

void AccountsDialog::showAccount(const CloudAccount &account)
{
    m_isNew = false;
    m_name->setText(account.name);
    m_name->setReadOnly(true);
    m_type->setCurrentText(account.type);
    m_type->setEnabled(false);
    m_endpoint->setText(account.endpoint);
    showType(account.type, account.config);
    say({}, false);
}

void AccountsDialog::newAccount()
{
    m_isNew = true;
    m_accounts->clearSelection();
    m_name->clear();
    m_name->setReadOnly(false);
    m_type->setEnabled(true);
    m_endpoint->clear();
    showType(m_type->currentText(), {});
    m_name->setFocus();
    say(tr("Name the new account, then Save."), false);
}

void AccountsDialog::showType(const QString &type, const QMap<QString, QString> &config)
{
    QStringList keys;
    QStringList secretKeys;
    QHash<QString, QString> meanings;
    try {
        keys = m_types.get(type).configKeys;
        secretKeys = m_types.get(type).secretKeys;
        // The providers mark what their settings mean for translation.
        const QHash<QString, QString> given = m_types.get(type).meanings;
        for (auto it = given.cbegin(); it != given.cend(); ++it)
            meanings.insert(it.key(), QCoreApplication::translate("ProviderSettings",
                                                                  it.value().toUtf8().constData()));
    } catch (const BerthError &error) {
        say(error.message(), true);
    }
    m_config->setRowCount(int(keys.size()));
    for (int row = 0; row < keys.size(); ++row) {
        // What each setting means and takes, beside it and in its tooltips.
        const QString meaning = meanings.value(keys.at(row));
        auto *key = new QTableWidgetItem(keys.at(row));
        key->setFlags(Qt::ItemIsEnabled);
        key->setToolTip(meaning);
        auto *value = new QTableWidgetItem(config.value(keys.at(row)));
        value->setToolTip(meaning);
        auto *explained = new QTableWidgetItem(meaning);
        explained->setFlags(Qt::ItemIsEnabled);
        explained->setToolTip(meaning);
        m_config->setItem(row, 0, key);
        m_config->setItem(row, 1, value);
        m_config->setItem(row, 2, explained);
    }
    m_config->resizeColumnToContents(0);
    m_config->resizeRowsToContents();
    while (m_secretForm->rowCount() > 0)
        m_secretForm->removeRow(0);
    m_secretEdits.clear();
    const QString account = m_name->text();
    m_secretFiles.clear();
    for (const QString &key : std::as_const(secretKeys)) {
        auto *edit = new QLineEdit(this);
        edit->setEchoMode(QLineEdit::Password);
        // Certificates and keys come as files; the file's contents are the secret.
        auto *fromFile = new QToolButton(this);
        fromFile->setText(tr("File…"));
        fromFile->setToolTip(tr("Read %1 from a file").arg(key));
        connect(fromFile, &QToolButton::clicked, this, [this, key, edit] {
            const QString path = FileDialogs::openFileName(this, tr("Read %1 from").arg(key));
            if (path.isEmpty())
                return;
            try {
                m_secretFiles.insert(key, UserFiles::read(path, path, Limits::maxSecretBytes));
            } catch (const BerthError &error) {
                say(error.message(), true);
                return;
            }
            edit->clear();
            edit->setPlaceholderText(tr("from %1 — Save to store").arg(path));
        });
        bool isSet = false;
        try {
            isSet = !account.isEmpty() && !m_isNew && m_secrets.read(account, key).has_value();
        } catch (const BerthError &error) {
            say(error.message(), true);
        }
        edit->setPlaceholderText(isSet ? tr("set — type to replace") : tr("not set"));
        auto *row = new QHBoxLayout;
        row->addWidget(edit, 1);
        row->addWidget(fromFile);
        edit->setToolTip(meanings.value(key));
        m_secretForm->addRow(key + u':', row);
        m_secretEdits.insert(key, edit);
    }
    m_backend->setText(secretKeys.isEmpty() ? tr("This type of cloud keeps no secrets.")
                                            : tr("Secrets go to the %1.").arg(m_secrets.backend()));
}

void AccountsDialog::save()
{
    const QString name = m_name->text().trimmed();
    Edit edit{name, m_type->currentText(), m_endpoint->text().trimmed(), {}, {}, {}, m_isNew};
    if (!m_isNew) {
        for (const CloudAccount &a : std::as_const(m_list)) {
            if (a.name == name)
                edit.before = a.config;
        }
    }
    for (int row = 0; row < m_config->rowCount(); ++row) {
        const QString key = m_config->item(row, 0)->text();
        const QString value = m_config->item(row, 1)->text().trimmed();
        if (!value.isEmpty() && value != edit.before.value(key))
            edit.assignments << key + u'=' + value;
        else if (value.isEmpty() && edit.before.contains(key))
            edit.assignments << key + u'='; // back to the default
    }
    edit.secrets = enteredSecrets();
    const QString pinKey = QStringLiteral("server-fingerprint");
    try {
        // A server certificate seen for the first time: show its fingerprint and
        // pin it only when the user accepts it (asked off the window's thread).
        if (m_types.get(edit.type).secretKeys.contains(pinKey) && !edit.secrets.contains(pinKey) &&
            (m_isNew || !m_secrets.read(name, pinKey))) {
            CloudAccount candidate{name, edit.type, edit.endpoint, edit.before, {}};
            candidate.secrets = CloudRegistry::secretsOf(candidate, m_types, &m_secrets);
            for (auto it = edit.secrets.cbegin(); it != edit.secrets.cend(); ++it)
                candidate.secrets.insert(it.key(), it.value());
            const ProviderTypes &types = m_types;
            runOffThread(
                this,
                [&types, candidate] {
                    try {
                        return types.get(candidate.type).create(candidate)->verify();
                    } catch (const BerthError &error) {
                        return ProviderError::failed(ProviderError::Kind::Permanent,
                                                     error.message());
                    }
                },
                [this, edit, pinKey](const ProviderError &seen) mutable {
                    if (!seen.fingerprint.isEmpty()) {
                        if (!m_fingerprintCheck(edit.endpoint, seen.fingerprint)) {
                            say(tr("Not saved: the server's certificate (SHA-256 %1) was not "
                                   "accepted.")
                                    .arg(seen.fingerprint),
                                true);
                            emit saved(false);
                            return;
                        }
                        edit.secrets.insert(pinKey, seen.fingerprint.toUtf8());
                    }
                    store(edit);
                });
            return;
        }
    } catch (const BerthError &error) {
        say(error.message(), true);
        emit saved(false);
        return;
    }
    store(edit);
}

void AccountsDialog::store(const Edit &edit)
{
    // The command asks the cloud whether the account works: off the window's
    // thread too, on that thread's own connection to the store.
    const QString location = m_store.location();
    const ProviderTypes &types = m_types;
    SecretStore &secretStore = m_secrets;
    runOffThread(
        this,
        [location, &types, &secretStore, edit]() -> QString {
            try {
                Store store(location);
                CloudCommands commands(store, types);
                if (edit.isNew)
                    commands.addCloud(edit.name, edit.type, edit.endpoint, edit.assignments,
                                      edit.secrets, &secretStore);
                else if (!edit.assignments.isEmpty() || !edit.secrets.isEmpty())
                    commands.updateCloud(edit.name, edit.assignments, edit.secrets, &secretStore);
            } catch (const BerthError &error) {
                return error.message();
            }
            return {};
        },
        [this, name = edit.name](const QString &problem) {
            if (!problem.isEmpty()) {
                say(problem, true);
                emit saved(false);
                return;
            }
            for (QLineEdit *secretEdit : std::as_const(m_secretEdits))
                secretEdit->clear();
            m_secretFiles.clear();
            reloadList(name);
            say(tr("Saved %1.").arg(name), false);
            emit accountsChanged();
            emit saved(true);
        });
}

Secrets AccountsDialog::enteredSecrets() const
{
    Secrets secrets = m_secretFiles;
    for (auto it = m_secretEdits.cbegin(); it != m_secretEdits.cend(); ++it) {
        if (!it.value()->text().isEmpty())
            secrets.insert(it.key(), it.value()->text().toUtf8());
    }
    return secrets;
}

void AccountsDialog::removeAccount()
{
    const QString name = m_name->text();
    if (m_isNew || name.isEmpty())
        return;
    try {
        CloudCommands(m_store, m_types).removeCloud(name, &m_secrets);
    } catch (const BerthError &error) {
        say(error.message(), true);
        return;
    }
    reloadList({});
    say(tr("Removed %1.").arg(name), false);
    emit accountsChanged();
}

void AccountsDialog::test()
{
    CloudAccount account;
    for (const CloudAccount &a : std::as_const(m_list)) {
        if (a.name == m_name->text())
            account = a;
    }
    if (account.name.isEmpty() || m_isNew) {
        say(tr("Save the account before testing it."), true);
        return;
    }
    try {
        account.secrets = CloudRegistry::secretsOf(account, m_types, &m_secrets);
    } catch (const BerthError &error) {
        say(error.message(), true);
        return;
    }
    say(tr("Asking %1 for its instances…").arg(account.name), false);
    const ProviderTypes &types = m_types;
    struct Answer
    {
        bool ok = false;
        QString message;
    };
    runOffThread(
        m_testButton,
        [&types, account] {
            int instances = 0;
            int regions = 0;
            const QString problem = probe(types, account, &instances, &regions);
            if (!problem.isEmpty()) {
                return Answer{
                    false, AccountsDialog::tr("%1 did not answer: %2").arg(account.name, problem)};
            }
            return Answer{true, AccountsDialog::tr("%1 answered: %2 region(s), %3 instance(s)")
                                    .arg(account.name)
                                    .arg(regions)
                                    .arg(instances)};
        },
        [this](const Answer &answer) {
            say(answer.message, !answer.ok);
            emit testFinished(answer.ok, answer.message);
        });
}

} // namespace berth
