import { useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ZodType } from 'zod';

type Values = Record<string, string>;
export type FieldErrors<TValues extends Values> = Partial<Record<keyof TValues, string>>;

interface Options {
  /**
   * 'change': a field shows its error as soon as it has been edited (registration).
   * 'submit': errors appear after the first submit, then follow every change (login).
   */
  mode: 'change' | 'submit';
}

/** First message per top-level field; the schema reports translation keys. */
function collectErrors<TValues extends Values>(schema: ZodType, values: TValues): FieldErrors<TValues> {
  const result = schema.safeParse(values);
  const errors: FieldErrors<TValues> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof TValues;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** Small controlled-form state validated by a zod schema from @protocol. */
export function useZodForm<TValues extends Values, TOutput>(
  schema: ZodType<TOutput>,
  initialValues: TValues,
  { mode }: Options,
) {
  const [values, setValues] = useState(initialValues);
  const [edited, setEdited] = useState<ReadonlySet<keyof TValues>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);

  const allErrors = useMemo(() => collectErrors(schema, values), [schema, values]);
  const errors = useMemo<FieldErrors<TValues>>(() => {
    if (submitted) return allErrors;
    if (mode === 'submit') return {};
    const visible: FieldErrors<TValues> = {};
    for (const field of edited) visible[field] = allErrors[field];
    return visible;
  }, [allErrors, edited, submitted, mode]);

  const hasErrors = Object.values(errors).some(Boolean);

  const setValue = (name: keyof TValues, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setEdited((previous) => (previous.has(name) ? previous : new Set(previous).add(name)));
  };

  /** Spread onto a TextField: name, value, onChange and the field's error. */
  const field = (name: keyof TValues & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
  });

  const handleSubmit = (onValid: (data: TOutput) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = schema.safeParse(values);
    if (result.success) onValid(result.data);
  };

  return { values, errors, hasErrors, setValue, field, handleSubmit };
}
