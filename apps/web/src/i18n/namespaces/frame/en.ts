// Texts of the dashboard frame: top bar, search, left menu (English defines the keys).
const en = {
  search: {
    open: "Search",
    close: "Close search",
    label: "Search the platform",
    placeholder: "Clubs, teams, users or matches",
    results: "Results for “{{query}}”",
    searching: "Searching…",
    no_results: "Nothing found for “{{query}}”",
    no_results_hint: "Check the spelling or try a shorter word.",
    failed: "The search didn't work. Please try again.",
    groups: {
      clubs: "Clubs",
      teams: "Teams",
      users: "Users",
      matches: "Matches",
    },
  },
  bell: {
    label: "Notifications",
    unread: "Notifications, {{count}} unread",
  },
  support: {
    label: "Contact support",
    subject: "Support question from {{club}}",
    body: "Hello Clubcast support,\n\nI have a question about:\n\n\n\nKind regards,\n{{name}}\n{{club}}",
    no_club: "no club",
  },
  account: {
    sign_in: "Sign in",
  },
  menu: {
    language: "Language",
  },
};

export default en;
