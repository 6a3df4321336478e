// A labelled select of records by name, with a first option for "none chosen"
// (the club to share with, a table's filter…). Its value is the chosen id as text, "" for none.
import { useId } from "react";

export function ChoiceSelect({
  label,
  value,
  onChange,
  placeholder,
  options,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  options: { id: number; name: string }[];
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} className="input select" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
