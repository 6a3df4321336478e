// The form of an 'add …' dialog: submitting creates the record, toasts what was
// added, refreshes the list and closes; a refused call puts the server's 422
// messages on their fields and the rest in the form's alert. Closing clears it.
import { useState } from "react";
import { useForm, type FieldValues, type Path, type Resolver, type UseFormProps } from "react-hook-form";
import { useToast } from "../ui/Toasts.tsx";
import { applyServerErrors } from "./server-errors.ts";

interface CreateRecordFormOptions<T extends FieldValues> {
  /** The values of an empty form: the form starts from them and closing resets to them. */
  blank: T;
  /** `values` keeps the form in step with `blank` when it depends on the page; else it is only the start. */
  follow?: boolean;
  /** Checks the values before they are sent (useSchemaResolver: the API's own input schema). */
  resolver: Resolver<T>;
  /** The form's fields the server's 422 messages may name. */
  fields: readonly Path<T>[];
  /** The alert when the call failed without naming a field. */
  failureText: string;
  /** Creates the record and answers the success toast. */
  create: (values: T) => Promise<string>;
  /** Refreshes the lists that show the new record. */
  refresh: () => Promise<unknown>;
  onClose: () => void;
}

export function useCreateRecordForm<T extends FieldValues>({
  blank,
  follow = false,
  resolver,
  fields,
  failureText,
  create,
  refresh,
  onClose,
}: CreateRecordFormOptions<T>) {
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const options: UseFormProps<T> = follow
    ? { values: blank, resolver }
    : { defaultValues: blank as UseFormProps<T>["defaultValues"], resolver };
  const form = useForm<T>(options);
  const close = () => {
    form.reset(blank);
    setFailure(null);
    onClose();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      toast.success(await create(values));
      await refresh();
      close();
    } catch (error) {
      setFailure(applyServerErrors(error, form.setError, fields, failureText));
    }
  });
  /** What FormDialog needs from the form: spread it as `<FormDialog {...dialog} …>`. */
  const dialog = { onClose: close, onSubmit, failure, submitting: form.formState.isSubmitting };
  return { form, dialog };
}
