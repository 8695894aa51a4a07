/** Time-ordered ids: sortable by creation, unguessable thanks to 80 random bits. */
export function newId(): string {
  const time = Date.now().toString(36).padStart(9, '0');
  const random = crypto.getRandomValues(new Uint8Array(10));
  let tail = '';
  for (const byte of random) tail += byte.toString(36).padStart(2, '0');
  return `${time}${tail}`;
}

/** A URL-safe random token for emails (256 bits). */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
