#pragma once

#include <QTreeView>

#include <functional>

namespace berth {

// A view of machines that units can be dropped on: onto a machine or
// container (checked before the drop is accepted, the reason shown beside the
// pointer on the row that refuses), or onto empty space for a new machine,
// or a new container on the host set with setContainerHost(). With the
// focus it always shows a current row.
class PlacementView final : public QTreeView
{
    Q_OBJECT

public:
    // Why `units` cannot go on `machine`; empty when they can.
    using Checker = std::function<QString(const QStringList &units, const QString &machine)>;

    explicit PlacementView(QWidget *parent = nullptr);

    void setChecker(Checker checker) { m_checker = std::move(checker); }
    // Empty space means a new container on `host` instead of a new machine
    // (no host: empty space takes nothing).
    void setContainerColumn(bool containers) { m_containers = containers; }
    void setContainerHost(const QString &host) { m_host = host; }

signals:
    // `directive`: a machine name, "" for a new machine, "lxd:H" for a new container.
    void placeRequested(const QStringList &units, const QString &directive);
    void refused(const QString &reason);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dragLeaveEvent(QDragLeaveEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;

private:
    // Why the units cannot go where the pointer is, beside the pointer
    // (and in the status bar); empty: the tip goes.
    void sayRefusal(const QString &problem, const QPoint &pos);
    struct Target
    {
        QString directive;
        QString problem;
        bool possible = false;
    };
    Target targetAt(const QStringList &units, const QPoint &pos);

    Checker m_checker;
    bool m_containers = false;
    QString m_host;
    QString m_lastKey;
    QString m_lastProblem;
    QString m_lastShown; // the refusal beside the pointer now
};

} // namespace berth
