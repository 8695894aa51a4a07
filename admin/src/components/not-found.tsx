import { Alert } from '@drone-exam/shared/ui/ui';

/** The console's 404: the site's "Page Not Found" with its "Go Home" way out. */
export function AdminNotFound({ area }: { area: string }) {
  return (
    <Alert tone="warning" title="Page Not Found">
      This {area} page does not exist.{' '}
      <a href="/" className="font-medium underline">
        Go Home
      </a>
    </Alert>
  );
}
