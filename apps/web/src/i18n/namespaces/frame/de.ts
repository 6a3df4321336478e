import type en from "./en.ts";

const de: typeof en = {
  search: {
    open: "Suchen",
    close: "Suche schließen",
    label: "Auf der Plattform suchen",
    placeholder: "Vereine, Teams, Benutzer oder Spiele",
    results: "Ergebnisse für „{{query}}“",
    searching: "Suche läuft…",
    no_results: "Nichts gefunden für „{{query}}“",
    no_results_hint: "Prüfe die Schreibweise oder versuche ein kürzeres Wort.",
    failed: "Die Suche hat nicht geklappt. Bitte versuche es noch einmal.",
    groups: {
      clubs: "Vereine",
      teams: "Teams",
      users: "Benutzer",
      matches: "Spiele",
    },
  },
  bell: {
    label: "Benachrichtigungen",
    unread: "Benachrichtigungen, {{count}} ungelesen",
  },
  support: {
    label: "Support kontaktieren",
    subject: "Supportanfrage von {{club}}",
    body: "Hallo Clubcast-Support,\n\nich habe eine Frage zu:\n\n\n\nViele Grüße\n{{name}}\n{{club}}",
    no_club: "kein Verein",
  },
  account: {
    sign_in: "Anmelden",
  },
  menu: {
    language: "Sprache",
  },
};

export default de;
