#include "berthapplication.h"

#include "bertherror.h"

#include <QMessageBox>

bool BerthApplication::notify(QObject *receiver, QEvent *event)
{
    QString message;
    try {
        return QApplication::notify(receiver, event);
    } catch (const BerthError &error) {
        message = error.message();
    } catch (const std::bad_alloc &) {
        message = tr("Not enough memory for this operation; nothing was changed.");
    } catch (const std::exception &error) {
        message = printable(QString::fromLocal8Bit(error.what()));
    } catch (...) {
        message = tr("Unexpected failure; nothing was changed.");
    }
    QMessageBox::critical(activeWindow(), applicationDisplayName(), message);
    return false;
}
