/**
 * The daily goal as the number field's text reads (empty is no goal): shared by the goal form's
 * check in the browser and the learning action on the server.
 */
export const goalNumber = (value: unknown) =>
  value === null || value === undefined || String(value).trim() === '' ? undefined : Number(value);
