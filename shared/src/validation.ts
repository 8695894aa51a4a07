import { z } from 'zod';

/** First message per field path, for showing beside each field (form and API share this). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/** The message to answer with: an unknown field first (it names the key), else the first issue. */
export function firstError(error: z.ZodError): string {
  const unknown = error.issues.find((issue) => issue.code === 'unrecognized_keys');
  return (unknown ?? error.issues[0])?.message ?? 'Invalid input';
}

/**
 * The fields an object schema (or a refinement or transform of one) takes. API payload schemas
 * are strict, so a form drops what the browser adds of its own (a bot-check token input, a hidden
 * field for the page) before checking the rest with the same schema. Read from the schema's
 * definition rather than by `instanceof`, so a page that loads this helper does not load the
 * validation library with it (the module page's budget).
 */
export function knownFields(schema: z.ZodType): string[] | null {
  const def = schema.def as { type: string; shape?: object; in?: z.ZodType };
  if (def.type === 'object' && def.shape) return Object.keys(def.shape);
  if (def.type === 'pipe' && def.in) return knownFields(def.in);
  return null;
}

export function onlyKnownFields(schema: z.ZodType, values: Record<string, unknown>) {
  const known = knownFields(schema);
  if (!known) return values;
  return Object.fromEntries(Object.entries(values).filter(([key]) => known.includes(key)));
}
