// Texts shared by the dashboard pages (English defines the keys).
const en = {
  actions: {
    save: "Save",
    cancel: "Cancel",
    delete: "Delete",
    edit: "Edit",
    create: "Create",
    confirm: "Confirm",
    close: "Close",
    back: "Back",
  },
  confirm_delete: "Are you sure you want to delete this?",
};

export default en;
