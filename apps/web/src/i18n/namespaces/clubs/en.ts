// Texts of the club pages (English defines the keys).
const en = {
  picker: { label: "Club", loading: "Loading clubs…", choose: "Choose a club" },
  inactive: "Not activated",
  not_found: "No club found",
  nav: {
    label: "Club navigation",
    overview: "Overview",
    recorded: "Recorded",
    offline: "Offline recordings",
    teams: "Teams",
    users: "Users",
  },
  add: {
    open: "Add club",
    title: "Add a club",
    submit: "Add club",
    choose_sport: "Choose a sport",
    added: "{{club}} added",
    not_added: "Could not add the club",
    logo_not_saved: "{{club}} was added, but its logo could not be saved. Upload it on the System page.",
  },
  mine: {
    title: "My club",
    title_system: "Clubs",
    subtitle: "Open a club to see its matches, recordings and people",
    empty: "No clubs yet",
  },
  all: {
    link: "All active clubs",
    title: "All clubs",
    subtitle_one: "{{count}} active club",
    subtitle_other: "{{count}} active clubs",
    empty: "No active clubs",
  },
  overview: {
    live: "Live now",
    upcoming: "Upcoming",
    recorded: "Recorded matches",
    empty_live: "No live matches found",
    empty_upcoming: "No upcoming matches found",
    empty_recorded: "No recorded found",
  },
  recorded: {
    video_label: "Recording of {{match}}",
    processing: "The video is being processed and will be here soon.",
    no_video: "This recording has no video yet.",
    nothing_recorded:
      "Nothing was recorded: no camera published while this match was recording. If the camera kept a recording, restore it from the camera.",
    kick_off: "Kick-off",
    field: "Field",
    owner: "Club",
    summary: "Summary",
    yes: "Yes",
    no: "No",
    score: "Score",
    annotate: "Annotate",
    not_found: "No match found",
  },
};

export default en;
