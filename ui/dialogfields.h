#pragma once

#include "core/store/workspace.h"

#include <QString>

class QComboBox;
class QWidget;

namespace berth {

// Checks shared by the command dialogs, each throwing BerthError with the
// same words the command line uses.
namespace DialogFields {

void checkConstraints(Workspace &workspace, const QString &model, const QString &text);
void checkBase(const QString &text);
void checkDirectives(const QString &text);
// An editable base chooser: the model's default-base first, then common ones.
QComboBox *baseBox(Workspace &workspace, const QString &model, QWidget *parent);
// Sizes `window` to `wanted`, but never past the screen it opens on (at 2×
// on a small screen a dialog's buttons must stay reachable): what does not
// fit scrolls in the window's own scroll areas.
void resizeWithinScreen(QWidget *window, const QSize &wanted);

} // namespace DialogFields

} // namespace berth
