// berth-window-bench: opens the window on a model of M machines and U units
// built through core/, and reports the time to the first painted window with
// every row in its item models, the window's peak resident memory, and, as
// the baseline measured in the same run, one plain read of the same model's
// snapshot; then how long a commit from another connection takes to show;
// and the heap the window holds at its first paint beside the heap of that
// one snapshot. Results and the command are in docs/benchmarks.md.
#include "core/cloud/cloudregistry.h"
#include "core/commands/applicationcommands.h"
#include "core/commands/modelcommands.h"
#include "core/store/cloudaccounts.h"
#include "core/store/store.h"
#include "providers/builtinproviders.h"
#include "ui/machinesmodel.h"
#include "ui/mainwindow.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>

#include <malloc.h>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");

qint64 statusKiB(const char *field)
{
    QFile file(QStringLiteral("/proc/self/status"));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(qsizetype(qstrlen(field))).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

// Bytes the allocator has handed out and not had back (glibc's count).
qint64 heapInUse()
{
    const struct mallinfo2 info = mallinfo2();
    return qint64(info.uordblks + info.hblkhd);
}

// M machines with U/M principal units each: one application on new machines,
// the others placed on those machines, all through ApplicationCommands, at
// most 10,000 units a command (berthctl's bound).
void buildModel(Workspace &ws, int machines, int units)
{
    constexpr int perCommand = 10'000;
    ApplicationCommands apps(ws);
    for (int a = 0; a * machines < units; ++a) {
        ApplicationCommands::Deploy d;
        d.charm = QStringLiteral("app-") + QChar(u'a' + a);
        const int count = std::min(machines, units - a * machines);
        for (int first = 0; first < count; first += perCommand) {
            const int n = std::min(perCommand, count - first);
            QStringList onMachines;
            for (int m = first; a > 0 && m < first + n; ++m)
                onMachines << QString::number(m);
            if (first == 0) {
                d.count = n;
                d.to = onMachines.join(u',');
                apps.deploy(model, d);
            } else {
                apps.addUnits(model, d.charm, n, onMachines.join(u','));
            }
        }
    }
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    const int machines = args.value(1, QStringLiteral("5000")).toInt();
    const int units = args.value(2, QStringLiteral("20000")).toInt();

    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("berth.sqlite"));
    Store store(db);
    const ProviderTypes types = builtinProviderTypes();
    const CloudRegistry clouds = CloudAccounts::registry(store, types);
    Workspace workspace(store, clouds);
    ModelCommands(workspace).ensureDefaultModel();
    QElapsedTimer build;
    build.start();
    buildModel(workspace, machines, units);
    const qint64 buildMs = build.elapsed();
    const qint64 rssBefore = statusKiB("VmRSS:");

    // Baseline: one read of the whole model, as the watcher does it.
    const qint64 heapBefore = heapInUse();
    QElapsedTimer read;
    read.start();
    const ModelSnapshot snapshot = workspace.snapshot(model);
    const qint64 readMs = read.elapsed();
    const qint64 snapshotHeap = heapInUse() - heapBefore;

    QElapsedTimer open;
    open.start();
    MainWindow::Options options;
    options.storeLocation = db;
    options.provision = false;
    MainWindow window(workspace, model, options);
    window.show();
    while (window.snapshotsApplied() == 0)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    window.repaint(); // the first paint with every row in the models
    const qint64 openMs = open.elapsed();
    const qint64 peakKiB = statusKiB("VmHWM:");
    // Beyond the baseline's snapshot, which this program keeps.
    const qint64 windowHeap = heapInUse() - heapBefore - snapshotHeap;

    // A change committed by another connection (as berthctl would), until the
    // views show it: the watcher's poll, its read, and the in-place merge.
    Store other(db);
    Workspace otherWorkspace(other, clouds);
    const int before = window.snapshotsApplied();
    QElapsedTimer change;
    change.start();
    ApplicationCommands(otherWorkspace).addUnits(model, QStringLiteral("app-a"), 1, {});
    while (window.snapshotsApplied() == before)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    const qint64 changeMs = change.elapsed();

    QTextStream out(stdout);
    out << "model: " << machines << " machines, " << snapshot.units.size() << " units (built in "
        << buildMs << " ms)\n"
        << "rows: " << window.machinesModel()->rowCount() << " machines in the view\n"
        << "snapshot read (baseline): " << readMs << " ms\n"
        << "window open to first paint: " << openMs << " ms\n"
        << "ratio: "
        << QString::number(double(openMs) / double(std::max<qint64>(readMs, 1)), 'f', 2) << "x\n"
        << "a commit elsewhere shown in the views: " << changeMs << " ms\n"
        << "resident before the window: " << rssBefore / 1024 << " MiB, peak: " << peakKiB / 1024
        << " MiB\n"
        << "heap of one snapshot: " << snapshotHeap / (1024 * 1024) << " MiB\n"
        << "heap the window holds at its first paint: " << windowHeap / (1024 * 1024) << " MiB ("
        << QString::number(double(windowHeap) / double(std::max<qint64>(snapshotHeap, 1)), 'f', 2)
        << "x one snapshot)\n";
    return 0;
}
