#include "ui/searchpanel.h"

#include "core/bertherror.h"
#include "core/store/searchrows.h"
#include "core/store/store.h"
#include "ui/offthread.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace berth {

namespace {

enum Column {
    ModelColumn,
    KindColumn,
    NameColumn,
    StatusColumn,
    ZoneColumn,
    TypeColumn,
    MessageColumn,
    ColumnCount
};

QString kindText(SearchQuery::Kind kind)
{
    switch (kind) {
    case SearchQuery::Kind::Application:
        return SearchPanel::tr("Application");
    case SearchQuery::Kind::Unit:
        return SearchPanel::tr("Unit");
    case SearchQuery::Kind::Machine:
        return SearchPanel::tr("Machine");
    case SearchQuery::Kind::Any:
        break;
    }
    return {};
}

} // namespace

SearchPanel::SearchPanel(QString storeLocation, QWidget *parent)
    : QWidget(parent)
    , m_location(std::move(storeLocation))
    , m_query(new QLineEdit(this))
    , m_results(new QTreeWidget(this))
    , m_status(new QLabel(this))
    , m_typing(new QTimer(this))
{
    m_query->setPlaceholderText(tr("Search every model: web, error, zone:sim-east-a, is:machine…"));
    m_query->setClearButtonEnabled(true);
    m_query->setAccessibleName(tr("Search every model"));
    m_query->setToolTip(
        tr("Every word must match a name, status, zone, instance type or message.\n"
           "Narrow a word to one field: model:, name:, status:, zone:, type:, message:; "
           "one kind: is:application, is:unit, is:machine.\n"
           "Enter or double-click a result to open its model and select it."));
    m_results->setColumnCount(ColumnCount);
    m_results->setHeaderLabels(
        {tr("Model"), tr("Kind"), tr("Name"), tr("Status"), tr("Zone"), tr("Type"), tr("Message")});
    m_results->setAccessibleName(tr("Search results"));
    m_results->setRootIsDecorated(false);
    m_results->setUniformRowHeights(true);
    m_results->header()->setStretchLastSection(true);
    for (int c = ModelColumn; c < MessageColumn; ++c)
        m_results->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_status->setAccessibleName(tr("Search status"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_query);
    layout->addWidget(m_results, 1);
    layout->addWidget(m_status);
    m_typing->setSingleShot(true);
    m_typing->setInterval(250);
    connect(m_typing, &QTimer::timeout, this, &SearchPanel::refresh);
    connect(m_query, &QLineEdit::textChanged, m_typing, qOverload<>(&QTimer::start));
    // Enter in the query: the results, at once, then the first of them.
    connect(m_query, &QLineEdit::returnPressed, this, [this] {
        m_typing->stop();
        refresh();
        m_results->setFocus();
    });
    connect(m_results, &QTreeWidget::itemActivated, this,
            [this](QTreeWidgetItem *row) { activate(row); });
}

void SearchPanel::refresh()
{
    const QString text = m_query->text().trimmed();
    const int generation = ++m_generation;
    SearchQuery query;
    QString refused;
    try {
        query = SearchQuery::parse(text);
    } catch (const BerthError &error) {
        refused = error.message();
    }
    if (text.isEmpty() || !refused.isEmpty()) {
        m_shownQuery = text;
        show({}, refused);
        return;
    }
    // A new query's answer is on its way: the rows of the last one go at
    // once, so that Enter never opens what an older query found.
    if (text != m_shownQuery) {
        m_shownQuery.clear();
        m_results->clear();
        m_hits.clear();
        m_status->setText(tr("Searching…"));
    }
    readStoreInBackground(
        this, m_location,
        [query](Store &store) {
            return store.read(
                [&](SqlSession &sql) { return SearchRows(sql).find(query, shownAtMost); });
        },
        [this, generation, text](const StoreRead<SearchResult> &read) {
            if (generation != m_generation)
                return;
            m_shownQuery = text;
            show(read.value, read.error);
        });
}

void SearchPanel::show(const SearchResult &result, const QString &error)
{
    m_results->clear();
    m_hits = result.hits;
    QList<QTreeWidgetItem *> rows;
    rows.reserve(result.hits.size());
    for (const SearchHit &hit : result.hits) {
        auto *row =
            new QTreeWidgetItem(QStringList{hit.model, kindText(hit.kind), hit.name, hit.status,
                                            hit.zone, hit.instanceType, hit.message});
        if (!hit.machine.isEmpty())
            row->setToolTip(NameColumn, tr("on machine %1").arg(hit.machine));
        rows << row;
    }
    m_results->addTopLevelItems(rows);
    if (!rows.isEmpty())
        m_results->setCurrentItem(rows.constFirst(), 0, QItemSelectionModel::NoUpdate);
    if (!error.isEmpty())
        m_status->setText(error);
    else if (m_query->text().trimmed().isEmpty())
        m_status->setText(tr("Type to search every model in the store."));
    else if (result.hits.isEmpty())
        m_status->setText(tr("Nothing matches."));
    else if (result.more)
        m_status->setText(tr("%n result(s); more match: add a word to narrow them.", nullptr,
                             int(result.hits.size())));
    else
        m_status->setText(tr("%n result(s).", nullptr, int(result.hits.size())));
    emit shown();
}

void SearchPanel::activate(QTreeWidgetItem *row)
{
    const int index = m_results->indexOfTopLevelItem(row);
    if (index >= 0 && index < m_hits.size())
        emit activated(m_hits.at(index));
}

} // namespace berth
