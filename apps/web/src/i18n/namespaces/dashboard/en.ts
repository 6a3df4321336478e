// Texts shared by the dashboard pages (English defines the keys).
const en = {
  actions: {
    save: "Save",
    saving: "Saving…",
    cancel: "Cancel",
    delete: "Delete",
    edit: "Edit",
    create: "Create",
    confirm: "Confirm",
    close: "Close",
    back: "Back",
  },
  table: {
    select_all: "Select all rows",
    select_all_short: "Select all",
    select_row: "Select {{name}}",
    selected: "{{count}} selected",
    clear_selection: "Clear selection",
    bulk_actions: "Actions for the selected rows",
    actions: "Actions",
  },
  busy: "Working…",
  confirm_delete: "Are you sure you want to delete this?",
  copy: {
    copy: "Copy",
    copy_what: "Copy {{what}}",
    copied: "Copied",
    copied_what: "Copied {{what}}",
    failed: "Could not copy. Select the text and copy it yourself.",
    hidden: "Hidden until you reveal it",
  },
};

export default en;
