#include "ui/dialogfields.h"

#include "core/bertherror.h"
#include "core/model/base.h"
#include "core/model/placementdirective.h"

#include <QComboBox>
#include <QScreen>
#include <QWidget>

namespace berth {

namespace DialogFields {

void checkConstraints(Workspace &workspace, const QString &model, const QString &text)
{
    const Constraints constraints = Constraints::parseOrThrow(text);
    const auto report = workspace.readModel(
        model, [&](ModelTx &tx) { return tx.validator().validate(constraints); });
    if (!report.ok())
        throw BerthError(report.error);
}

void checkBase(const QString &text)
{
    if (text.isEmpty())
        return;
    const auto parsed = Base::parse(text);
    if (!parsed.ok())
        throw BerthError(parsed.error);
}

void checkDirectives(const QString &text)
{
    if (text.isEmpty())
        return;
    const auto parsed = PlacementDirective::parseList(text);
    if (!parsed.ok())
        throw BerthError(parsed.error);
}

QComboBox *baseBox(Workspace &workspace, const QString &model, QWidget *parent)
{
    auto *box = new QComboBox(parent);
    box->setEditable(true);
    const QString preferred =
        workspace.readModel(model, [](ModelTx &tx) { return tx.model().config.defaultBase(); });
    QStringList bases{preferred};
    for (const char *common : {"ubuntu@24.04", "ubuntu@22.04", "ubuntu@20.04"}) {
        if (!bases.contains(QLatin1StringView(common)))
            bases << QString::fromLatin1(common);
    }
    box->addItems(bases);
    return box;
}

void resizeWithinScreen(QWidget *window, const QSize &wanted)
{
    const QWidget *anchor = window->parentWidget() ? window->parentWidget() : window;
    const QScreen *screen = anchor->screen();
    if (!screen) {
        window->resize(wanted);
        return;
    }
    // Room for the window frame and a panel.
    const QSize room = screen->availableGeometry().size() * 0.92;
    window->resize(wanted.boundedTo(room));
}

} // namespace DialogFields

} // namespace berth
