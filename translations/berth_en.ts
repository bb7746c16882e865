<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
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
        <source>unplaced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="133"/>
        <source>subordinate of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="166"/>
        <source>Application / unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="168"/>
        <source>Base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="170"/>
        <source>Machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="172"/>
        <source>Zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="174"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="176"/>
        <source>Constraints</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MachineView</name>
    <message>
        <location filename="../ui/machineview.cpp" line="52"/>
        <source>&amp;Auto place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="88"/>
        <source>Unplaced units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="91"/>
        <source>Machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="135"/>
        <source>Containers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="136"/>
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
        <location filename="../ui/mainwindow.cpp" line="60"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="62"/>
        <source>Model: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="68"/>
        <source>Filter (name, zone, status, …)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="71"/>
        <source>Problems only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="101"/>
        <source>&amp;Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="114"/>
        <source>&amp;Machine view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="117"/>
        <source>&amp;Charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="121"/>
        <source>Provisioning log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="135"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="188"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="189"/>
        <source>&amp;Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="195"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="198"/>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="199"/>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="201"/>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="206"/>
        <source>&amp;Find…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="212"/>
        <source>&amp;Application</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="214"/>
        <source>&amp;Placement policy…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="218"/>
        <source>&amp;Export chart…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="220"/>
        <source>&amp;Auto place units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="227"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="228"/>
        <source>&amp;About Berth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="229"/>
        <source>About Berth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="230"/>
        <source>&lt;b&gt;Berth&lt;/b&gt; keeps deployment models, places their units and provisions their machines.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="254"/>
        <source>%1 — Berth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="268"/>
        <source>Model &lt;b&gt;%1&lt;/b&gt; on %2/%3 · constraints: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="270"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/mainwindow.cpp" line="289"/>
        <source>%n machine(s)</source>
        <translation>
            <numerusform>%n machine</numerusform>
            <numerusform>%n machines</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="374"/>
        <source>provisioner: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="379"/>
        <source>provisioning %v of %m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="418"/>
        <source>Policies of %1 saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="422"/>
        <source>Placement policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="428"/>
        <location filename="../ui/mainwindow.cpp" line="433"/>
        <source>Export chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="429"/>
        <source>PNG image (*.png);;PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="433"/>
        <source>Could not write %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlaceUnitsCommand</name>
    <message>
        <location filename="../ui/placementcommands.cpp" line="17"/>
        <source>new machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/placementcommands.cpp" line="19"/>
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
        <location filename="../ui/regionchart.cpp" line="31"/>
        <source>Select an application to see where its units are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/regionchart.cpp" line="46"/>
        <source>%1: %n unit(s), no placement policy</source>
        <translation>
            <numerusform>%1: %n unit, no placement policy</numerusform>
            <numerusform>%1: %n units, no placement policy</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="48"/>
        <location filename="../ui/regionchart.cpp" line="66"/>
        <source>Region</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/regionchart.cpp" line="60"/>
        <source>%1: %n unit(s) by region, against the policy&apos;s weighted target</source>
        <translation>
            <numerusform>%1: %n unit by region, against the policy&apos;s weighted target</numerusform>
            <numerusform>%1: %n units by region, against the policy&apos;s weighted target</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/regionchart.cpp" line="63"/>
        <source>%1: %n unit(s) by zone, against the policy&apos;s weighted target</source>
        <translation>
            <numerusform>%1: %n unit by zone, against the policy&apos;s weighted target</numerusform>
            <numerusform>%1: %n units by zone, against the policy&apos;s weighted target</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="66"/>
        <source>Zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="82"/>
        <location filename="../ui/regionchart.cpp" line="96"/>
        <source>Units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="95"/>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SetConstraintsCommand</name>
    <message>
        <location filename="../ui/placementcommands.cpp" line="52"/>
        <source>constraints of %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
