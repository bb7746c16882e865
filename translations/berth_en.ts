<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AccountsDialog</name>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="61"/>
        <source>&amp;Test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="63"/>
        <source>Provider accounts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="66"/>
        <source>Trust this server?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="67"/>
        <source>The server at %1 presented a certificate Berth has not seen before.

SHA-256 fingerprint:
%2

Compare it with the server&apos;s own (lxc info on the server shows certificate_fingerprint). Trust it from now on?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="74"/>
        <source>Setting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="74"/>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="83"/>
        <source>&amp;New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="84"/>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="90"/>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="91"/>
        <source>T&amp;ype:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="92"/>
        <source>&amp;Endpoint:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="95"/>
        <source>Settings (empty: the default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="97"/>
        <source>Secrets (never shown again; type to replace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="101"/>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="160"/>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="200"/>
        <source>Name the new account, then Save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="232"/>
        <source>File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="233"/>
        <source>Read %1 from a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="235"/>
        <source>Read %1 from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="240"/>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="245"/>
        <source>from %1 — Save to store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="253"/>
        <source>set — type to replace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="253"/>
        <source>not set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="260"/>
        <source>This type of cloud keeps no secrets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="261"/>
        <source>Secrets go to the %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="307"/>
        <source>Not saved: the server&apos;s certificate (SHA-256 %1) was not accepted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="344"/>
        <source>Saved %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="371"/>
        <source>Removed %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="383"/>
        <source>Save the account before testing it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="393"/>
        <source>Asking %1 for its instances…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="400"/>
        <source>%1 did not answer: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="403"/>
        <source>%1 answered: %2 region(s), %3 instance(s)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AddMachineDialog</name>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="34"/>
        <source>Add machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="43"/>
        <source>Trust this host?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="44"/>
        <source>The authenticity of host %1 can&apos;t be established.

Host key fingerprint:
%2

Compare it with the host&apos;s own (ssh-keygen -lf on the host). Trust it from now on?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="51"/>
        <source>empty: a new machine; lxd, lxd:3, zone=…, region=…, ssh:user@host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="53"/>
        <source>e.g. mem=16G cores=8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="54"/>
        <source>&amp;Placement:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="55"/>
        <source>&amp;Number:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="56"/>
        <source>&amp;Base:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="57"/>
        <source>C&amp;onstraints:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="69"/>
        <source>Give one placement directive; it applies to every machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="100"/>
        <source>Not added: the host key of %1 was not accepted.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AddUnitDialog</name>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="14"/>
        <source>Add units to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="18"/>
        <source>Place them later in the machine view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="22"/>
        <source>e.g. 3, lxd:3, zone=sim-east-b, region=sim-west</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="23"/>
        <source>on top of the application&apos;s, e.g. mem=8G</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="24"/>
        <source>&amp;Units:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="25"/>
        <source>&amp;Placement:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="26"/>
        <source>C&amp;onstraints:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="39"/>
        <source>Units placed later cannot have placement directives.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ApplicationsModel</name>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="80"/>
        <source>%1 (subordinate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/applicationsmodel.cpp" line="84"/>
        <source>%n unit(s)</source>
        <translation>
            <numerusform>%n unit</numerusform>
            <numerusform>%n units</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="86"/>
        <source>%1 of %2 started, %3 failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="90"/>
        <source>%1 of %2 started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="122"/>
        <location filename="../ui/applicationsmodel.cpp" line="127"/>
        <source>unplaced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="136"/>
        <source>subordinate of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="169"/>
        <source>Application / unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="171"/>
        <source>Base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="173"/>
        <source>Machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="175"/>
        <source>Zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="177"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="179"/>
        <source>Constraints</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChartExport</name>
    <message>
        <location filename="../ui/chartexport.cpp" line="21"/>
        <source>Export chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/chartexport.cpp" line="24"/>
        <source>PNG image (*.png);;PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/chartexport.cpp" line="30"/>
        <source>Could not write %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConstraintEditorDialog</name>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="33"/>
        <source>Constraints of model %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="34"/>
        <source>Constraints of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="38"/>
        <source>Every application of the model starts from these. A field holding only &quot;=&quot; sets that key to nothing, so applications cannot inherit it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="40"/>
        <source>Keys left empty keep what the model sets (shown in grey); a field holding only &quot;=&quot; blocks the model&apos;s value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="63"/>
        <source>inherited: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="66"/>
        <source>%1 is not supported by cloud %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="89"/>
        <source>Region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="89"/>
        <source>Instance type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="89"/>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="151"/>
        <source>&lt;b&gt;Result:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="152"/>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="166"/>
        <source>fix the constraints first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="170"/>
        <source>%1 cores, %2, %3, %4/h</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DeployDialog</name>
    <message>
        <location filename="../ui/deploydialog.cpp" line="14"/>
        <source>Deploy an application</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="21"/>
        <source>Subordinate (runs beside the units it is related to)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="22"/>
        <source>Place the units later in the machine view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="24"/>
        <source>same as the charm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="26"/>
        <source>e.g. 3, lxd:3, zone=sim-east-b (one per unit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="27"/>
        <source>e.g. mem=4G cores=2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="28"/>
        <source>&amp;Charm:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="29"/>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="30"/>
        <source>&amp;Base:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="31"/>
        <source>&amp;Units:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="32"/>
        <source>&amp;Placement:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="33"/>
        <source>C&amp;onstraints:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="63"/>
        <source>Give the charm to deploy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="71"/>
        <source>Units placed later cannot have placement directives.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MachineView</name>
    <message>
        <location filename="../ui/machineview.cpp" line="55"/>
        <source>&amp;Auto place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="91"/>
        <source>Unplaced units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="94"/>
        <source>Machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="149"/>
        <source>Containers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="150"/>
        <source>Containers of machine %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MachinesModel</name>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="136"/>
        <source>Machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="138"/>
        <source>Life</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="140"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="142"/>
        <source>Instance status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="144"/>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="146"/>
        <source>Instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="148"/>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="150"/>
        <source>Hardware</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="152"/>
        <source>Region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="154"/>
        <source>Zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="156"/>
        <source>Base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="158"/>
        <source>Units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="160"/>
        <source>Constraints</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../ui/mainwindow.cpp" line="71"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="73"/>
        <source>Model: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="79"/>
        <source>Filter (name, zone, status, …)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="82"/>
        <source>Problems only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="112"/>
        <source>&amp;Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="127"/>
        <source>&amp;Machine view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="132"/>
        <source>&amp;Charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="136"/>
        <source>Provisioning log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="150"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="203"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="204"/>
        <source>&amp;Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="209"/>
        <source>&amp;Open store…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="221"/>
        <source>Provider &amp;accounts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="224"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="227"/>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="228"/>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="230"/>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="235"/>
        <source>&amp;Find…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="241"/>
        <source>&amp;Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="242"/>
        <source>&amp;Deploy…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="247"/>
        <source>Add &amp;machine…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="253"/>
        <source>Model &amp;constraints…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="254"/>
        <source>&amp;Retry provisioning…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="262"/>
        <source>&amp;Application</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="263"/>
        <source>Add &amp;units…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="270"/>
        <source>&amp;Constraints…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="274"/>
        <source>&amp;Placement policy…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="278"/>
        <source>&amp;Export chart…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="280"/>
        <source>&amp;Auto place units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="287"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="288"/>
        <source>&amp;About Berth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="289"/>
        <source>About Berth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="290"/>
        <source>&lt;b&gt;Berth&lt;/b&gt; keeps deployment models, places their units and provisions their machines.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="314"/>
        <source>%1 (read-only store) — Berth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="315"/>
        <source>%1 — Berth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="343"/>
        <source>provider accounts reloaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="358"/>
        <source>Model &lt;b&gt;%1&lt;/b&gt; on %2/%3 · constraints: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="360"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/mainwindow.cpp" line="382"/>
        <source>%n machine(s)</source>
        <translation>
            <numerusform>%n machine</numerusform>
            <numerusform>%n machines</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="474"/>
        <source>provisioner: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="479"/>
        <source>provisioning %v of %m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="518"/>
        <source>Policies of %1 saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="522"/>
        <source>Placement policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="548"/>
        <source>Constraints</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OpenStoreDialog</name>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="20"/>
        <source>Open store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="22"/>
        <source>a SQLite file, or postgresql://user@host:5432/db</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="24"/>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="27"/>
        <source>SQLite store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="27"/>
        <source>SQLite stores (*.sqlite *.db)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="35"/>
        <source>A team shares a PostgreSQL database: everyone sees changes as they are made, and one provisioner runs per model. Keep the password in ~/.pgpass rather than in the address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="46"/>
        <source>&amp;Store:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="67"/>
        <source>Give a SQLite file or a postgresql:// address.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlaceUnitsCommand</name>
    <message>
        <location filename="../ui/placementcommands.cpp" line="18"/>
        <source>new machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/placementcommands.cpp" line="20"/>
        <source>place %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlacementView</name>
    <message>
        <location filename="../ui/placementview.cpp" line="24"/>
        <source>select a machine first: its containers are shown here</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PolicyEditorDialog</name>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="57"/>
        <source>Placement policy of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/policyeditordialog.cpp" line="60"/>
        <source>Check the regions (or zones) %1 may use and give each a weight; new units go where the result comes closest to the weights, never past a cap. %n unit(s) now.</source>
        <translation>
            <numerusform>Check the regions (or zones) %1 may use and give each a weight; new units go where the result comes closest to the weights, never past a cap. %n unit now.</numerusform>
            <numerusform>Check the regions (or zones) %1 may use and give each a weight; new units go where the result comes closest to the weights, never past a cap. %n units now.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="73"/>
        <source>&amp;Regions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="74"/>
        <source>&amp;Zones</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="85"/>
        <source>Which units go first when the application scales in; units in error always go first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="87"/>
        <source>Scale-in removes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="110"/>
        <source>Use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="110"/>
        <source>Weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="110"/>
        <source>Cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="110"/>
        <source>Units now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="110"/>
        <source>Target now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="135"/>
        <source>no cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="161"/>
        <source>Give at least one checked region a weight above 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="163"/>
        <source>Give at least one checked zone a weight above 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="174"/>
        <source>%1 holds %2 units, more than its cap %3: it gets no new ones.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RegionChart</name>
    <message>
        <location filename="../ui/regionchart.cpp" line="23"/>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="41"/>
        <source>Select an application to see where its units are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/regionchart.cpp" line="56"/>
        <source>%1: %n unit(s), no placement policy</source>
        <translation>
            <numerusform>%1: %n unit, no placement policy</numerusform>
            <numerusform>%1: %n units, no placement policy</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="58"/>
        <location filename="../ui/regionchart.cpp" line="76"/>
        <source>Region</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/regionchart.cpp" line="70"/>
        <source>%1: %n unit(s) by region, against the policy&apos;s weighted target</source>
        <translation>
            <numerusform>%1: %n unit by region, against the policy&apos;s weighted target</numerusform>
            <numerusform>%1: %n units by region, against the policy&apos;s weighted target</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/regionchart.cpp" line="73"/>
        <source>%1: %n unit(s) by zone, against the policy&apos;s weighted target</source>
        <translation>
            <numerusform>%1: %n unit by zone, against the policy&apos;s weighted target</numerusform>
            <numerusform>%1: %n units by zone, against the policy&apos;s weighted target</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="76"/>
        <source>Zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="92"/>
        <location filename="../ui/regionchart.cpp" line="106"/>
        <source>Units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="105"/>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RetryDialog</name>
    <message>
        <location filename="../ui/retrydialog.cpp" line="14"/>
        <source>Retry provisioning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/retrydialog.cpp" line="16"/>
        <source>Replace their constraints with:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/retrydialog.cpp" line="23"/>
        <source>machine %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/retrydialog.cpp" line="30"/>
        <source>Machines in error:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/retrydialog.cpp" line="52"/>
        <source>No machine in error is checked.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SetConstraintsCommand</name>
    <message>
        <location filename="../ui/placementcommands.cpp" line="57"/>
        <source>model constraints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/placementcommands.cpp" line="58"/>
        <source>constraints of %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ZoneChart</name>
    <message>
        <location filename="../ui/zonechart.cpp" line="33"/>
        <source>Units per zone in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="37"/>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="47"/>
        <source>Units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="64"/>
        <source>all regions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="138"/>
        <source>%1 (skew %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="141"/>
        <source>no started units here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="142"/>
        <source>every application is spread evenly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="143"/>
        <source>uneven: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="161"/>
        <source>%1 — skew %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
