#include "ui/relationsaccessible.h"

#include "ui/relationsview.h"

#include <QAccessibleWidget>
#include <QHash>
#include <QPointer>
#include <QWindow>

namespace berth {

namespace {

// One application's box.
class BoxAccessible final : public QAccessibleInterface, public QAccessibleActionInterface
{
public:
    BoxAccessible(RelationsView *view, QString name)
        : m_view(view)
        , m_name(std::move(name))
    {}

    bool isValid() const override { return m_view && index() >= 0; }
    QObject *object() const override { return nullptr; }
    QWindow *window() const override { return m_view ? m_view->window()->windowHandle() : nullptr; }
    QAccessibleInterface *parent() const override
    {
        return m_view ? QAccessible::queryAccessibleInterface(m_view.data()) : nullptr;
    }
    QAccessibleInterface *child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface *) const override { return -1; }
    QAccessibleInterface *childAt(int, int) const override { return nullptr; }
    QAccessible::Role role() const override { return QAccessible::ListItem; }
    QAccessible::State state() const override
    {
        QAccessible::State state;
        state.selectable = true;
        state.focusable = true;
        if (!m_view)
            return state;
        state.selected = m_view->selectedApplication() == m_name;
        state.focused = state.selected && m_view->hasFocus();
        state.invisible = !m_view->viewport()->rect().intersects(m_view->boxOf(m_name));
        state.offscreen = state.invisible;
        return state;
    }
    QRect rect() const override
    {
        if (!m_view)
            return {};
        const QRect box = m_view->boxOf(m_name);
        return QRect(m_view->viewport()->mapToGlobal(box.topLeft()), box.size());
    }
    QString text(QAccessible::Text t) const override
    {
        if (t == QAccessible::Name)
            return m_name;
        if (t != QAccessible::Description || !m_view)
            return {};
        QString subordinate;
        for (const RelationsLayout::Node &node : m_view->nodes()) {
            if (node.name == m_name && node.subordinate)
                subordinate = RelationsView::tr("subordinate") + QStringLiteral(", ");
        }
        const QStringList related = m_view->relatedTo(m_name);
        return subordinate + (related.isEmpty() ? RelationsView::tr("no relations")
                                                : RelationsView::tr("%n relation(s): %1", nullptr,
                                                                    int(related.size()))
                                                      .arg(related.join(QStringLiteral(", "))));
    }
    void setText(QAccessible::Text, const QString &) override {}
    void *interface_cast(QAccessible::InterfaceType type) override
    {
        return type == QAccessible::ActionInterface
                   ? static_cast<QAccessibleActionInterface *>(this)
                   : nullptr;
    }

    QStringList actionNames() const override { return {pressAction(), setFocusAction()}; }
    void doAction(const QString &action) override
    {
        if (!m_view || (action != pressAction() && action != setFocusAction()))
            return;
        m_view->setFocus(Qt::OtherFocusReason);
        m_view->choose(m_name);
    }
    QStringList keyBindingsForAction(const QString &) const override { return {}; }

    int index() const
    {
        const QList<RelationsLayout::Node> nodes = m_view->nodes();
        for (qsizetype i = 0; i < nodes.size(); ++i) {
            if (nodes.at(i).name == m_name)
                return int(i);
        }
        return -1;
    }

private:
    QPointer<RelationsView> m_view;
    QString m_name;
};

// The view: a list of its boxes.
class ViewAccessible final : public QAccessibleWidget
{
public:
    explicit ViewAccessible(RelationsView *view)
        : QAccessibleWidget(view, QAccessible::List)
    {}
    ~ViewAccessible() override
    {
        for (const QAccessible::Id id : std::as_const(m_boxes))
            QAccessible::deleteAccessibleInterface(id);
    }

    int childCount() const override { return int(view()->nodes().size()); }
    QAccessibleInterface *child(int index) const override
    {
        const QList<RelationsLayout::Node> nodes = view()->nodes();
        if (index < 0 || index >= nodes.size())
            return nullptr;
        const QString name = nodes.at(index).name;
        if (const auto id = m_boxes.constFind(name); id != m_boxes.cend())
            return QAccessible::accessibleInterface(*id);
        // Made when first asked for, kept (by the name) while the box is there.
        auto *box = new BoxAccessible(view(), name);
        m_boxes.insert(name, QAccessible::registerAccessibleInterface(box));
        return box;
    }
    int indexOfChild(const QAccessibleInterface *child) const override
    {
        const QList<RelationsLayout::Node> nodes = view()->nodes();
        for (qsizetype i = 0; i < nodes.size(); ++i) {
            if (child->text(QAccessible::Name) == nodes.at(i).name &&
                child->parent() == static_cast<const QAccessibleInterface *>(this))
                return int(i);
        }
        return -1;
    }
    QAccessibleInterface *childAt(int x, int y) const override
    {
        const QPoint at = view()->viewport()->mapFromGlobal(QPoint(x, y));
        const QList<RelationsLayout::Node> nodes = view()->nodes();
        for (qsizetype i = 0; i < nodes.size(); ++i) {
            if (view()->boxOf(nodes.at(i).name).contains(at))
                return child(int(i));
        }
        return nullptr;
    }
    // Boxes of applications gone from the model are forgotten.
    void prune()
    {
        QStringList names;
        for (const RelationsLayout::Node &node : view()->nodes())
            names << node.name;
        for (auto it = m_boxes.begin(); it != m_boxes.end();) {
            if (names.contains(it.key())) {
                ++it;
            } else {
                QAccessible::deleteAccessibleInterface(it.value());
                it = m_boxes.erase(it);
            }
        }
    }

private:
    RelationsView *view() const { return static_cast<RelationsView *>(widget()); }

    mutable QHash<QString, QAccessible::Id> m_boxes;
};

} // namespace

namespace RelationsAccessible {

QAccessibleInterface *factory(const QString &className, QObject *object)
{
    Q_UNUSED(className)
    auto *view = qobject_cast<RelationsView *>(object);
    return view && view->isWidgetType() ? new ViewAccessible(view) : nullptr;
}

void boxesChanged(RelationsView *view)
{
    if (!QAccessible::isActive())
        return;
    if (auto *list = dynamic_cast<ViewAccessible *>(QAccessible::queryAccessibleInterface(view)))
        list->prune();
    QAccessibleEvent reorder(view, QAccessible::ObjectReorder);
    QAccessible::updateAccessibility(&reorder);
}

void announceSelection(RelationsView *view)
{
    if (!QAccessible::isActive())
        return;
    auto *list = dynamic_cast<ViewAccessible *>(QAccessible::queryAccessibleInterface(view));
    if (!list)
        return;
    const QList<RelationsLayout::Node> nodes = view->nodes();
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        if (nodes.at(i).name != view->selectedApplication())
            continue;
        QAccessibleInterface *box = list->child(int(i));
        QAccessibleEvent selection(box, QAccessible::SelectionAdd);
        QAccessible::updateAccessibility(&selection);
        if (view->hasFocus()) {
            QAccessibleEvent focus(box, QAccessible::Focus);
            QAccessible::updateAccessibility(&focus);
        }
    }
}

} // namespace RelationsAccessible

} // namespace berth
