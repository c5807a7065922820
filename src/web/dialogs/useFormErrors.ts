import { useCallback, useState } from 'react';
import type { z } from 'zod';

/** Field errors from a shared zod schema: the same rules and messages the server applies. */
export function useFormErrors<S extends z.ZodType>(schema: S) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const check = useCallback(
    (values: unknown): z.infer<S> | null => {
      const parsed = schema.safeParse(values);
      if (parsed.success) {
        setErrors({});
        return parsed.data;
      }
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path.map(String).join('.') || '_form';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return null;
    },
    [schema],
  );
  /** Shows a server refusal on a field (or on the form). */
  const fail = useCallback((field: string, message: string) => setErrors((current) => ({ ...current, [field]: message })), []);
  return { errors, check, fail };
}
