/**
 * react-i18next imports useSyncExternalStore from the shim package for React 17; React 19 has
 * it built in, so the build points the shim here and ships no second copy (vite.config.ts).
 */
export { useSyncExternalStore } from 'react';
