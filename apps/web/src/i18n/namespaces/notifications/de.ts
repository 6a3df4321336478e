import type en from "./en.ts";

const de: typeof en = {
  title: "Neuigkeiten",
  empty: "Noch keine Neuigkeiten",
  empty_text: "Neues über Clubcast erscheint hier.",
  posted: "Veröffentlicht am {{date}}",
  messages: {
    match: {
      scheduled: "Spiel eingeplant",
      unscheduled: "Spiel aus der Planung genommen",
      recording_started: "Aufnahme gestartet",
      recording_awaits_video: "Aufnahme gestartet: Das Spiel geht mit dem ersten Bild der Kamera live",
      recording_stopped: "Aufnahme gestoppt",
      recording_ended_without_camera: "Aufnahme ohne die Kamera beendet: Es wurde kein Video aufgenommen",
      shared: "Spiel geteilt",
      restored: "Spiel wiederhergestellt",
      privacy_updated: "Sichtbarkeit des Spiels aktualisiert",
      operation_failed: "Die Aktion ist fehlgeschlagen",
    },
    notification: {
      new: "Es gibt eine neue Meldung unter Neuigkeiten",
    },
  },
  with_detail: "{{message}}: {{detail}}",
};

export default de;
