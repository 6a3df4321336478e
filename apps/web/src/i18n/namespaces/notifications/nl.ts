import type en from "./en.ts";

const nl: typeof en = {
  title: "Wat is er nieuw",
  empty: "Nog geen updates",
  empty_text: "Nieuws over Clubcast verschijnt hier.",
  posted: "Geplaatst op {{date}}",
  messages: {
    match: {
      scheduled: "Wedstrijd ingepland",
      unscheduled: "Wedstrijd uit de planning gehaald",
      recording_started: "Opname gestart",
      recording_awaits_video: "Opname gestart: de wedstrijd gaat live met het eerste beeld van de camera",
      recording_stopped: "Opname gestopt",
      recording_ended_without_camera: "Opname beëindigd zonder de camera: er is geen video opgenomen",
      shared: "Wedstrijd gedeeld",
      restored: "Wedstrijd hersteld",
      privacy_updated: "Privacy van de wedstrijd bijgewerkt",
      operation_failed: "De actie is mislukt",
    },
    notification: {
      new: "Er staat een nieuwe update bij Wat is er nieuw",
    },
  },
  with_detail: "{{message}}: {{detail}}",
};

export default nl;
