#include "ui/auditpanel.h"

#include "core/store/auditrows.h"
#include "core/store/store.h"
#include "ui/offthread.h"

#include <QCheckBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace berth {

namespace {

enum Column { TimeColumn, ModelColumn, UserColumn, FromColumn, ChangeColumn };

} // namespace

AuditPanel::AuditPanel(QString storeLocation, QWidget *parent)
    : QWidget(parent)
    , m_location(std::move(storeLocation))
    , m_text(new QLineEdit(this))
    , m_user(new QLineEdit(this))
    , m_everyModel(new QCheckBox(tr("E&very model"), this))
    , m_list(new QTreeWidget(this))
    , m_status(new QLabel(this))
    , m_typing(new QTimer(this))
{
    m_text->setPlaceholderText(tr("Filter changes…"));
    m_text->setClearButtonEnabled(true);
    m_text->setAccessibleName(tr("Filter the history by change"));
    m_user->setPlaceholderText(tr("User"));
    m_user->setClearButtonEnabled(true);
    m_user->setAccessibleName(tr("Filter the history by user"));
    m_everyModel->setToolTip(tr("Show the changes of every model in the store"));
    m_list->setColumnCount(5);
    m_list->setHeaderLabels({tr("Time"), tr("Model"), tr("User"), tr("From"), tr("Change")});
    m_list->setAccessibleName(tr("History of committed changes"));
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->header()->setStretchLastSection(true);
    for (const int c : {TimeColumn, ModelColumn, UserColumn, FromColumn})
        m_list->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_list->setColumnHidden(ModelColumn, true);
    m_status->setAccessibleName(tr("History status"));
    auto *filters = new QHBoxLayout;
    filters->addWidget(m_text, 3);
    filters->addWidget(m_user, 1);
    filters->addWidget(m_everyModel);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_status);
    m_typing->setSingleShot(true);
    m_typing->setInterval(250);
    connect(m_typing, &QTimer::timeout, this, &AuditPanel::refresh);
    for (QLineEdit *edit : {m_text, m_user})
        connect(edit, &QLineEdit::textChanged, m_typing, qOverload<>(&QTimer::start));
    connect(m_everyModel, &QCheckBox::toggled, this, &AuditPanel::refresh);
}

void AuditPanel::setModel(const QString &model)
{
    m_model = model;
    m_list->clear();
    refresh();
}

void AuditPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

void AuditPanel::refresh()
{
    if (m_model.isEmpty())
        return;
    // Behind another tab, nothing is read: a provisioning pass changes the
    // model many times a second.
    m_stale = !isVisible();
    if (m_stale)
        return;
    AuditQuery query;
    query.model = m_everyModel->isChecked() ? QString() : m_model;
    query.text = m_text->text().trimmed();
    query.user = m_user->text().trimmed();
    query.limit = shownAtMost;
    const int generation = ++m_generation;
    readStoreInBackground(
        this, m_location,
        [query](Store &store) {
            return store.read([&](SqlSession &sql) { return AuditRows(sql).list(query); });
        },
        [this, generation](const StoreRead<QList<AuditRecord>> &read) {
            if (generation == m_generation)
                show(read.value, read.error);
        });
}

void AuditPanel::show(const QList<AuditRecord> &entries, const QString &error)
{
    m_list->clear();
    m_list->setColumnHidden(ModelColumn, !m_everyModel->isChecked());
    QList<QTreeWidgetItem *> rows;
    rows.reserve(entries.size());
    // Newest first, as a history reads.
    for (auto it = entries.crbegin(); it != entries.crend(); ++it) {
        const AuditRecord &e = *it;
        const QDateTime at = QDateTime::fromMSecsSinceEpoch(e.at);
        QString who = e.by.user;
        if (!e.stagedBy.isEmpty())
            who = tr("%1 (staged by %2)").arg(e.by.user, e.stagedBy);
        auto *row = new QTreeWidgetItem(
            QStringList{QLocale().toString(at, QLocale::ShortFormat), e.model, who,
                        tr("%1 on %2").arg(e.by.program, e.by.host), e.description});
        row->setToolTip(TimeColumn, at.toString(Qt::ISODate));
        row->setToolTip(ChangeColumn, e.command);
        rows << row;
    }
    m_list->addTopLevelItems(rows);
    if (!error.isEmpty())
        m_status->setText(error);
    else if (entries.isEmpty())
        m_status->setText(tr("No committed change matches."));
    else if (entries.size() >= shownAtMost)
        m_status->setText(tr("The newest %n change(s) shown; narrow the filter for older ones.",
                             nullptr, int(entries.size())));
    else
        m_status->setText(tr("%n change(s).", nullptr, int(entries.size())));
    emit shown();
}

} // namespace berth
