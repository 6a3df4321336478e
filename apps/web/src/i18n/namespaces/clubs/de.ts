import type en from "./en.ts";

const de: typeof en = {
  picker: { label: "Verein", loading: "Vereine werden geladen…", choose: "Verein wählen" },
  inactive: "Nicht aktiviert",
  not_found: "Kein Verein gefunden",
  nav: {
    label: "Vereinsnavigation",
    overview: "Übersicht",
    recorded: "Aufgezeichnet",
    offline: "Offline-Aufnahmen",
    teams: "Mannschaften",
    users: "Benutzer",
  },
  add: {
    open: "Verein hinzufügen",
    title: "Einen Verein hinzufügen",
    submit: "Verein hinzufügen",
    choose_sport: "Wähle eine Sportart",
    added: "{{club}} hinzugefügt",
    not_added: "Der Verein konnte nicht hinzugefügt werden",
    logo_not_saved:
      "{{club}} wurde hinzugefügt, aber das Logo konnte nicht gespeichert werden. Lade es auf der Seite System hoch.",
  },
  mine: {
    title: "Mein Verein",
    title_system: "Vereine",
    subtitle: "Öffne einen Verein, um seine Spiele, Aufnahmen und Mitglieder zu sehen",
    empty: "Noch keine Vereine",
  },
  all: {
    link: "Alle aktiven Vereine",
    title: "Alle Vereine",
    subtitle_one: "{{count}} aktiver Verein",
    subtitle_other: "{{count}} aktive Vereine",
    empty: "Keine aktiven Vereine",
  },
  overview: {
    live: "Jetzt live",
    upcoming: "Demnächst",
    recorded: "Aufgezeichnete Spiele",
    empty_live: "Keine Live-Spiele gefunden",
    empty_upcoming: "Keine kommenden Spiele gefunden",
    empty_recorded: "Keine Aufnahmen gefunden",
  },
  recorded: {
    video_label: "Aufnahme von {{match}}",
    processing: "Das Video wird verarbeitet und ist bald hier.",
    no_video: "Diese Aufnahme hat noch kein Video.",
    nothing_recorded:
      "Es wurde nichts aufgenommen: Keine Kamera hat gesendet, während dieses Spiel aufgenommen wurde. Hat die Kamera eine Aufnahme, stelle sie von der Kamera wieder her.",
    kick_off: "Anstoß",
    field: "Platz",
    owner: "Verein",
    summary: "Zusammenfassung",
    yes: "Ja",
    no: "Nein",
    score: "Spielstand",
    annotate: "Annotieren",
    not_found: "Kein Spiel gefunden",
  },
};

export default de;
