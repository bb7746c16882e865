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

} // namespace DialogFields

} // namespace berth
