#include "ui/modeldialogs.h"

#include "core/bertherror.h"
#include "core/commands/modelcommands.h"
#include "core/model/names.h"
#include "core/store/modelrows.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QTableWidget>

namespace berth {

AddModelDialog::AddModelDialog(Workspace &workspace, QWidget *parent)
    : CommandDialog(workspace, {}, tr("Add model"), parent)
    , name(new QLineEdit(this))
    , cloudRegion(new QComboBox(this))
{
    name->setPlaceholderText(tr("e.g. staging"));
    for (const CloudInfo &cloud : workspace.clouds().clouds()) {
        for (const QString &region : cloud.regionNames())
            cloudRegion->addItem(cloud.name + u'/' + region);
    }
    cloudRegion->setToolTip(tr("Where the model's machines are started; it cannot be changed "
                               "later"));
    form()->addRow(tr("&Name:"), name);
    form()->addRow(tr("&Cloud/region:"), cloudRegion);
    connect(name, &QLineEdit::textChanged, this, &AddModelDialog::revalidate);
    connect(cloudRegion, &QComboBox::currentTextChanged, this, &AddModelDialog::revalidate);
    revalidate();
}

void AddModelDialog::check() const
{
    Names::checkModelName(name->text().trimmed());
    if (cloudRegion->currentText().isEmpty())
        throw BerthError(tr("No cloud is registered; add one under File ▸ Provider accounts."));
    for (const ModelCommands::ModelSummary &m : ModelCommands(workspace()).models()) {
        if (m.name == name->text().trimmed())
            throw BerthError(tr("model \"%1\" already exists").arg(m.name));
    }
}

CommandResult AddModelDialog::apply()
{
    // The window opens it; berthctl's current model stays what it was.
    return ModelCommands(workspace())
        .addModel(name->text().trimmed(), cloudRegion->currentText(), {},
                  ModelCommands::NewModel::LeavesCurrent);
}

ModelSettingsDialog::ModelSettingsDialog(Workspace &workspace, const QString &model,
                                         QWidget *parent)
    : CommandDialog(workspace, model, tr("Settings of model %1").arg(model), parent)
    , table(new QTableWidget(this))
{
    const auto rows = ModelCommands(workspace).config(model);
    const ModelRecord record =
        workspace.store().read([&](SqlSession &sql) { return ModelRows(sql).load(model); });
    if (const CloudInfo *cloud = workspace.clouds().find(record.cloud))
        m_cloudBases = cloud->bases;
    table->setColumnCount(3);
    table->setHorizontalHeaderLabels({tr("Setting"), tr("Value"), tr("Meaning")});
    table->setRowCount(int(rows.size()));
    for (int row = 0; row < rows.size(); ++row) {
        const auto &[info, value] = rows.at(row);
        m_values.insert(info.name, value);
        auto *key = new QTableWidgetItem(info.name);
        key->setFlags(key->flags() & ~Qt::ItemIsEditable);
        auto *edit = new QTableWidgetItem(value);
        edit->setToolTip(tr("Default: %1").arg(info.defaultValue));
        auto *meaning = new QTableWidgetItem(info.description);
        meaning->setFlags(meaning->flags() & ~Qt::ItemIsEditable);
        meaning->setToolTip(info.description);
        table->setItem(row, KeyColumn, key);
        table->setItem(row, ValueColumn, edit);
        table->setItem(row, DescriptionColumn, meaning);
    }
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    table->resizeColumnsToContents();
    table->setMinimumSize(640, 280);
    form()->addRow(table);
    connect(table, &QTableWidget::itemChanged, this, &ModelSettingsDialog::revalidate);
    revalidate();
}

QStringList ModelSettingsDialog::assignments() const
{
    QStringList list;
    for (int row = 0; row < table->rowCount(); ++row) {
        const QString key = table->item(row, KeyColumn)->text();
        const QString value = table->item(row, ValueColumn)->text().trimmed();
        if (value != m_values.value(key))
            list << key + u'=' + value;
    }
    return list;
}

void ModelSettingsDialog::check() const
{
    for (const QString &assignment : assignments()) {
        const auto [key, value] = Names::splitSetting(assignment);
        ModelConfig::check(key, value, m_cloudBases);
    }
}

CommandResult ModelSettingsDialog::apply()
{
    const QStringList changed = assignments();
    if (changed.isEmpty())
        return {};
    ModelCommands(workspace()).setConfig(model(), changed);
    return {{tr("model %1: %2").arg(model(), changed.join(u' '))}, {}};
}

} // namespace berth
