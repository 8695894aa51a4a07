import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { fr as zodFrench } from 'zod/locales';
import { fieldErrors, firstError, type ApiFailure } from '@drone-exam/shared';
import type { Locale } from '@drone-exam/shared/i18n';
import { localizeMessage } from '@drone-exam/shared/messages';
import {
  changedReadOnly,
  splitReadOnly,
  type ReadOnlyFields,
} from '@drone-exam/shared/schemas/updates';
import type { AppEnv } from '../env.ts';

/** Thrown anywhere in a handler; the app's error handler turns it into the one error shape. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new ApiError(404, what, 'NOT_FOUND');
export const forbidden = (message = 'You do not have permission to do that') =>
  new ApiError(403, message, 'FORBIDDEN');
export const badRequest = (message: string, code = 'BAD_REQUEST') =>
  new ApiError(400, message, code);
export const conflict = (message: string, code = 'CONFLICT') => new ApiError(409, message, code);

export function ok<T>(c: Context<AppEnv>, data: T, status: ContentfulStatusCode = 200) {
  return c.json({ success: true as const, data }, status);
}

/**
 * The one error shape, its messages in the request's language: every message is raised in
 * English (its id) and translated here, so no route or schema is written twice.
 */
export function failure(
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  code?: string,
  fields?: Record<string, string>,
) {
  const locale: Locale = (c.var as Partial<AppEnv['Variables']>).locale ?? 'en';
  const body: ApiFailure = { success: false, error: localizeMessage(error, locale) };
  if (code) body.code = code;
  if (fields) {
    body.fields = Object.fromEntries(
      Object.entries(fields).map(([key, message]) => [key, localizeMessage(message, locale)]),
    );
  }
  return c.json(body, status);
}

/**
 * zod's own messages (for checks a schema gives no message of its own) in the request's
 * language; the schemas' messages are translated by `failure`.
 */
const ZOD_LOCALE_ERRORS: Partial<Record<Locale, z.core.$ZodErrorMap>> = {};
export function zodErrors(locale: Locale): z.core.$ZodErrorMap | undefined {
  if (locale === 'en') return undefined;
  ZOD_LOCALE_ERRORS.fr ??= zodFrench().localeError;
  return ZOD_LOCALE_ERRORS.fr;
}

type Target = 'json' | 'query' | 'param';

type Checked<T> = { ok: true; data: T } | { ok: false; refused: Response };

/** The value, or the one error shape: the first message as `error`, every field's in `fields`. */
async function check<S extends z.ZodType>(
  c: Context<AppEnv>,
  schema: S,
  value: unknown,
): Promise<Checked<z.output<S>>> {
  const error = zodErrors(c.var.locale);
  const result = await schema.safeParseAsync(value, error ? { error } : undefined);
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    refused: failure(
      c,
      400,
      firstError(result.error),
      'VALIDATION_ERROR',
      fieldErrors(result.error),
    ),
  };
}

/**
 * Validates one part of the request with the shared zod schema; a failure answers 400 with the
 * first message as `error` and every field's message in `fields`.
 */
export function validate<T extends Target, S extends z.ZodType>(target: T, schema: S) {
  return validator(target, async (value, c) => {
    const checked = await check(c, schema, value);
    return checked.ok ? checked.data : checked.refused;
  });
}

/**
 * An update as the client may send it: the entity as its GET returned it, or just the changes.
 * The read-only fields it carries are set aside in `kept` (the handler holds them to the stored
 * entity with keepsReadOnly); the update's strict schema checks the rest, so keys that are not
 * fields of the entity are still refused.
 */
export function validateUpdate<S extends z.ZodType, Entity extends object>(
  schema: S,
  readOnly: ReadOnlyFields<Entity>,
) {
  return validator('json', async (value, c) => {
    const { kept, rest } = splitReadOnly(value, readOnly);
    const checked = await check(c, schema, rest);
    if (!checked.ok) return checked.refused;
    return { changes: checked.data, kept } as {
      changes: z.output<S>;
      kept: Record<string, unknown>;
    };
  });
}

/**
 * Read-only fields sent back unchanged are ignored; one that differs from the entity as read
 * refuses the update with its own message (a 400 naming the field).
 */
export function keepsReadOnly<Entity extends object>(
  kept: Record<string, unknown>,
  entity: Entity,
  readOnly: ReadOnlyFields<Entity>,
) {
  const changed = changedReadOnly(kept, entity);
  if (changed === null) return;
  const message = readOnly[changed]!;
  throw new ApiError(400, message, 'READ_ONLY_FIELD', { [changed]: message });
}
