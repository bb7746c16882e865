#pragma once

#include "core/model/search.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QTimer;
class QTreeWidget;
class QTreeWidgetItem;

namespace berth {

// One search over every model in the store, beside the views: what it
// finds by name, status, zone, instance type or message, a row each;
// activating a row (Enter, double-click) asks the window to open its model
// and select it. Read off the window's thread on a connection of its own.
class SearchPanel final : public QWidget
{
    Q_OBJECT

public:
    explicit SearchPanel(QString storeLocation, QWidget *parent = nullptr);

    QLineEdit *queryEdit() const { return m_query; }
    QTreeWidget *results() const { return m_results; }
    QLabel *status() const { return m_status; }
    // At most this many of each kind are shown.
    static constexpr int shownAtMost = 200;

public slots:
    // Runs the query in the edit again (after a commit, say).
    void refresh();

signals:
    void activated(const berth::SearchHit &hit);
    // Results (or an error) are in.
    void shown();

private:
    void show(const SearchResult &result, const QString &error);
    void activate(QTreeWidgetItem *row);

    QString m_location;
    QLineEdit *m_query;
    QTreeWidget *m_results;
    QLabel *m_status;
    QTimer *m_typing;
    QList<SearchHit> m_hits; // the rows' hits, by row
    QString m_shownQuery;    // what the rows answer
    int m_generation = 0;
};

} // namespace berth
