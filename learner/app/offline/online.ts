import { useEffect, useState } from 'react';

/**
 * Whether the browser is online, in a module of its own: a page that only asks (practice) loads
 * neither the outbox nor IndexedDB at start-up.
 */
export function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}
