import { data } from 'react-router';
import { NotFound, staticPage } from '../root';

export const handle = staticPage;

/** Any path no other route claims: a real 404 status with the Page Not Found screen. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
