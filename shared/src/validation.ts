import type { z } from 'zod';

/** First message per field path, for showing beside each field (form and API share this). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

export function firstError(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}
