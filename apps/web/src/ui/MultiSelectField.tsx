// A labelled listbox that picks several options (Headless UI: keyboard,
// typeahead and ARIA included). Controlled: use it through react-hook-form's
// Controller. The chosen options are listed on the button.
import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from "@headlessui/react";
import { useId } from "react";
import { FieldMessage } from "./FormFields.tsx";
import { Icon } from "./Icon.tsx";
import "../styles/forms.css";

export interface Choice<V extends string | number> {
  value: V;
  label: string;
}

interface MultiSelectFieldProps<V extends string | number> {
  label: string;
  options: readonly Choice<V>[];
  value: V[];
  onChange: (value: V[]) => void;
  /** Shown on the button when nothing is chosen. */
  placeholder: string;
  error?: string | undefined;
  hint?: string;
  disabled?: boolean;
}

export function MultiSelectField<V extends string | number>({
  label,
  options,
  value,
  onChange,
  placeholder,
  error,
  hint,
  disabled = false,
}: MultiSelectFieldProps<V>) {
  const messageId = useId();
  const chosen = options.filter((option) => value.includes(option.value));
  return (
    <Field className={`field${error ? " field--invalid" : ""}`} disabled={disabled}>
      <Label className="field__label">{label}</Label>
      <Listbox value={value} onChange={onChange} multiple invalid={Boolean(error)}>
        <ListboxButton
          className="input multi-select__button"
          aria-describedby={(error ?? hint) ? messageId : undefined}
          aria-invalid={error ? true : undefined}
        >
          <span className={`multi-select__summary${chosen.length ? "" : " multi-select__summary--empty"}`}>
            {chosen.length ? chosen.map((option) => option.label).join(", ") : placeholder}
          </span>
          <Icon name="chevronDown" size={18} />
        </ListboxButton>
        <ListboxOptions anchor={{ to: "bottom start", gap: 4 }} className="multi-select__options">
          {options.map((option) => (
            <ListboxOption key={option.value} value={option.value} className="multi-select__option">
              <span className="multi-select__check" aria-hidden="true">
                <Icon name="check" size={16} />
              </span>
              {option.label}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </Field>
  );
}
