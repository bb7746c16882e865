// berthctl's bundle commands as a Juju user runs them: deploy BUNDLE with
// overlays, --dry-run and --map-machines, diff-bundle and export-bundle; a
// separate process on a store file.
#include "tests/testsupport.h"

#include <QTest>

using namespace berth;

namespace {
QString S(const char *text)
{
    return QString::fromUtf8(text);
}
QString sample(const char *name)
{
    return QStringLiteral(SOURCE_DIR "/../shared/bundles/") + QString::fromUtf8(name);
}
} // namespace

class TestBundleCli : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void deployDryRunThenDeployThenNothing();
    void overlaysAndMapMachines();
    void exportWritesABundleThatDeploysTheSame();
    void badBundlesSayWhyAndChangeNothing();

private:
    ProcessResult run(const QStringList &args, const QString &db = {});
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestBundleCli::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
}

ProcessResult TestBundleCli::run(const QStringList &args, const QString &db)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(S("BERTH_DB"), db.isEmpty() ? m_dir->filePath(S("berth.sqlite")) : db);
    env.insert(S("XDG_DATA_HOME"), m_dir->filePath(S("data")));
    return runProgram(S(BERTHCTL_PATH), args, env, 120'000);
}

void TestBundleCli::deployDryRunThenDeployThenNothing()
{
    const ProcessResult dry = run({S("deploy"), sample("ceph-base.yaml"), S("--dry-run")});
    QCOMPARE(dry.code, 0);
    QVERIFY(dry.out.startsWith(S("Changes to deploy bundle:\n- deploy application ceph-mon ")));
    QVERIFY(dry.out.contains(S("\n- add unit ceph-mon/0 to 0/lxd/0\n")));
    QVERIFY(run({S("status"), S("--format"), S("json")}).out.contains(S("\"applications\": {}")));

    const ProcessResult real = run({S("deploy"), sample("ceph-base.yaml")});
    QCOMPARE(real.code, 0);
    QVERIFY(real.out.startsWith(S("Executing changes:\n")));
    QVERIFY(real.out.endsWith(S("\nDeploy of bundle completed.\n")));
    QVERIFY(run({S("status")}).out.contains(S("\nceph-osd/2 ")));
    // Relations between principals are kept with their endpoints, and shown.
    QVERIFY(run({S("status"), S("--relations")})
                .out.endsWith(S("\nIntegration provider  Requirer      Type\n"
                                "ceph-osd:mon          ceph-mon:osd  regular\n")));

    const ProcessResult again = run({S("deploy"), sample("ceph-base.yaml")});
    QCOMPARE(again.out, S("No changes to apply.\n"));
    QCOMPARE(run({S("diff-bundle"), sample("ceph-base.yaml")}).out, S("{}\n"));
    QCOMPARE(run({S("provision"), S("--until-idle"), S("--timeout"), S("120")}).code, 0);
}

void TestBundleCli::overlaysAndMapMachines()
{
    QCOMPARE(run({S("add-machine"), S("-n"), S("3"), S("--base"), S("ubuntu@20.04")}).code, 0);
    // The overlay drops the machines and the OSDs' placements.
    const ProcessResult r = run({S("deploy"), sample("ceph-base.yaml"), S("--overlay"),
                                 sample("ceph-base-virt-overlay.yaml")});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.err, S("WARNING application \"ceph-osd\": storage is kept out: Berth does not act "
                      "on it\n"));
    QVERIFY(r.out.contains(S("\n- add unit ceph-mon/0 to new machine 3\n")));

    // A second model: existing machines stand for the bundle's own.
    QCOMPARE(run({S("add-model"), S("other")}).code, 0);
    QCOMPARE(run({S("add-machine"), S("-n"), S("3"), S("--base"), S("ubuntu@20.04")}).code, 0);
    const ProcessResult mapped =
        run({S("deploy"), sample("ceph-base.yaml"), S("--map-machines=existing")});
    QCOMPARE(mapped.code, 0);
    QVERIFY(!mapped.out.contains(S("add new machine")));
    QVERIFY(mapped.out.contains(S("\n- add unit ceph-osd/1 to existing machine 1\n")));
    const ProcessResult bad =
        run({S("deploy"), sample("ceph-base.yaml"), S("--map-machines"), S("0=9")});
    QCOMPARE(bad.code, 1);
    QCOMPARE(bad.err, S("ERROR --map-machines 0=9: machine 9 is not in the model\n"));
}

void TestBundleCli::exportWritesABundleThatDeploysTheSame()
{
    QCOMPARE(run({S("deploy"), sample("kubernetes-core-fragment.yaml")}).code, 0);
    const QString file = m_dir->filePath(S("exported.yaml"));
    const ProcessResult e = run({S("export-bundle"), S("--filename"), file});
    QCOMPARE(e.out, S("Bundle successfully exported to ") + file + u'\n');
    const QString other = m_dir->filePath(S("other.sqlite"));
    const ProcessResult d = run({S("deploy"), file}, other);
    QCOMPARE(d.code, 0);
    QCOMPARE(run({S("export-bundle")}, other).out, run({S("export-bundle")}).out);
    QCOMPARE(run({S("diff-bundle"), file}, other).out, S("{}\n"));
}

void TestBundleCli::badBundlesSayWhyAndChangeNothing()
{
    const QString file = m_dir->filePath(S("k8s.yaml"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("bundle: kubernetes\napplications:\n  a: {charm: a, scale: 1}\n");
    f.close();
    const ProcessResult r = run({S("deploy"), file});
    QCOMPARE(r.code, 1);
    QCOMPARE(r.err, S("ERROR bundle \"%1\" is a Kubernetes bundle (bundle: kubernetes); Berth "
                      "deploys machine bundles\n")
                        .arg(file));
    const ProcessResult charmOption = run({S("deploy"), sample("ceph-base.yaml"), S("-n"), S("2")});
    QCOMPARE(charmOption.err, S("ERROR deploy: -n goes with a charm; a bundle says it for each "
                                "application\n"));
    QCOMPARE(run({S("deploy"), S("mysql"), S("--dry-run")}).err,
             S("ERROR deploy: --dry-run goes with a bundle (a path or a .yaml file), not a "
               "charm\n"));
    QVERIFY(run({S("status"), S("--format"), S("json")}).out.contains(S("\"applications\": {}")));
}

QTEST_GUILESS_MAIN(TestBundleCli)
#include "tst_bundlecli.moc"
