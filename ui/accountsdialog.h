#pragma once

#include "core/cloud/providertypes.h"
#include "core/cloud/secretstore.h"

#include <QDialog>

#include <functional>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTableWidget;

namespace berth {

class Store;

// Provider accounts: the clouds Berth knows, their settings (checked by
// their type's rules on save), their secrets (written to the system keychain
// or the owner-only file, never shown again, never in the store), and a test
// that asks the cloud for its instances off the window's thread.
class AccountsDialog final : public QDialog
{
    Q_OBJECT

public:
    AccountsDialog(Store &store, const ProviderTypes &types, SecretStore &secrets,
                   QWidget *parent = nullptr);

    QListWidget *accounts() const { return m_accounts; }
    QLineEdit *nameEdit() const { return m_name; }
    QComboBox *typeBox() const { return m_type; }
    QLineEdit *endpointEdit() const { return m_endpoint; }
    QTableWidget *configTable() const { return m_config; }
    QLineEdit *secretEdit(const QString &key) const;
    QString message() const;

    void selectAccount(const QString &name);
    void newAccount();
    // Saves the account as edited, off the window's thread; saved() follows
    // (false, with the reason shown, when refused).
    void save();
    void removeAccount();
    // Starts the test; testFinished() follows.
    void test();
    // Asked, on first use of a server certificate, whether to trust it (the
    // default asks the user); true pins its fingerprint with the secrets.
    using FingerprintCheck =
        std::function<bool(const QString &endpoint, const QString &fingerprint)>;
    void setFingerprintCheck(FingerprintCheck check) { m_fingerprintCheck = std::move(check); }

signals:
    void saved(bool ok);
    void accountsChanged();
    void testFinished(bool ok, const QString &message);

private:
    // An account as edited, on its way to the store.
    struct Edit
    {
        QString name;
        QString type;
        QString endpoint;
        QMap<QString, QString> before; // its settings as stored
        QStringList assignments;
        Secrets secrets;
        bool isNew = false;
    };
    void store(const Edit &edit);
    void reloadList(const QString &select);
    void showAccount(const CloudAccount &account);
    void showType(const QString &type, const QMap<QString, QString> &config);
    void say(const QString &text, bool problem);
    // The secrets typed in or read from files, to store with the account.
    Secrets enteredSecrets() const;

    Store &m_store;
    const ProviderTypes &m_types;
    SecretStore &m_secrets;
    QList<CloudAccount> m_list;
    bool m_isNew = false;
    QListWidget *m_accounts;
    QLineEdit *m_name;
    QComboBox *m_type;
    QLineEdit *m_endpoint;
    QTableWidget *m_config;
    QFormLayout *m_secretForm;
    QMap<QString, QLineEdit *> m_secretEdits;
    Secrets m_secretFiles; // key → contents of the file chosen for it
    FingerprintCheck m_fingerprintCheck;
    QLabel *m_backend;
    QLabel *m_message;
    QPushButton *m_testButton;
};

} // namespace berth
