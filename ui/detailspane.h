#pragma once

#include "core/model/modelrecords.h"

#include <QTextBrowser>

#include <functional>
#include <optional>

namespace berth {

class CloudRegistry;
class SnapshotIndex;

// The details of the row selected in the overview: its fields, and for a
// machine its status history, read off the window's thread on a connection
// of its own and read again only when the machine moves on. With nothing
// selected in an empty model it says what to do first.
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
    // Nothing is selected: blank, or what to do first when the model is empty;
    // the keys are those of Deploy and Add machine.
    void showNothing(bool modelEmpty, const QString &deployKeys, const QString &addMachineKeys);
    // A new snapshot: the machine shown, if any, is read again if it moved on.
    void snapshotApplied(const SnapshotIndex &index);

signals:
    // The pane shows `machine`'s status history, as just read.
    void statusLogShown(const QString &machine);

private:
    void readStatusLog();

    QString m_storeLocation;
    Clouds m_clouds;
    QString m_model;
    QString m_fields;                      // the selected row's, as HTML
    QString m_machine;                     // the machine they are of, if one is
    std::optional<MachineRecord> m_record; // as its history was last read
};

} // namespace berth
