// The sign-in forms use the shared labelled controls.
export { FormAlert, TextField as FormField } from "../../ui/FormFields.tsx";
