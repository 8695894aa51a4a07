import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { Route } from './+types/admin';
import { pageMeta } from '../lib/meta';
import { Alert, Button, Container, Spinner } from '@drone-exam/shared/ui/ui';

export const meta: Route.MetaFunction = () =>
  pageMeta('Admin', 'The DroneCert Prep administration console.');

/**
 * The admin console is a separately deployed module-federation remote, loaded at runtime in the
 * browser only: no server loader, so the server renders the fallback and ships no admin code.
 */
export async function clientLoader() {
  return null;
}

export function HydrateFallback() {
  return <AdminLoading />;
}

function AdminLoading() {
  return (
    <Container className="py-16 text-center">
      <Spinner label="Loading admin console…" />
    </Container>
  );
}

class RemoteBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('Admin console failed to load', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Container className="max-w-xl py-16">
        <Alert tone="error" title="The admin console could not be loaded">
          Check your connection and try again.
        </Alert>
        <Button className="mt-4" onClick={() => window.location.reload()}>
          Try Again
        </Button>
      </Container>
    );
  }
}

const AdminApp = lazy(() => import('../mf.client').then((m) => m.loadAdminApp()));

export default function Admin() {
  return (
    <RemoteBoundary>
      <Suspense fallback={<AdminLoading />}>
        <AdminApp basename="/admin" />
      </Suspense>
    </RemoteBoundary>
  );
}
