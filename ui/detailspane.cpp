#include "ui/detailspane.h"

#include "core/commands/machinecommands.h"
#include "core/model/snapshotindex.h"
#include "core/store/store.h"
#include "core/store/workspace.h"
#include "ui/itemroles.h"
#include "ui/offthread.h"

#include <QAbstractItemModel>
#include <QDateTime>
#include <QLocale>
#include <QScrollBar>

#include <utility>

namespace berth {

DetailsPane::DetailsPane(QString storeLocation, Clouds clouds, QWidget *parent)
    : QTextBrowser(parent)
    , m_storeLocation(std::move(storeLocation))
    , m_clouds(std::move(clouds))
{}

void DetailsPane::showRow(const QModelIndex &row, const MachineRecord *machine)
{
    m_row = row.siblingAtColumn(0);
    m_rowModel = row.model();
    m_name = row.data(ItemRoles::NameRole).toString();
    m_fields = fieldsHtml();
    m_history.clear();
    m_machine.clear();
    render();
    if (machine) {
        m_machine = machine->name;
        m_record = *machine;
        readStatusLog();
    }
}

QString DetailsPane::fieldsHtml() const
{
    if (!m_row.isValid()) {
        return QStringLiteral("<p>%1</p>")
            .arg(tr("%1 is no longer in the model.").arg(m_name).toHtmlEscaped());
    }
    QString html = QStringLiteral("<table>");
    const QAbstractItemModel *model = m_row.model();
    for (int c = 0; c < model->columnCount(m_row.parent()); ++c) {
        const QString value = m_row.sibling(m_row.row(), c).data().toString();
        if (value.isEmpty())
            continue;
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(model->headerData(c, Qt::Horizontal).toString().toHtmlEscaped(),
                         value.toHtmlEscaped());
    }
    return html + QStringLiteral("</table>");
}

void DetailsPane::render()
{
    setHtml(m_fields + m_history);
}

void DetailsPane::showNothing(bool modelEmpty, const QString &deployKeys,
                              const QString &addMachineKeys)
{
    m_row = QPersistentModelIndex();
    m_rowModel = nullptr;
    m_name.clear();
    m_fields.clear();
    m_history.clear();
    m_machine.clear();
    clear();
    if (!modelEmpty)
        return;
    setHtml(tr("<h3>This model is empty</h3><p>Deploy an application with <b>Model &#9656; "
               "Deploy…</b> (%1), or add machines with <b>Model &#9656; Add machine…</b> (%2). "
               "From a terminal: <code>berthctl deploy mysql</code>.</p><p>What you change waits "
               "in the <b>Change set</b> below until you commit it (<b>Edit &#9656; Stage "
               "changes</b>).</p>")
                .arg(deployKeys.toHtmlEscaped(), addMachineKeys.toHtmlEscaped()));
}

void DetailsPane::snapshotApplied(const SnapshotIndex &index)
{
    if (m_name.isEmpty())
        return; // nothing shown, or what to do first
    if (!m_row.isValid()) {
        // A model rebuilt whole loses its rows' indexes, not its records.
        const QModelIndexList found =
            m_rowModel->match(m_rowModel->index(0, 0), ItemRoles::NameRole, m_name, 1,
                              Qt::MatchExactly | Qt::MatchRecursive | Qt::MatchWrap);
        if (!found.isEmpty())
            m_row = found.first();
    }
    const QString fields = fieldsHtml();
    if (fields != m_fields) {
        // Kept where the user scrolled to: only the fields changed.
        const int scrolled = verticalScrollBar()->value();
        m_fields = fields;
        render();
        verticalScrollBar()->setValue(scrolled);
    }
    if (m_machine.isEmpty())
        return;
    // Read its history again only when the machine moved on (every move
    // changes its record), not on every snapshot.
    const MachineRecord *now = index.machine(m_machine);
    if (!now || !m_record || !(*now == *m_record)) {
        m_record = now ? std::optional(*now) : std::nullopt;
        readStatusLog();
    }
}

void DetailsPane::readStatusLog()
{
    // Read on a connection of its own, off the window's thread; an answer for
    // a machine no longer shown is dropped.
    readStoreInBackground(
        this, m_storeLocation,
        // A copy of the registry: the window may reload its own meanwhile.
        [model = m_model, machine = m_machine, clouds = m_clouds()](Store &store) {
            Workspace ws(store, clouds);
            return MachineCommands(ws).statusLog(model, machine);
        },
        [this, machine = m_machine](const StoreRead<QList<StatusLogEntry>> &read) {
            if (machine != m_machine)
                return;
            QString html =
                QStringLiteral("<p><b>%1</b></p>").arg(tr("Status history").toHtmlEscaped());
            if (!read.error.isEmpty())
                html += QStringLiteral("<p>%1</p>").arg(read.error.toHtmlEscaped());
            else if (read.value.isEmpty())
                html += QStringLiteral("<p>%1</p>")
                            .arg(tr("Nothing has happened yet.").toHtmlEscaped());
            html += QStringLiteral("<table>");
            for (const StatusLogEntry &e : read.value) {
                const QString time =
                    QLocale().toString(QDateTime::fromMSecsSinceEpoch(e.at), QLocale::ShortFormat);
                html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td></tr>")
                            .arg(time.toHtmlEscaped(),
                                 MachineState::label(e.state.status).toHtmlEscaped(),
                                 MachineState::label(e.state.instance).toHtmlEscaped(),
                                 e.message.toHtmlEscaped());
            }
            m_history = html + QStringLiteral("</table>");
            const int scrolled = verticalScrollBar()->value();
            render();
            verticalScrollBar()->setValue(scrolled);
            emit statusLogShown(machine);
        });
}

} // namespace berth
