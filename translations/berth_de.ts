<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ApplicationsModel</name>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="80"/>
        <source>%1 (subordinate)</source>
        <translation>%1 (untergeordnet)</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/applicationsmodel.cpp" line="84"/>
        <source>%n unit(s)</source>
        <translation>
            <numerusform>%n Einheit</numerusform>
            <numerusform>%n Einheiten</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="86"/>
        <source>%1 of %2 started, %3 failed</source>
        <translation>%1 von %2 gestartet, %3 fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="90"/>
        <source>%1 of %2 started</source>
        <translation>%1 von %2 gestartet</translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="122"/>
        <source>unplaced</source>
        <translation>nicht platziert</translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="133"/>
        <source>subordinate of %1</source>
        <translation>untergeordnet zu %1</translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="166"/>
        <source>Application / unit</source>
        <translation>Anwendung / Einheit</translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="168"/>
        <source>Base</source>
        <translation>Basis</translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="170"/>
        <source>Machine</source>
        <translation>Maschine</translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="172"/>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="174"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="176"/>
        <source>Constraints</source>
        <translation>Vorgaben</translation>
    </message>
</context>
<context>
    <name>MachineView</name>
    <message>
        <location filename="../ui/machineview.cpp" line="52"/>
        <source>&amp;Auto place</source>
        <translation>&amp;Automatisch platzieren</translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="88"/>
        <source>Unplaced units</source>
        <translation>Nicht platzierte Einheiten</translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="91"/>
        <source>Machines</source>
        <translation>Maschinen</translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="135"/>
        <source>Containers</source>
        <translation>Container</translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="136"/>
        <source>Containers of machine %1</source>
        <translation>Container von Maschine %1</translation>
    </message>
</context>
<context>
    <name>MachinesModel</name>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="136"/>
        <source>Machine</source>
        <translation>Maschine</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="138"/>
        <source>Life</source>
        <translation>Lebenszyklus</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="140"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="142"/>
        <source>Instance status</source>
        <translation>Instanzstatus</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="144"/>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="146"/>
        <source>Instance</source>
        <translation>Instanz</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="148"/>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="150"/>
        <source>Hardware</source>
        <translation>Hardware</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="152"/>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="154"/>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="156"/>
        <source>Base</source>
        <translation>Basis</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="158"/>
        <source>Units</source>
        <translation>Einheiten</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="160"/>
        <source>Constraints</source>
        <translation>Vorgaben</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../ui/mainwindow.cpp" line="60"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="62"/>
        <source>Model: </source>
        <translation>Modell: </translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="68"/>
        <source>Filter (name, zone, status, …)</source>
        <translation>Filter (Name, Zone, Status, …)</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="71"/>
        <source>Problems only</source>
        <translation>Nur Probleme</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="101"/>
        <source>&amp;Overview</source>
        <translation>&amp;Übersicht</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="114"/>
        <source>&amp;Machine view</source>
        <translation>&amp;Maschinenansicht</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="117"/>
        <source>&amp;Charts</source>
        <translation>&amp;Diagramme</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="121"/>
        <source>Provisioning log</source>
        <translation>Bereitstellungsprotokoll</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="135"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="188"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="189"/>
        <source>&amp;Reload</source>
        <translation>&amp;Neu laden</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="195"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="198"/>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="199"/>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="201"/>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="206"/>
        <source>&amp;Find…</source>
        <translation>&amp;Suchen …</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="212"/>
        <source>&amp;Application</source>
        <translation>&amp;Anwendung</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="214"/>
        <source>&amp;Placement policy…</source>
        <translation>&amp;Platzierungsrichtlinie …</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="218"/>
        <source>&amp;Export chart…</source>
        <translation>Diagramm &amp;exportieren …</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="220"/>
        <source>&amp;Auto place units</source>
        <translation>Einheiten &amp;automatisch platzieren</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="227"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="228"/>
        <source>&amp;About Berth</source>
        <translation>&amp;Über Berth</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="229"/>
        <source>About Berth</source>
        <translation>Über Berth</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="230"/>
        <source>&lt;b&gt;Berth&lt;/b&gt; keeps deployment models, places their units and provisions their machines.</source>
        <translation>&lt;b&gt;Berth&lt;/b&gt; verwaltet Bereitstellungsmodelle, platziert ihre Einheiten und stellt ihre Maschinen bereit.</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="254"/>
        <source>%1 — Berth</source>
        <translation>%1 — Berth</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="268"/>
        <source>Model &lt;b&gt;%1&lt;/b&gt; on %2/%3 · constraints: %4</source>
        <translation>Modell &lt;b&gt;%1&lt;/b&gt; auf %2/%3 · Vorgaben: %4</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="270"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/mainwindow.cpp" line="289"/>
        <source>%n machine(s)</source>
        <translation>
            <numerusform>%n Maschine</numerusform>
            <numerusform>%n Maschinen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="374"/>
        <source>provisioner: %1</source>
        <translation>Bereitstellung: %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="379"/>
        <source>provisioning %v of %m</source>
        <translation>Bereitstellung %v von %m</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="418"/>
        <source>Policies of %1 saved.</source>
        <translation>Richtlinien von %1 gespeichert.</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="422"/>
        <source>Placement policy</source>
        <translation>Platzierungsrichtlinie</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="428"/>
        <location filename="../ui/mainwindow.cpp" line="433"/>
        <source>Export chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="429"/>
        <source>PNG image (*.png);;PDF (*.pdf)</source>
        <translation>PNG-Bild (*.png);;PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="433"/>
        <source>Could not write %1.</source>
        <translation>%1 konnte nicht geschrieben werden.</translation>
    </message>
</context>
<context>
    <name>PlaceUnitsCommand</name>
    <message>
        <location filename="../ui/placementcommands.cpp" line="17"/>
        <source>new machine</source>
        <translation>neue Maschine</translation>
    </message>
    <message>
        <location filename="../ui/placementcommands.cpp" line="19"/>
        <source>place %1 on %2</source>
        <translation>%1 auf %2 platzieren</translation>
    </message>
</context>
<context>
    <name>PlacementView</name>
    <message>
        <location filename="../ui/placementview.cpp" line="24"/>
        <source>select a machine first: its containers are shown here</source>
        <translation>Wählen Sie zuerst eine Maschine: hier stehen ihre Container</translation>
    </message>
</context>
<context>
    <name>PolicyEditorDialog</name>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="57"/>
        <source>Placement policy of %1</source>
        <translation>Platzierungsrichtlinie von %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/policyeditordialog.cpp" line="60"/>
        <source>Check the regions (or zones) %1 may use and give each a weight; new units go where the result comes closest to the weights, never past a cap. %n unit(s) now.</source>
        <translation>
            <numerusform>Wählen Sie die Regionen (oder Zonen), die %1 nutzen darf, und geben Sie jeder ein Gewicht; neue Einheiten kommen dorthin, wo das Ergebnis den Gewichten am nächsten kommt, nie über eine Obergrenze hinaus. Jetzt %n Einheit.</numerusform>
            <numerusform>Wählen Sie die Regionen (oder Zonen), die %1 nutzen darf, und geben Sie jeder ein Gewicht; neue Einheiten kommen dorthin, wo das Ergebnis den Gewichten am nächsten kommt, nie über eine Obergrenze hinaus. Jetzt %n Einheiten.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="73"/>
        <source>&amp;Regions</source>
        <translation>&amp;Regionen</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="74"/>
        <source>&amp;Zones</source>
        <translation>&amp;Zonen</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="85"/>
        <source>Which units go first when the application scales in; units in error always go first.</source>
        <translation>Welche Einheiten beim Verkleinern zuerst entfernt werden; fehlerhafte Einheiten immer zuerst.</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="87"/>
        <source>Scale-in removes:</source>
        <translation>Beim Verkleinern entfernen:</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="110"/>
        <source>Use</source>
        <translation>Verwenden</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="110"/>
        <source>Weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="110"/>
        <source>Cap</source>
        <translation>Obergrenze</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="110"/>
        <source>Units now</source>
        <translation>Einheiten jetzt</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="110"/>
        <source>Target now</source>
        <translation>Ziel jetzt</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="135"/>
        <source>no cap</source>
        <translation>keine Obergrenze</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="161"/>
        <source>Give at least one checked region a weight above 0.</source>
        <translation>Geben Sie mindestens einer gewählten Region ein Gewicht über 0.</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="163"/>
        <source>Give at least one checked zone a weight above 0.</source>
        <translation>Geben Sie mindestens einer gewählten Zone ein Gewicht über 0.</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="174"/>
        <source>%1 holds %2 units, more than its cap %3: it gets no new ones.</source>
        <translation>%1 hat %2 Einheiten, mehr als die Obergrenze %3: dort kommen keine neuen hinzu.</translation>
    </message>
</context>
<context>
    <name>RegionChart</name>
    <message>
        <location filename="../ui/regionchart.cpp" line="31"/>
        <source>Select an application to see where its units are.</source>
        <translation>Wählen Sie eine Anwendung, um zu sehen, wo ihre Einheiten sind.</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/regionchart.cpp" line="46"/>
        <source>%1: %n unit(s), no placement policy</source>
        <translation>
            <numerusform>%1: %n Einheit, keine Platzierungsrichtlinie</numerusform>
            <numerusform>%1: %n Einheiten, keine Platzierungsrichtlinie</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="48"/>
        <location filename="../ui/regionchart.cpp" line="66"/>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/regionchart.cpp" line="60"/>
        <source>%1: %n unit(s) by region, against the policy&apos;s weighted target</source>
        <translation>
            <numerusform>%1: %n Einheit nach Region, gegen das gewichtete Ziel der Richtlinie</numerusform>
            <numerusform>%1: %n Einheiten nach Region, gegen das gewichtete Ziel der Richtlinie</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/regionchart.cpp" line="63"/>
        <source>%1: %n unit(s) by zone, against the policy&apos;s weighted target</source>
        <translation>
            <numerusform>%1: %n Einheit nach Zone, gegen das gewichtete Ziel der Richtlinie</numerusform>
            <numerusform>%1: %n Einheiten nach Zone, gegen das gewichtete Ziel der Richtlinie</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="66"/>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="82"/>
        <location filename="../ui/regionchart.cpp" line="96"/>
        <source>Units</source>
        <translation>Einheiten</translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="95"/>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
</context>
<context>
    <name>SetConstraintsCommand</name>
    <message>
        <location filename="../ui/placementcommands.cpp" line="52"/>
        <source>constraints of %1</source>
        <translation>Vorgaben von %1</translation>
    </message>
</context>
</TS>
