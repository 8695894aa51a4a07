/**
 * Offline data is best effort: where this device's storage fails, the page goes on online. Apart
 * from IndexedDB's code (db.ts), so a page can say so without loading it.
 */
export const warnOfflineDataUnavailable = (error: unknown) =>
  console.warn('Offline data unavailable', error);
