import type en from "./en.ts";

const nl: typeof en = {
  search: {
    open: "Zoeken",
    close: "Zoeken sluiten",
    label: "Zoek op het platform",
    placeholder: "Clubs, teams, gebruikers of wedstrijden",
    results: "Resultaten voor “{{query}}”",
    searching: "Bezig met zoeken…",
    no_results: "Niets gevonden voor “{{query}}”",
    no_results_hint: "Controleer de spelling of probeer een korter woord.",
    failed: "Het zoeken is mislukt. Probeer het opnieuw.",
    groups: {
      clubs: "Clubs",
      teams: "Teams",
      users: "Gebruikers",
      matches: "Wedstrijden",
    },
  },
  bell: {
    label: "Meldingen",
    unread: "Meldingen, {{count}} ongelezen",
  },
  support: {
    label: "Contact met support",
    subject: "Supportvraag van {{club}}",
    body: "Hallo Clubcast support,\n\nIk heb een vraag over:\n\n\n\nMet vriendelijke groet,\n{{name}}\n{{club}}",
    no_club: "geen club",
  },
  account: {
    sign_in: "Inloggen",
  },
  menu: {
    language: "Taal",
  },
};

export default nl;
