#include "core/commands/applicationcommands.h"
#include "core/commands/machinecommands.h"
#include "core/commands/modelcommands.h"
#include "keychain/filesecretstore.h"
#include "tests/testsupport.h"
#include "tests/ui/dialogtesting.h"
#include "ui/accountsdialog.h"
#include "ui/addmachinedialog.h"
#include "ui/addunitdialog.h"
#include "ui/constrainteditordialog.h"
#include "ui/deploydialog.h"
#include "ui/openstoredialog.h"
#include "ui/retrydialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCryptographicHash>
#include <QLineEdit>
#include <QListWidget>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>
#include <QThreadPool>
#include <QTranslator>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");

} // namespace

class TestDialogs : public QObject
{
    Q_OBJECT

private slots:
    void openStoreOpensOrSaysWhy()
    {
        QTemporaryDir dir;
        OpenStoreDialog dialog(QStringLiteral("postgresql://team:s3cret@db.example:5432/berth"));
        QCOMPARE(dialog.location(), QStringLiteral("postgresql://team@db.example:5432/berth"));
        dialog.locationEdit()->setText(QStringLiteral("postgresql://berth@127.0.0.1:1/berth"));
        QSignalSpy tried(&dialog, &OpenStoreDialog::tried);
        dialog.accept();
        QVERIFY(tried.wait(60'000));                       // opened off the window's thread
        QCOMPARE(dialog.result(), int(QDialog::Rejected)); // still open
        QVERIFY2(dialog.message().startsWith(QStringLiteral("cannot open store")),
                 qPrintable(dialog.message()));
        const QString file = dir.filePath(QStringLiteral("team.sqlite"));
        dialog.locationEdit()->setText(file);
        dialog.accept();
        QVERIFY(tried.wait(60'000));
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(Store(file).schemaVersion(), Store::latestSchemaVersion()); // made, migrated
    }

    void deployChecksAsTheCommandLineDoes()
    {
        TestWorkspace t;
        DeployDialog dialog(t.ws(), model);
        QVERIFY(!dialog.problem().isEmpty()); // no charm yet
        dialog.charm->setText(QStringLiteral("Web"));
        ApplicationCommands::Deploy d;
        d.charm = QStringLiteral("Web");
        QCOMPARE(dialog.problem(), errorOf([&] { ApplicationCommands(t.ws()).deploy(model, d); }));
        dialog.charm->setText(QStringLiteral("web"));
        dialog.constraints->setText(QStringLiteral("mem=lots"));
        d.charm = QStringLiteral("web");
        d.constraints = QStringLiteral("mem=lots");
        QCOMPARE(dialog.problem(), errorOf([&] { ApplicationCommands(t.ws()).deploy(model, d); }));
        QVERIFY(!dialog.problem().isEmpty());
        dialog.constraints->setText(QStringLiteral("mem=4G"));
        dialog.placement->setText(QStringLiteral("lxd:99,03"));
        QVERIFY(dialog.problem().contains(QStringLiteral("invalid placement directive \"03\"")));
        dialog.placement->clear();
        dialog.units->setValue(2);
        QVERIFY(dialog.problem().isEmpty());
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        const ModelSnapshot s = t.ws().snapshot(model);
        QCOMPARE(s.units.size(), 2);
        QCOMPARE(s.applications.first().constraints.toString(), QStringLiteral("mem=4096M"));

        // The store refuses a second "web": the dialog stays, with the reason.
        DeployDialog again(t.ws(), model);
        again.charm->setText(QStringLiteral("web"));
        again.unplaced->setChecked(true);
        again.accept();
        QCOMPARE(again.result(), int(QDialog::Rejected));
        QCOMPARE(again.shownMessage(), QStringLiteral("application \"web\" already exists"));
        again.name->setText(QStringLiteral("web-two"));
        again.accept();
        QCOMPARE(again.result(), int(QDialog::Accepted));
        QCOMPARE(unitMachines(t.ws(), model).value(QStringLiteral("web-two/0")), QString());
    }

    void addUnitsAndMachines()
    {
        TestWorkspace t;
        ApplicationCommands::Deploy d;
        d.charm = QStringLiteral("web");
        ApplicationCommands(t.ws()).deploy(model, d);
        AddUnitDialog units(t.ws(), model, QStringLiteral("web"));
        units.placement->setText(QStringLiteral("lxd:0"));
        units.unplaced->setChecked(true);
        QCOMPARE(units.problem(), QStringLiteral("Units placed later cannot have placement "
                                                 "directives."));
        units.unplaced->setChecked(false);
        units.accept();
        QCOMPARE(units.result(), int(QDialog::Accepted));
        QCOMPARE(unitMachines(t.ws(), model).value(QStringLiteral("web/1")),
                 QStringLiteral("0/lxd/0"));

        AddMachineDialog machines(t.ws(), model);
        machines.placement->setText(QStringLiteral("zone=nowhere"));
        machines.accept(); // the store knows the zones: refused, with the CLI's words
        QCOMPARE(machines.result(), int(QDialog::Rejected));
        QVERIFY(machines.shownMessage().startsWith(
            QStringLiteral("invalid placement directive \"zone=nowhere\"")));
        machines.placement->setText(QStringLiteral("zone=sim-east-c"));
        machines.count->setValue(2);
        machines.accept();
        QCOMPARE(machines.result(), int(QDialog::Rejected));
        QCOMPARE(machines.shownMessage(),
                 QStringLiteral("cannot use -n when specifying a placement directive"));
        machines.count->setValue(1);
        machines.accept();
        QCOMPARE(machines.result(), int(QDialog::Accepted));
        QCOMPARE(t.ws().snapshot(model).machines.size(), 3); // 0, 0/lxd/0, 1
    }

    void retryWithNewConstraints()
    {
        TestWorkspace t;
        MachineCommands(t.ws()).addMachines(model, {{}, 2, {}, {}, {}});
        AsTheProvisioner::failed(t.ws(), model, QStringLiteral("1"), QStringLiteral("no capacity"));
        RetryDialog dialog(t.ws(), model, {});
        QCOMPARE(dialog.machines->count(), 1);
        QVERIFY(dialog.machines->item(0)->text().contains(QStringLiteral("no capacity")));
        dialog.replaceConstraints->setChecked(true);
        dialog.constraints->setText(QStringLiteral("cores=many"));
        QVERIFY(!dialog.problem().isEmpty());
        dialog.constraints->setText(QStringLiteral("cores=4"));
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        for (const MachineRecord &m : t.ws().snapshot(model).machines) {
            if (m.name == u"1") {
                QCOMPARE(MachineState::text(m.state.status), QStringLiteral("pending"));
                QCOMPARE(m.constraints, QStringLiteral("cores=4"));
            }
        }
    }

    void accountsWithSecretsAndATest();
    void accountsSayWhatEachSettingMeans();
    void closingTheAccountsDialogMidSaveIsSafe();
    void constraintEditorPreviewsInstanceTypes()
    {
        TestWorkspace t;
        ModelCommands(t.ws()).setConstraints(model, QStringLiteral("mem=2G"));
        ApplicationCommands::Deploy d;
        d.charm = QStringLiteral("web");
        d.constraints = QStringLiteral("cores=2");
        ApplicationCommands(t.ws()).deploy(model, d);

        ConstraintEditorDialog dialog(t.ws(), model, QStringLiteral("web"));
        QCOMPARE(dialog.field(ConstraintKey::Cores)->text(), QStringLiteral("2"));
        QCOMPARE(dialog.field(ConstraintKey::Mem)->placeholderText(),
                 QStringLiteral("inherited: 2048M"));
        QCOMPARE(dialog.merged(), QStringLiteral("cores=2 mem=2048M"));

        // Each field is checked with the command line's words.
        dialog.field(ConstraintKey::Mem)->setText(QStringLiteral("lots"));
        const QString cliError = errorOf([&] {
            ApplicationCommands(t.ws()).setConstraints(model, QStringLiteral("web"),
                                                       QStringLiteral("mem=lots"));
        });
        QCOMPARE(dialog.fieldError(ConstraintKey::Mem), cliError);
        QCOMPARE(dialog.problem(), cliError);

        // Too big for any instance type: the preview says why, per region.
        dialog.field(ConstraintKey::Mem)->setText(QStringLiteral("900G"));
        QVERIFY(dialog.problem().isEmpty());
        QTableWidget *preview = dialog.preview();
        QVERIFY(preview->rowCount() >= 3);
        QCOMPARE(preview->item(0, ConstraintEditorDialog::TypeColumn)->text(), QString());
        QVERIFY(preview->item(0, ConstraintEditorDialog::DetailColumn)
                    ->text()
                    .contains(QStringLiteral("no instance types")));

        // A fitting one names the type each region would start.
        dialog.field(ConstraintKey::Mem)->setText(QStringLiteral("8G"));
        QCOMPARE(dialog.merged(), QStringLiteral("cores=2 mem=8192M"));
        const QString type = preview->item(0, ConstraintEditorDialog::TypeColumn)->text();
        QVERIFY(!type.isEmpty());
        const InstanceType *chosen =
            t.clouds.get(QStringLiteral("sim")).regions.first().instanceType(type);
        QVERIFY(chosen);
        QVERIFY(chosen->memMiB >= 8192 && chosen->cores >= 2);

        // "=" alone blocks the model's value.
        dialog.field(ConstraintKey::Mem)->setText(QStringLiteral("="));
        QCOMPARE(dialog.constraints(), QStringLiteral("cores=2 mem="));
    }
};

void TestDialogs::accountsSayWhatEachSettingMeans()
{
    // Every setting and secret of every kind of cloud says what it is for.
    TestWorkspace t;
    for (const QString &name : t.types.names()) {
        const ProviderTypes::Type &type = t.types.get(name);
        for (const QString &key : type.configKeys + type.secretKeys)
            QVERIFY2(!type.meanings.value(key).isEmpty(), qPrintable(name + u' ' + key));
    }
    // The dialog shows it beside each setting, and in each field's tooltip.
    FileSecretStore secrets(t.dir.filePath(QStringLiteral("secrets.json")));
    AccountsDialog dialog(*t.store, t.types, secrets);
    QTableWidget *config = dialog.configTable();
    QCOMPARE(config->columnCount(), 3);
    bool faultRate = false;
    for (int row = 0; row < config->rowCount(); ++row) {
        QVERIFY(!config->item(row, 2)->text().isEmpty());
        if (config->item(row, 0)->text() == u"fault-rate") {
            faultRate = true;
            QVERIFY(config->item(row, 2)->text().contains(QStringLiteral("from 0 to 1")));
            QCOMPARE(config->item(row, 1)->toolTip(), config->item(row, 2)->text());
        }
    }
    QVERIFY(faultRate);
    QVERIFY(!dialog.secretEdit(QStringLiteral("access-key"))->toolTip().isEmpty());

    // In the German window, in German.
    QTranslator german;
    QVERIFY(german.load(QStringLiteral(":/i18n/berth_de.qm")));
    QCoreApplication::installTranslator(&german);
    AccountsDialog germanDialog(*t.store, t.types, secrets);
    QCoreApplication::removeTranslator(&german);
    QTableWidget *germanConfig = germanDialog.configTable();
    bool translated = false;
    for (int row = 0; row < germanConfig->rowCount(); ++row) {
        if (germanConfig->item(row, 0)->text() == u"fault-rate")
            translated = germanConfig->item(row, 2)->text() ==
                         QStringLiteral("Der Anteil der Starts, die scheitern, eine Zahl von 0 "
                                        "bis 1 (Vorgabe 0)");
    }
    QVERIFY(translated);
}

void TestDialogs::accountsWithSecretsAndATest()
{
    TestWorkspace t;
    FileSecretStore secrets(t.dir.filePath(QStringLiteral("secrets.json")));
    AccountsDialog dialog(*t.store, t.types, secrets);
    QCOMPARE(dialog.accounts()->count(), 1);
    QCOMPARE(dialog.nameEdit()->text(), QStringLiteral("sim"));
    QTableWidget *config = dialog.configTable();
    const auto setConfig = [&](const QString &key, const QString &value) {
        for (int row = 0; row < config->rowCount(); ++row) {
            if (config->item(row, 0)->text() == key)
                config->item(row, 1)->setText(value);
        }
    };
    // A bad value: the type's own words, nothing saved.
    setConfig(QStringLiteral("fault-rate"), QStringLiteral("2"));
    QVERIFY(!saved(dialog));
    QCOMPARE(dialog.message(),
             QStringLiteral("bad value \"2\" for sim config \"fault-rate\": expected a number "
                            "from 0 to 1"));

    // A second sim account that wants an access key, with the key typed in.
    dialog.newAccount();
    dialog.nameEdit()->setText(QStringLiteral("lab"));
    setConfig(QStringLiteral("state-file"), t.dir.filePath(QStringLiteral("lab.sqlite")));
    setConfig(QStringLiteral("access-key-sha256"),
              QString::fromLatin1(
                  QCryptographicHash::hash("lab key", QCryptographicHash::Sha256).toHex()));
    dialog.secretEdit(QStringLiteral("access-key"))->setText(QStringLiteral("lab key"));
    QSignalSpy changed(&dialog, &AccountsDialog::accountsChanged);
    QVERIFY(saved(dialog));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(dialog.accounts()->count(), 2);
    QCOMPARE(secrets.read(QStringLiteral("lab"), QStringLiteral("access-key")),
             std::optional(QByteArrayLiteral("lab key")));
    QCOMPARE(dialog.secretEdit(QStringLiteral("access-key"))->text(), QString());
    QCOMPARE(dialog.secretEdit(QStringLiteral("access-key"))->placeholderText(),
             QStringLiteral("set — type to replace"));

    // The test asks the cloud off the window's thread.
    QSignalSpy tested(&dialog, &AccountsDialog::testFinished);
    dialog.test();
    QVERIFY(tested.wait(10'000));
    QCOMPARE(tested.last().at(0).toBool(), true);
    QVERIFY(tested.last().at(1).toString().startsWith(QStringLiteral("lab answered")));
    secrets.write(QStringLiteral("lab"), QStringLiteral("access-key"),
                  QByteArrayLiteral("old key"));
    dialog.test();
    QVERIFY(tested.wait(10'000));
    QCOMPARE(tested.last().at(0).toBool(), false);
    QCOMPARE(tested.last().at(1).toString(),
             QStringLiteral("lab did not answer: sim cloud lab refused the access key"));

    dialog.removeAccount();
    QCOMPARE(dialog.accounts()->count(), 1);
    QCOMPARE(secrets.read(QStringLiteral("lab"), QStringLiteral("access-key")),
             std::optional<QByteArray>());
}

void TestDialogs::closingTheAccountsDialogMidSaveIsSafe()
{
    TestWorkspace t;
    FileSecretStore secrets(t.dir.filePath(QStringLiteral("secrets.json")));
    auto *dialog = new AccountsDialog(*t.store, t.types, secrets);
    dialog->newAccount();
    dialog->nameEdit()->setText(QStringLiteral("lab"));
    QTableWidget *config = dialog->configTable();
    for (int row = 0; row < config->rowCount(); ++row) {
        if (config->item(row, 0)->text() == u"state-file")
            config->item(row, 1)->setText(t.dir.filePath(QStringLiteral("lab.sqlite")));
    }
    // Given a save under way off the window's thread
    dialog->save();
    QVERIFY(!dialog->isEnabled());
    // When the dialog is closed and gone before it is done
    delete dialog;
    QThreadPool::globalInstance()->waitForDone();
    QCoreApplication::processEvents();
    // Then nothing ran on the dead dialog, and the save itself was not lost
    t.reloadClouds();
    QVERIFY(t.clouds.find(QStringLiteral("lab")));
}

QTEST_MAIN(TestDialogs)
#include "tst_dialogs.moc"
