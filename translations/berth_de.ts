<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>MainWindow</name>
    <message><source>Application / unit</source><translation>Anwendung / Unit</translation></message>
    <message><source>Base</source><translation>Basis</translation></message>
    <message><source>Machine</source><translation>Maschine</translation></message>
    <message><source>Constraints</source><translation>Vorgaben</translation></message>
    <message><source>Life</source><translation>Lebenszyklus</translation></message>
    <message><source>Status</source><translation>Status</translation></message>
    <message><source>Instance</source><translation>Instanz</translation></message>
    <message><source>Zone</source><translation>Zone</translation></message>
    <message><source>&amp;File</source><translation>&amp;Datei</translation></message>
    <message><source>&amp;Reload</source><translation>&amp;Neu laden</translation></message>
    <message><source>&amp;Quit</source><translation>&amp;Beenden</translation></message>
    <message><source>%1 — Berth</source><translation>%1 — Berth</translation></message>
    <message><source>Model &lt;b&gt;%1&lt;/b&gt; on %2/%3 · constraints: %4</source><translation>Modell &lt;b&gt;%1&lt;/b&gt; auf %2/%3 · Vorgaben: %4</translation></message>
    <message><source>none</source><translation>keine</translation></message>
    <message numerus="yes"><source>%n machine(s)</source><translation><numerusform>%n Maschine</numerusform><numerusform>%n Maschinen</numerusform></translation></message>
</context>
</TS>
