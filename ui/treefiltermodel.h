#pragma once

#include <QSortFilterProxyModel>

namespace berth {

// Filtering and sorting for Berth's trees: a text that any column may
// contain, "problems only" (errors, dying machines, unplaced units), and
// "unplaced only" for the machine view's unit column. A parent stays when a
// child matches; numbers sort as numbers.
class TreeFilterModel final : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit TreeFilterModel(QObject *parent = nullptr);

    void setText(const QString &text);
    void setProblemsOnly(bool on);
    // Only child rows without a machine (and the parents that have such children).
    void setUnplacedOnly(bool on);
    // Which rows the source model already keeps in ascending order of
    // `column` (machines and units by number): sorting them so compares
    // their places, never their data, and when every row is (the machines)
    // an ascending sort costs nothing: the rows are shown as they come.
    enum class SourceOrder { AllRows, ChildRows };
    void setSourceOrder(int column, SourceOrder rows)
    {
        m_sourceOrderColumn = column;
        m_sourceOrderRows = rows;
    }
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    QString m_text;
    bool m_problemsOnly = false;
    bool m_unplacedOnly = false;
    int m_sourceOrderColumn = -1;
    SourceOrder m_sourceOrderRows = SourceOrder::AllRows;
};

} // namespace berth
