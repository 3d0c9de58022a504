import { TextField, type TextFieldProps } from '@mui/material';
import { useState } from 'react';
import { ApiError } from './api';

/**
 * Form state shared by the public forms: values, the field messages from the contracts schema (run
 * in the browser before sending) or from the server's problem+json, and a busy flag.
 */
export type FieldErrors = Record<string, string>;

/** The first message per top-level field from a zod error's issues. */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The server's field messages, or the form-level message under `form`. */
export function errorsFromServer(error: unknown, fallback: string): FieldErrors {
  if (error instanceof ApiError) {
    const fields = error.problem.errors ?? {};
    return Object.keys(fields).length > 0 ? { ...fields } : { form: error.message || fallback };
  }
  return { form: fallback };
}

export function useFormState<T extends Record<string, unknown>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof T>(key: K, value: T[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key as string]: _dropped, ...rest }) => rest);
  };
  return { values, set, setValues, errors, setErrors, busy, setBusy };
}

type FormState<T extends Record<string, unknown>> = ReturnType<typeof useFormState<T>>;
type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/**
 * A text field bound to one form value: shows the field's message (from the schema or the server)
 * in place of its hint, and clears it as the user types.
 */
export function FormField<T extends Record<string, unknown>>({
  form,
  name,
  helperText,
  ...props
}: { form: Pick<FormState<T>, 'values' | 'set' | 'errors'>; name: TextKeys<T> } & Omit<
  TextFieldProps,
  'value' | 'onChange' | 'error' | 'name'
>) {
  const message = form.errors[name];
  return (
    <TextField
      {...props}
      name={name}
      value={form.values[name]}
      onChange={(event) => form.set(name, event.target.value as T[typeof name])}
      error={Boolean(message)}
      helperText={message ?? helperText}
    />
  );
}
