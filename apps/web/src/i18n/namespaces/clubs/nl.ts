import type en from "./en.ts";

const nl: typeof en = {
  picker: { label: "Club", loading: "Clubs laden…", choose: "Kies een club" },
  inactive: "Niet geactiveerd",
  not_found: "Geen club gevonden",
  nav: {
    label: "Clubnavigatie",
    overview: "Overzicht",
    recorded: "Opgenomen",
    offline: "Offline opnames",
    teams: "Teams",
    users: "Gebruikers",
  },
  add: {
    open: "Club toevoegen",
    title: "Een club toevoegen",
    submit: "Club toevoegen",
    choose_sport: "Kies een sport",
    added: "{{club}} toegevoegd",
    not_added: "De club kon niet worden toegevoegd",
    logo_not_saved:
      "{{club}} is toegevoegd, maar het logo kon niet worden opgeslagen. Upload het op de pagina Systeem.",
  },
  mine: {
    title: "Mijn club",
    title_system: "Clubs",
    subtitle: "Open een club om de wedstrijden, opnames en mensen te zien",
    empty: "Nog geen clubs",
  },
  all: {
    link: "Alle actieve clubs",
    title: "Alle clubs",
    subtitle_one: "{{count}} actieve club",
    subtitle_other: "{{count}} actieve clubs",
    empty: "Geen actieve clubs",
  },
  overview: {
    live: "Nu live",
    upcoming: "Binnenkort",
    recorded: "Opgenomen wedstrijden",
    empty_live: "Geen live wedstrijden gevonden",
    empty_upcoming: "Geen komende wedstrijden gevonden",
    empty_recorded: "Geen opnames gevonden",
  },
  recorded: {
    video_label: "Opname van {{match}}",
    processing: "De video wordt verwerkt en staat hier binnenkort.",
    no_video: "Deze opname heeft nog geen video.",
    nothing_recorded:
      "Er is niets opgenomen: geen camera zond beeld uit terwijl deze wedstrijd werd opgenomen. Heeft de camera wel een opname, herstel hem dan vanaf de camera.",
    kick_off: "Aftrap",
    field: "Veld",
    owner: "Club",
    summary: "Samenvatting",
    yes: "Ja",
    no: "Nee",
    score: "Stand",
    annotate: "Annoteren",
    not_found: "Geen wedstrijd gevonden",
  },
};

export default nl;
