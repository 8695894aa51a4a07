/**
 * Updates accept what reads return (ARCHITECTURE "Strict payloads"): a PUT or PATCH body may carry
 * the entity's fields as its GET gave them. The fields an update cannot change are listed per
 * entity with the message that refuses a change; the API sets them aside before the update's own
 * strict schema checks the rest (so a key that is no field of the entity is still refused), and
 * compares them with the entity as read: equal, they are ignored; different, a 400 with the message.
 */
export type ReadOnlyFields<Entity> = Readonly<Partial<Record<keyof Entity & string, string>>>;

/** The message for a field the server keeps (dates, counts): one message, the field named in it. */
export const setByServer = (field: string) => `${field} is set by the server and cannot be changed`;

/** An update body with its read-only fields set aside from the fields the update schema checks. */
export type UpdateBody = { kept: Record<string, unknown>; rest: unknown };

export function splitReadOnly(body: unknown, readOnly: ReadOnlyFields<object>): UpdateBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { kept: {}, rest: body };
  const kept: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (Object.hasOwn(readOnly, key)) kept[key] = value;
    else rest[key] = value;
  }
  return { kept, rest };
}

/** Equality of JSON values, as a read returned them (object keys in any order). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const bKeys = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((key) =>
      sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

/** The first read-only field the body tries to change (its value differs from the entity's), or null. */
export function changedReadOnly<Entity extends object>(
  kept: Record<string, unknown>,
  entity: Entity,
): (keyof Entity & string) | null {
  for (const [key, value] of Object.entries(kept)) {
    if (!sameValue(value, (entity as Record<string, unknown>)[key]))
      return key as keyof Entity & string;
  }
  return null;
}
