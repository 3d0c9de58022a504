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
