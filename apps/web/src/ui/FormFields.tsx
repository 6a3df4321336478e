// Labelled form controls for react-hook-form (`{...register(name)}` spreads onto
// them): each with its hint or error message wired for screen readers, plus a
// titled group of fields and the form-level alert.
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import { Controller, type Control, type FieldValues, type Path, type RegisterOptions } from "react-hook-form";
import "../styles/forms.css";

interface Described {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** The hint under a control, or the error in its place; `id` is what the control's describedby names. */
export function FieldMessage({ id, error, hint }: { id: string; error?: string | undefined; hint?: ReactNode }) {
  const message = error ?? hint;
  if (!message) return null;
  return (
    <p id={id} className={error ? "field__error" : "field__hint"}>
      {message}
    </p>
  );
}

/** What a framed control carries: its id, and its validity and message for screen readers. */
interface DescribedControl {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** Label, control and message: gives the control its id and describedby. */
function FieldFrame({
  label,
  error,
  hint,
  className = "",
  control,
}: Described & { className?: string | undefined; control: (described: DescribedControl) => ReactNode }) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={`field${error ? " field--invalid" : ""} ${className}`.trim()}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {control({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": (error ?? hint) ? messageId : undefined,
      })}
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}

type TextFieldProps = Described & InputHTMLAttributes<HTMLInputElement>;

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, className, ...input },
  ref,
) {
  const frame = { label, error, hint, className };
  return (
    <FieldFrame {...frame} control={(described) => <input ref={ref} className="input" {...described} {...input} />} />
  );
});

type SelectFieldProps = Described & SelectHTMLAttributes<HTMLSelectElement>;

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, className, children, ...select },
  ref,
) {
  const frame = { label, error, hint, className };
  return (
    <FieldFrame
      {...frame}
      control={(described) => (
        <select ref={ref} className="input select" {...described} {...select}>
          {children}
        </select>
      )}
    />
  );
});

interface ControlledSelectFieldProps<T extends FieldValues> extends Omit<
  SelectFieldProps,
  "name" | "value" | "onChange" | "onBlur" | "error"
> {
  control: Control<T>;
  name: Path<T>;
  rules?: Omit<RegisterOptions<T, Path<T>>, "valueAsNumber" | "valueAsDate" | "setValueAs" | "disabled">;
  /** Runs after the form has the new value (e.g. to clear a choice that depended on it). */
  onValueChange?: (value: string) => void;
}

/**
 * A SelectField whose options arrive from the server: controlled by the form,
 * so a value set before its option exists (an edited record's club, say)
 * shows once the option does. A plain registered select would lose it.
 */
export function ControlledSelectField<T extends FieldValues>({
  control,
  name,
  rules,
  onValueChange,
  ...select
}: ControlledSelectFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      rules={rules}
      render={({ field, fieldState }) => (
        <SelectField
          {...select}
          ref={field.ref}
          name={field.name}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(event) => {
            field.onChange(event.target.value);
            onValueChange?.(event.target.value);
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

type SwitchFieldProps = Described & Omit<InputHTMLAttributes<HTMLInputElement>, "type">;

/** A yes/no choice drawn as a switch (a real checkbox underneath). */
export const SwitchField = forwardRef<HTMLInputElement, SwitchFieldProps>(function SwitchField(
  { label, error, hint, className = "", ...input },
  ref,
) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={`switch-field${error ? " field--invalid" : ""} ${className}`.trim()}>
      <input
        ref={ref}
        id={id}
        type="checkbox"
        role="switch"
        className="switch-field__input"
        aria-describedby={(error ?? hint) ? messageId : undefined}
        {...input}
      />
      <label className="switch-field__label" htmlFor={id}>
        <span className="switch-field__track" aria-hidden="true" />
        {label}
      </label>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
});

/** A titled group of fields in a form. */
export function FieldGroup({
  title,
  description,
  children,
  columns = 2,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  columns?: 1 | 2 | 3;
}) {
  return (
    <fieldset className="field-group">
      <legend className="field-group__title">{title}</legend>
      {description && <p className="field-group__description">{description}</p>}
      <div className={`field-group__fields field-group__fields--${columns}`}>{children}</div>
    </fieldset>
  );
}

export function FormAlert({ message, tone = "error" }: { message: string | null; tone?: "error" | "success" }) {
  if (!message) return null;
  return (
    <p className={`form-alert form-alert--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {message}
    </p>
  );
}
