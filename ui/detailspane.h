#pragma once

#include "core/model/modelrecords.h"

#include <QPersistentModelIndex>
#include <QTextBrowser>

#include <functional>
#include <optional>

namespace berth {

class CloudRegistry;
class SnapshotIndex;

// The details of the row selected in the overview: its fields, and for a
// machine its status history, read off the window's thread on a connection
// of its own and read again only when the machine moves on. The pane follows
// its row: every snapshot shows the row's fields as they are now (a retry, a
// placement, a relation), and a row that went says so. With nothing selected
// in an empty model it says what to do first.
class DetailsPane final : public QTextBrowser
{
    Q_OBJECT

public:
    using Clouds = std::function<const CloudRegistry &()>;
    DetailsPane(QString storeLocation, Clouds clouds, QWidget *parent = nullptr);

    void setModel(const QString &model) { m_model = model; }
    // The fields of `row` (one row of a tree's model, with its column
    // headers), and the history of `machine` when the row is one.
    void showRow(const QModelIndex &row, const MachineRecord *machine);
    // The row shown, or an invalid index.
    QModelIndex row() const { return m_row; }
    // Nothing is selected: blank, or what to do first when the model is empty;
    // the keys are those of Deploy and Add machine.
    void showNothing(bool modelEmpty, const QString &deployKeys, const QString &addMachineKeys);
    // A new snapshot, in the trees: the row's fields are shown as they are
    // now, and the machine's history is read again if it moved on.
    void snapshotApplied(const SnapshotIndex &index);

signals:
    // The pane shows `machine`'s status history, as just read.
    void statusLogShown(const QString &machine);

private:
    void readStatusLog();
    // The fields of m_row as HTML, or what became of it.
    QString fieldsHtml() const;
    void render();

    QString m_storeLocation;
    Clouds m_clouds;
    QString m_model;
    QPersistentModelIndex m_row;                    // the selected row, kept across snapshots
    const QAbstractItemModel *m_rowModel = nullptr; // its model, to find it again by name
    QString m_name;                                 // its record's name
    QString m_fields;                               // its fields, as HTML
    QString m_history;                              // a machine's status history, as HTML
    QString m_machine;                              // the machine they are of, if one is
    std::optional<MachineRecord> m_record;          // as its history was last read
};

} // namespace berth
