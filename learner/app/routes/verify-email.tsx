import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import type { Route } from './+types/verify-email';
import {
  LOGIN_TO_RESEND,
  VERIFICATION_RESEND_FAILED,
  VERIFICATION_SENT,
  VERIFY_EMAIL_FAILED,
  type PublicUser,
} from '@drone-exam/shared';
import { REDIRECT_AFTER_VERIFY_MS } from '@drone-exam/shared/constants';
import { Alert, Button, Card, Container, LinkButton, Spinner } from '@drone-exam/shared/ui/ui';
import { api } from '../lib/api';
import { pageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Verify your email', 'Confirm the email address of your DroneCert Prep account.');

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') };
}

type Verification =
  { state: 'verifying' } | { state: 'success'; next: string } | { state: 'error'; message: string };

type Verified = { user: PublicUser; token: string | null; next: string };

/**
 * The token is spent from the browser, not the loader: mail scanners that fetch every link in an
 * email would otherwise use it up (and be signed in) before the learner clicks.
 */
export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { token } = loaderData;
  const [verification, setVerification] = useState<Verification>({ state: 'verifying' });
  const started = useRef(false);
  const revalidator = useRevalidator();

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void api<Verified>('/auth/verify-email', { method: 'POST', body: { token } }).then((result) => {
      if (result.success) {
        setVerification({ state: 'success', next: result.data.next });
        // The header now shows the learner signed in.
        void revalidator.revalidate();
      } else {
        setVerification({ state: 'error', message: result.error || VERIFY_EMAIL_FAILED });
      }
    });
  }, [token, revalidator]);

  return (
    <Container className="max-w-lg">
      <Card>
        {!token ? (
          <Problem
            title="Verification link incomplete"
            message="This address is missing the code from your verification email. Open the link from the email again, or ask for a new one."
          />
        ) : verification.state === 'verifying' ? (
          <div className="py-6 text-center">
            <h1 className="text-2xl font-bold text-slate-900">Verifying your email</h1>
            <div className="mt-6">
              <Spinner label="Checking your verification link…" />
            </div>
          </div>
        ) : verification.state === 'success' ? (
          <Verified next={verification.next} />
        ) : (
          <Problem title="Verification failed" message={verification.message} />
        )}
      </Card>
    </Container>
  );
}

function Verified({ next }: { next: string }) {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const toCheckout = next.startsWith('/pricing');
  useEffect(() => {
    heading.current?.focus();
    const timer = setTimeout(() => navigate(next), REDIRECT_AFTER_VERIFY_MS);
    return () => clearTimeout(timer);
  }, [navigate, next]);
  return (
    <div>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900">
        Email verified
      </h1>
      <Alert tone="success" className="mt-4" title="Your email address is verified.">
        {toCheckout
          ? 'Taking you to checkout in 3 seconds…'
          : 'Taking you to your dashboard in 3 seconds…'}
      </Alert>
      <div className="mt-6">
        <LinkButton to={next}>{toCheckout ? 'Continue to Checkout' : 'Go to Dashboard'}</LinkButton>
      </div>
    </div>
  );
}

/** The missing-token and error states: resend (for a signed-in learner) or go back. */
function Problem({ title, message }: { title: string; message: string }) {
  const [resend, setResend] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [needsLogin, setNeedsLogin] = useState(false);

  async function resendEmail() {
    setBusy(true);
    const result = await api('/auth/resend-verification', { method: 'POST' });
    setBusy(false);
    if (result.success) return setResend({ tone: 'success', text: VERIFICATION_SENT });
    if (result.status === 401) {
      setNeedsLogin(true);
      return setResend({ tone: 'error', text: LOGIN_TO_RESEND });
    }
    // A network failure arrives as NETWORK_ERROR, the spec's own text for it.
    setResend({ tone: 'error', text: result.error || VERIFICATION_RESEND_FAILED });
  }

  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <Alert tone="error" className="mt-4">
        {message}
      </Alert>
      <div aria-live="polite">
        {resend && (
          <Alert tone={resend.tone} className="mt-4">
            {resend.text}{' '}
            {needsLogin && (
              <Link to="/login" className="font-semibold underline">
                Log in
              </Link>
            )}
          </Alert>
        )}
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button onClick={resendEmail} loading={busy} loadingText="Sending…">
          Resend Verification Email
        </Button>
        <LinkButton to="/dashboard" variant="secondary">
          Back to Dashboard
        </LinkButton>
      </div>
    </div>
  );
}
