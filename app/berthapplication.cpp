#include "app/berthapplication.h"

#include "core/bertherror.h"

#include <QMessageBox>

namespace berth {

bool BerthApplication::notify(QObject *receiver, QEvent *event)
{
    QString message;
    QString detail;
    try {
        return QApplication::notify(receiver, event);
    } catch (const BerthError &error) {
        message = error.message();
        detail = error.detail();
    } catch (const std::bad_alloc &) {
        message = tr("Not enough memory for this operation; nothing was changed.");
    } catch (const std::exception &error) {
        message = printable(QString::fromLocal8Bit(error.what()));
    } catch (...) {
        message = tr("Unexpected failure; nothing was changed.");
    }
    showError(activeWindow(), message, detail);
    return false;
}

void BerthApplication::showError(QWidget *parent, const QString &message,
                                 const QString &detail) const
{
    QMessageBox box(QMessageBox::Critical, applicationDisplayName(), message, QMessageBox::Ok,
                    parent);
    if (m_debug && !detail.isEmpty())
        box.setDetailedText(detail);
    box.exec();
}

} // namespace berth
