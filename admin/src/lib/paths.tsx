import { createContext, useContext } from 'react';

/** Where the console is mounted (/admin in the learner host), so pages can link between tabs. */
export const AdminBaseContext = createContext('/admin');

export function useAdminPath() {
  const base = useContext(AdminBaseContext);
  return (path = '') => (path ? `${base}/${path}` : base);
}
