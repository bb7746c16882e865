#include "ui/changesetpanel.h"

#include "core/bertherror.h"
#include "core/commands/changekinds.h"
#include "core/store/store.h"
#include "ui/offthread.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace berth {

ChangeSetPanel::ChangeSetPanel(Workspace &workspace, QString storeLocation, QWidget *parent)
    : QWidget(parent)
    , m_ws(workspace)
    , m_location(std::move(storeLocation))
    , m_list(new QTreeWidget(this))
    , m_summary(new QLabel(this))
    , m_commit(new QPushButton(tr("&Commit…"), this))
    , m_discard(new QPushButton(tr("D&iscard all…"), this))
    , m_remove(new QPushButton(tr("&Remove"), this))
{
    m_list->setColumnCount(3);
    m_list->setAccessibleName(tr("Staged changes"));
    m_list->setHeaderLabels({tr("Change"), tr("Staged by"), tr("Now")});
    m_list->setRootIsDecorated(false);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_commit->setToolTip(tr("Apply every staged change in one transaction: all or none"));
    m_discard->setToolTip(tr("Drop every staged change; the model stays as it is"));
    m_remove->setToolTip(tr("Drop the selected changes from the change set"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_commit);
    buttons->addWidget(m_discard);
    buttons->addWidget(m_remove);
    buttons->addStretch();
    // The changes on the left, what committing them does on the right: the
    // panel lies along the bottom of the window, under the views.
    auto *side = new QVBoxLayout;
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_summary);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    side->addWidget(scroll, 1);
    side->addLayout(buttons);
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(m_list, 3);
    layout->addLayout(side, 2);
    connect(m_commit, &QPushButton::clicked, this, &ChangeSetPanel::confirmCommit);
    connect(m_discard, &QPushButton::clicked, this, [this] {
        if (QMessageBox::question(this, tr("Discard changes"),
                                  tr("Drop all %n staged change(s)?", nullptr,
                                     int(m_preview.items.size()))) == QMessageBox::Yes)
            discardAll();
    });
    connect(m_remove, &QPushButton::clicked, this, &ChangeSetPanel::removeSelected);
    show(m_preview, {});
}

void ChangeSetPanel::setModel(const QString &model)
{
    m_model = model;
    m_preview = {};
    show(m_preview, {});
    refresh();
}

QString ChangeSetPanel::summary() const
{
    return m_summary->text();
}

void ChangeSetPanel::refresh()
{
    if (m_model.isEmpty())
        return;
    const int generation = ++m_generation;
    readStoreInBackground(
        this, m_location,
        // A copy of the registry: the window may reload its own meanwhile.
        [model = m_model, clouds = m_ws.clouds()](Store &store) {
            Workspace ws(store, clouds);
            // Nothing staged: nothing tried, the model not read (preview()).
            return ChangeSet(ws).preview(model);
        },
        [this, generation](const StoreRead<ChangeSet::Preview> &read) {
            if (generation == m_generation)
                show(read.value, read.error);
        });
}

void ChangeSetPanel::show(const ChangeSet::Preview &preview, const QString &error)
{
    m_preview = preview;
    m_list->clear();
    for (const ChangeSet::Item &item : preview.items) {
        auto *row = new QTreeWidgetItem(m_list);
        row->setText(0, item.change.description());
        row->setText(1, item.record.author);
        row->setText(2, item.refusal.isEmpty() ? tr("applies") : tr("refused"));
        row->setToolTip(2, item.refusal.isEmpty() ? item.messages.join(u'\n') : item.refusal);
        row->setToolTip(0, item.messages.join(u'\n'));
        row->setData(0, Qt::UserRole, item.record.id);
        if (!item.refusal.isEmpty()) {
            QFont font = row->font(2);
            font.setBold(true);
            row->setFont(2, font);
        }
    }
    const bool empty = preview.items.isEmpty();
    m_commit->setEnabled(!empty && preview.refusals() == 0);
    m_discard->setEnabled(!empty);
    m_remove->setEnabled(!empty);
    if (!error.isEmpty()) {
        m_summary->setText(error.toHtmlEscaped());
        emit previewShown();
        return;
    }
    if (empty) {
        m_summary->setText(tr("No staged changes. Changes made in the window wait here "
                              "until you commit them."));
        emit previewShown();
        return;
    }
    const StartForecast &f = preview.forecast;
    const QLocale locale;
    // What starts and what stops first, side by side, then each in detail.
    QString head = tr("Commit starts %n instance(s), %1 per hour", nullptr, f.instances())
                       .arg(locale.toString(f.hourlyCost, 'f', 3))
                       .toHtmlEscaped();
    if (!f.stops.isEmpty()) {
        head += QStringLiteral("<br>") +
                tr("Commit stops %n instance(s), saving %1 per hour", nullptr, int(f.stops.size()))
                    .arg(locale.toString(f.stoppedHourlyCost, 'f', 3))
                    .toHtmlEscaped();
    }
    QString html = QStringLiteral("<p><b>%1</b></p>").arg(head);
    if (!f.starts.isEmpty()) {
        html +=
            QStringLiteral("<table><tr><th align=left>%1</th><th align=left>%2</th>"
                           "<th align=left>%3</th><th align=right>%4</th>"
                           "<th align=right>%5</th></tr>")
                .arg(tr("Region"), tr("Zone"), tr("Instance type"), tr("Count"), tr("Cost/hour"));
        for (const StartForecast::Starts &s : f.starts) {
            html += QStringLiteral("<tr><td nowrap>%1</td><td nowrap>%2</td><td nowrap>%3</td>"
                                   "<td align=right>%4</td><td align=right>%5</td></tr>")
                        .arg(s.region.toHtmlEscaped(), s.zone.toHtmlEscaped(),
                             s.instanceType.toHtmlEscaped(), locale.toString(s.count),
                             locale.toString(s.hourlyCost, 'f', 3));
        }
        html += QStringLiteral("</table>");
    }
    if (!f.stops.isEmpty()) {
        html += QStringLiteral("<p></p><table><tr><th align=left>%1</th><th align=left>%2</th>"
                               "<th align=left>%3</th><th align=left>%4</th>"
                               "<th align=right>%5</th></tr>")
                    .arg(tr("Machine"), tr("Instance"), tr("Zone"), tr("Instance type"),
                         tr("Cost/hour"));
        for (const StartForecast::Stop &s : f.stops) {
            html += QStringLiteral("<tr><td nowrap>%1</td><td nowrap>%2</td><td nowrap>%3</td>"
                                   "<td nowrap>%4</td><td align=right>%5</td></tr>")
                        .arg(s.machine.toHtmlEscaped(), s.instanceId.toHtmlEscaped(),
                             s.zone.toHtmlEscaped(), s.instanceType.toHtmlEscaped(),
                             locale.toString(s.hourlyCost, 'f', 3));
        }
        html += QStringLiteral("</table>");
    }
    for (const StartForecast::Spread &s : f.spreads) {
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("%1: zone skew %2 now, %3 after commit")
                             .arg(s.application)
                             .arg(s.skewBefore)
                             .arg(s.skewAfter)
                             .toHtmlEscaped());
    }
    // A rebalance ends after the commit: its plan says the skew it leaves
    // once the replaced units go, and what the surge costs meanwhile.
    for (const ChangeSet::Item &item : preview.items) {
        if (item.change.command != ChangeNames::rebalance || !item.refusal.isEmpty())
            continue;
        for (const QString &message : item.messages)
            html += QStringLiteral("<p>%1</p>").arg(message.toHtmlEscaped());
    }
    for (const StartForecast::Unfit &u : f.unfit) {
        html +=
            QStringLiteral("<p><b>%1</b></p>")
                .arg(tr("Machine %1 would not start: %2").arg(u.machine, u.reason).toHtmlEscaped());
    }
    for (const StartForecast::Unfit &u : f.held) {
        html += QStringLiteral("<p><b>%1</b></p>")
                    .arg(tr("Machine %1 would wait for a zone: %2")
                             .arg(u.machine, u.reason)
                             .toHtmlEscaped());
    }
    if (preview.refusals() > 0) {
        html += QStringLiteral("<p><b>%1</b></p>")
                    .arg(tr("%n change(s) would be refused now (see the list); remove them to "
                            "commit the rest.",
                            nullptr, preview.refusals())
                             .toHtmlEscaped());
    }
    m_summary->setText(html);
    emit previewShown();
}

void ChangeSetPanel::confirmCommit()
{
    const StartForecast &f = m_preview.forecast;
    QString question = tr("Apply %n staged change(s)?", nullptr, int(m_preview.items.size())) +
                       u' ' +
                       tr("This starts %n instance(s) (%1 per hour).", nullptr, f.instances())
                           .arg(QLocale().toString(f.hourlyCost, 'f', 3));
    if (!f.stops.isEmpty()) {
        QStringList stopped;
        for (const StartForecast::Stop &s : f.stops) {
            stopped
                << (s.instanceType.isEmpty()
                        ? tr("machine %1 (%2)").arg(s.machine, s.instanceId)
                        : tr("machine %1 (%2, %3)").arg(s.machine, s.instanceId, s.instanceType));
        }
        question += u' ' + tr("It stops %n instance(s), saving %1 per hour: %2.", nullptr,
                              int(f.stops.size()))
                               .arg(QLocale().toString(f.stoppedHourlyCost, 'f', 3),
                                    stopped.join(QStringLiteral(", ")));
    }
    if (QMessageBox::question(this, tr("Commit changes"), question) == QMessageBox::Yes)
        commit();
}

void ChangeSetPanel::commit()
{
    try {
        QList<ModelChange> applied;
        const CommandResult result = ChangeSet(m_ws).commit(m_model, &applied);
        emit committed(result, applied);
    } catch (const BerthError &error) {
        emit failed(error.message());
    }
    refresh();
}

void ChangeSetPanel::discardAll()
{
    try {
        ChangeSet(m_ws).discard(m_model);
    } catch (const BerthError &error) {
        emit failed(error.message());
    }
    refresh();
}

void ChangeSetPanel::removeSelected()
{
    QList<qint64> ids;
    for (const QTreeWidgetItem *item : m_list->selectedItems())
        ids << item->data(0, Qt::UserRole).toLongLong();
    if (ids.isEmpty())
        return;
    try {
        ChangeSet(m_ws).discard(m_model, ids);
    } catch (const BerthError &error) {
        emit failed(error.message());
    }
    refresh();
}

} // namespace berth
