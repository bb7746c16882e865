#include "ui/constrainteditordialog.h"

#include "core/bertherror.h"
#include "core/cloud/instancetypechooser.h"
#include "core/commands/spreadcommands.h"
#include "core/store/workspace.h"
#include "ui/dialogfields.h"
#include "ui/palettecolours.h"

#include <QCompleter>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

namespace berth {

ConstraintEditorDialog::ConstraintEditorDialog(Workspace &workspace, const QString &model,
                                               const QString &application, QWidget *parent,
                                               const std::optional<Constraints> &shown)
    : QDialog(parent)
    , m_application(application)
{
    Constraints initial;
    bool stored = false; // the application is in the store (not only staged)
    workspace.readModel(model, [&](ModelTx &tx) {
        m_model = tx.model();
        m_cloud = tx.cloud();
        if (application.isEmpty())
            initial = tx.model().constraints;
        else if (shown && !tx.applications().find(application))
            initial = *shown; // staged: its change set's deploy makes it
        else
            initial = tx.applications().get(application).constraints;
        stored = !application.isEmpty() && tx.applications().find(application);
        return 0;
    });
    m_initial = initial.toString();
    if (!application.isEmpty())
        m_inherited = m_model.constraints;

    setWindowTitle(application.isEmpty() ? tr("Constraints of model %1").arg(model)
                                         : tr("Constraints of %1").arg(application));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(
        application.isEmpty()
            ? tr("Every application of the model starts from these. A field holding only "
                 "\"=\" sets that key to nothing, so applications cannot inherit it.")
            : tr("Keys left empty keep what the model sets (shown in grey); a field holding "
                 "only \"=\" blocks the model's value."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    const QList<SpreadConstraint> spreads =
        stored ? SpreadCommands(workspace).constraintsOf(model, application)
               : QList<SpreadConstraint>();
    if (!spreads.isEmpty()) {
        // zones= decides the zones a spread counts (its eligible domains).
        auto *spread = new QLabel(tr("Spread: %1. Its zones are those zones= allows.")
                                      .arg(SpreadConstraint::describe(spreads)),
                                  this);
        spread->setWordWrap(true);
        layout->addWidget(spread);
    }

    auto *fields = new QWidget(this);
    auto *form = new QFormLayout(fields);
    for (int k = 0; k < ConstraintKeyCount; ++k) {
        const auto key = ConstraintKey(k);
        const QString name = Constraints::keyName(key);
        auto *edit = new QLineEdit(fields);
        edit->setObjectName(name);
        if (initial.has(key)) {
            Constraints one;
            one.set(key, *initial.value(key));
            const QString text = one.toString().mid(name.size() + 1);
            // "key=" (set, empty) is written as the lone "=".
            edit->setText(text.isEmpty() ? QStringLiteral("=") : text);
        }
        if (m_inherited.has(key)) {
            Constraints one;
            one.set(key, *m_inherited.value(key));
            edit->setPlaceholderText(tr("inherited: %1").arg(one.toString().mid(name.size() + 1)));
        }
        if (const QStringList values = m_cloud.validator(m_model.region).vocabulary(key);
            !values.isEmpty())
            offerChoices(key, edit, values);
        if (!m_cloud.validator(m_model.region).isSupported(key))
            edit->setToolTip(tr("%1 is not supported by cloud %2").arg(name, m_cloud.name));
        auto *error = new QLabel(fields);
        error->setStyleSheet(PaletteColours::textStyle(PaletteColours::error(palette())));
        error->setVisible(false);
        auto *row = new QVBoxLayout;
        row->setSpacing(0);
        row->addWidget(edit);
        row->addWidget(error);
        form->addRow(name, row);
        m_fields.insert(k, edit);
        m_errors.insert(k, error);
        connect(edit, &QLineEdit::textChanged, this, &ConstraintEditorDialog::revalidate);
    }
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(fields);
    scroll->setWidgetResizable(true);
    layout->addWidget(scroll, 2);

    m_mergedLabel = new QLabel(this);
    m_mergedLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_mergedLabel->setWordWrap(true);
    layout->addWidget(m_mergedLabel);
    m_preview = new QTableWidget(0, PreviewColumnCount, this);
    m_preview->setHorizontalHeaderLabels({tr("Region"), tr("Instance type"), tr("Details")});
    m_preview->verticalHeader()->hide();
    m_preview->horizontalHeader()->setSectionResizeMode(DetailColumn, QHeaderView::Stretch);
    m_preview->setEditTriggers(QAbstractItemView::NoEditTriggers);
    layout->addWidget(m_preview, 1);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(m_buttons);
    DialogFields::resizeWithinScreen(this, {640, 720});
    revalidate();
}

void ConstraintEditorDialog::offerChoices(ConstraintKey key, QLineEdit *edit,
                                          const QStringList &values)
{
    m_choices.insert(int(key), values);
    const bool several = key == ConstraintKey::Zones; // a comma list
    if (!several) {
        auto *completer = new QCompleter(values, edit);
        completer->setCaseSensitivity(Qt::CaseInsensitive);
        edit->setCompleter(completer);
    }
    auto *menu = new QMenu(edit);
    for (const QString &value : values) {
        QAction *choice = menu->addAction(value);
        choice->setCheckable(several);
        connect(choice, &QAction::triggered, edit, [edit, value, several](bool checked) {
            if (!several) {
                edit->setText(value);
                return;
            }
            QStringList chosen = edit->text().split(u',', Qt::SkipEmptyParts);
            for (QString &item : chosen)
                item = item.trimmed();
            chosen.removeAll(value);
            if (checked)
                chosen << value;
            edit->setText(chosen.join(u','));
        });
    }
    // Ticks follow what is typed.
    connect(menu, &QMenu::aboutToShow, edit, [menu, edit] {
        const QStringList typed = edit->text().split(u',', Qt::SkipEmptyParts);
        for (QAction *choice : menu->actions()) {
            if (choice->isCheckable())
                choice->setChecked(typed.contains(choice->text()));
        }
    });
    m_menus.insert(int(key), menu);
    QAction *open =
        edit->addAction(style()->standardIcon(QStyle::SP_ArrowDown), QLineEdit::TrailingPosition);
    open->setToolTip(tr("Choose from: %1").arg(values.join(QStringLiteral(", "))));
    connect(open, &QAction::triggered, edit,
            [menu, edit] { menu->popup(edit->mapToGlobal(QPoint(0, edit->height()))); });
}

QString ConstraintEditorDialog::fieldError(ConstraintKey key) const
{
    const QLabel *label = m_errors.value(int(key));
    return label && !label->isHidden() ? label->text() : QString();
}

void ConstraintEditorDialog::revalidate()
{
    const ConstraintsValidator validator = m_cloud.validator(m_model.region);
    m_edited = Constraints();
    QStringList problems;
    for (int k = 0; k < ConstraintKeyCount; ++k) {
        const auto key = ConstraintKey(k);
        const QString text = m_fields.value(k)->text().trimmed();
        QLabel *error = m_errors.value(k);
        QString message;
        bool blocking = true;
        if (!text.isEmpty()) {
            const QString name = Constraints::keyName(key);
            // A lone "=" sets the key to nothing ("key="), blocking the inherited value.
            const auto parsed = Constraints::parse(name + u'=' + (text == u"=" ? QString() : text));
            if (!parsed.ok()) {
                message = parsed.error;
            } else if (const auto report = validator.validate(parsed.constraints); !report.ok()) {
                message = report.error;
            } else {
                m_edited.set(key, *parsed.constraints.value(key));
                message = report.warnings.join(u' ');
                blocking = false; // a warning (e.g. unsupported here) does not stop saving
            }
        }
        error->setText(message);
        error->setVisible(!message.isEmpty());
        error->setStyleSheet(blocking
                                 ? PaletteColours::textStyle(PaletteColours::error(palette()))
                                 : PaletteColours::textStyle(PaletteColours::warning(palette())));
        if (!message.isEmpty() && blocking)
            problems << message;
    }
    if (problems.isEmpty()) {
        // Keys that conflict only together (instance-type with cores, …).
        const auto report = validator.validate(m_edited);
        if (!report.ok())
            problems << report.error;
    }
    m_problem = problems.join(u' ');
    m_merged = m_application.isEmpty() ? m_edited : validator.merge(m_inherited, m_edited);
    m_mergedLabel->setText(
        m_problem.isEmpty()
            ? tr("<b>Result:</b> %1")
                  .arg(m_merged.isEmpty() ? tr("(none)") : m_merged.toString().toHtmlEscaped())
            : QStringLiteral("<span style=\"color:%1\">%2</span>")
                  .arg(
                      PaletteColours::error(palette()).name(),
                      problems.join(u'\n').toHtmlEscaped().replace(u'\n', QStringLiteral("<br>"))));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_problem.isEmpty());

    // What each region would start for a machine with these constraints.
    m_preview->setRowCount(int(m_cloud.regions.size()));
    for (int row = 0; row < m_cloud.regions.size(); ++row) {
        const RegionInfo &region = m_cloud.regions.at(row);
        const auto choice = InstanceTypeChooser(m_model.config.defaultMemMiB(), region.supportsTags)
                                .choose(region, m_merged);
        const QString type = m_problem.isEmpty() && choice.ok() ? choice.type.name : QString();
        QString detail;
        if (!m_problem.isEmpty())
            detail = tr("fix the constraints first");
        else if (!choice.ok())
            detail = choice.error;
        else
            detail = tr("%1 cores, %2, %3, %4/h")
                         .arg(choice.type.cores)
                         .arg(formatMiB(choice.type.memMiB), choice.type.arch)
                         .arg(choice.type.cost, 0, 'f', 3);
        m_preview->setItem(row, RegionColumn, new QTableWidgetItem(region.name));
        m_preview->setItem(row, TypeColumn, new QTableWidgetItem(type));
        auto *item = new QTableWidgetItem(detail);
        item->setToolTip(detail);
        if (!choice.ok())
            item->setForeground(PaletteColours::error(palette()));
        m_preview->setItem(row, DetailColumn, item);
    }
}

} // namespace berth
