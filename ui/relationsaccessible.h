#pragma once

class QAccessibleInterface;
class QObject;
class QString;

namespace berth {

class RelationsView;

// The relations view as assistive technology sees it: a list with one item
// an application ("keystone": "3 relations: mysql, rabbitmq-server, …"),
// selected as the view selects it, chosen with the item's press action.
namespace RelationsAccessible {

// The accessibility factory (QAccessible::installFactory) for RelationsView.
QAccessibleInterface *factory(const QString &className, QObject *object);
// Tells a screen reader that `view`'s applications changed.
void boxesChanged(RelationsView *view);
// Tells a screen reader that `view`'s selected application changed.
void announceSelection(RelationsView *view);

} // namespace RelationsAccessible

} // namespace berth
