import { useEffect, useRef, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/verify-email';
import {
  LOGIN_TO_RESEND,
  VERIFICATION_RESEND_FAILED,
  VERIFICATION_SENT,
  VERIFY_EMAIL_FAILED,
  type PublicUser,
} from '@drone-exam/shared';
import { Alert, Button, Card, Container, Spinner } from '@drone-exam/shared/ui/ui';
import { api } from '../lib/api';
import { metaFromLoader } from '../lib/meta';
import { Link, LinkButton } from '../components/links';
import { useLocalizedPath, useMessage } from '../i18n/hooks';
import { pageMessages, serverT } from '../i18n/i18n.server';
import { REDIRECT_AFTER_VERIFY_MS } from '../components/account/constants';

export const meta = metaFromLoader;

export function loader({ request, context }: Route.LoaderArgs) {
  const t = serverT(context, 'auth');
  return {
    token: new URL(request.url).searchParams.get('token'),
    meta: { title: t('verify.meta'), description: t('verify.description') },
    i18n: pageMessages(context, ['auth']),
  };
}

type Verification =
  { state: 'verifying' } | { state: 'success'; next: string } | { state: 'error'; message: string };

type Verified = { user: PublicUser; token: string | null; next: string };

/**
 * The token is spent from the browser, not the loader: mail scanners that fetch every link in an
 * email would otherwise use it up (and be signed in) before the learner clicks.
 */
export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('auth');
  const { token } = loaderData;
  const [verification, setVerification] = useState<Verification>({ state: 'verifying' });
  const started = useRef(false);
  const revalidator = useRevalidator();

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void api('/auth/verify-email', { method: 'POST', body: { token } }).then((result) => {
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
          <Problem title={t('verify.incompleteTitle')} message={t('verify.incompleteBody')} />
        ) : verification.state === 'verifying' ? (
          <div className="py-6 text-center">
            <h1 className="text-2xl font-bold text-slate-900">{t('verify.verifying')}</h1>
            <div className="mt-6">
              <Spinner label={t('verify.checking')} />
            </div>
          </div>
        ) : verification.state === 'success' ? (
          <Verified next={verification.next} />
        ) : (
          <Problem title={t('verify.failedTitle')} message={verification.message} />
        )}
      </Card>
    </Container>
  );
}

function Verified({ next }: { next: string }) {
  const { t } = useTranslation('auth');
  const localized = useLocalizedPath();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const toCheckout = next.startsWith('/pricing');
  const seconds = REDIRECT_AFTER_VERIFY_MS / 1000;
  useEffect(() => {
    heading.current?.focus();
    const timer = setTimeout(() => navigate(localized(next)), REDIRECT_AFTER_VERIFY_MS);
    return () => clearTimeout(timer);
  }, [navigate, next, localized]);
  return (
    <div>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900">
        {t('verify.doneTitle')}
      </h1>
      <Alert tone="success" className="mt-4" title={t('verify.done')}>
        {toCheckout
          ? t('verify.toCheckout', { count: seconds })
          : t('verify.toDashboard', { count: seconds })}
      </Alert>
      <div className="mt-6">
        <LinkButton to={next}>
          {toCheckout ? t('verify.continueCheckout') : t('verify.goDashboard')}
        </LinkButton>
      </div>
    </div>
  );
}

/** The missing-token and error states: resend (for a signed-in learner) or go back. */
function Problem({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation('auth');
  const translate = useMessage();
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
        {translate(message)}
      </Alert>
      <div aria-live="polite">
        {resend && (
          <Alert tone={resend.tone} className="mt-4">
            {translate(resend.text)}{' '}
            {needsLogin && (
              <Link to="/login" className="font-semibold underline">
                {t('login.submit')}
              </Link>
            )}
          </Alert>
        )}
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button onClick={resendEmail} loading={busy} loadingText={t('sending')}>
          {t('unverified.resend')}
        </Button>
        <LinkButton to="/dashboard" variant="secondary">
          {t('verify.backDashboard')}
        </LinkButton>
      </div>
    </div>
  );
}
