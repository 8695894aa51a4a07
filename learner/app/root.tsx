import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOCALE_TAGS, LOCALES, localizedPath, pathWithoutLocale } from '@drone-exam/shared/i18n';
import type { Route } from './+types/root';
import './app.css';
import { cloudflareContext, userContext } from './context';
import { CLEAR_SESSION_COOKIE, resolveUser } from './lib/session.server';
import { SiteHeader } from './components/site-header';
import { SiteFooter } from './components/site-footer';
import { ToastProvider } from '@drone-exam/shared/ui/toast';
import { Container } from '@drone-exam/shared/ui/ui';
import { PRODUCT_NAME } from '@drone-exam/shared/constants';
import { Link, LinkButton } from './components/links';
import { useLocale, usePageMessages } from './i18n/hooks';
import { i18nextMiddleware, languageChoice, rootMessages } from './i18n/i18n.server';

/** Resolves the visitor once per request so every loader can read it from userContext. */
const sessionMiddleware: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const { user, clearCookie } = await resolveUser(request, context);
  context.set(userContext, user);
  const response = await next();
  if (clearCookie) response.headers.append('Set-Cookie', CLEAR_SESSION_COOKIE);
  return response;
};

/** The language first (a redirect needs nothing else), then its i18next, then the visitor. */
export const middleware: Route.MiddlewareFunction[] = [
  languageChoice,
  i18nextMiddleware,
  sessionMiddleware,
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { env, nonce } = context.get(cloudflareContext);
  return data({
    user: context.get(userContext),
    nonce,
    adminRemoteUrl: env.ADMIN_REMOTE_URL,
    turnstileSiteKey: env.TURNSTILE_SITE_KEY || null,
    origin: new URL(request.url).origin,
    i18n: rootMessages(context),
  });
}

export type RootData = Awaited<ReturnType<typeof loader>>['data'];

/** The user only changes through a form submission (login, logout, profile) or an explicit revalidate. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod !== 'GET' ? defaultShouldRevalidate : false;
}

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.ico' }];

/**
 * Routes whose page is complete as server HTML export `handle = staticPage`: they ship no
 * JavaScript at all (the landing page must stay within its script budget, and nothing on these
 * pages needs the client).
 */
export const staticPage = { hydrate: false } as const;

function useHydrate(): boolean {
  return !useMatches().some(
    (match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false,
  );
}

/** Paths that exist in one language only: the admin console and the local dev tools. */
const UNLOCALIZED = /^\/(admin|dev)(\/|$)/;

/** The page in each language, for search engines (English is the default for other languages). */
function LanguageAlternates({ origin }: { origin: string }) {
  const { pathname } = useLocation();
  if (UNLOCALIZED.test(pathname)) return null;
  const bare = pathWithoutLocale(pathname);
  return (
    <>
      {LOCALES.map((locale) => (
        <link
          key={locale}
          rel="alternate"
          hrefLang={LOCALE_TAGS[locale]}
          href={`${origin}${localizedPath(bare, locale)}`}
        />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}${bare}`} />
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootData>('root');
  const nonce = root?.nonce;
  const hydrate = useHydrate();
  usePageMessages();
  const locale = useLocale();
  return (
    <html lang={LOCALE_TAGS[locale]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0c4a6e" />
        {root?.adminRemoteUrl && <meta name="admin-remote-entry" content={root.adminRemoteUrl} />}
        <Meta />
        <Links />
        {root?.origin && <LanguageAlternates origin={root.origin} />}
      </head>
      <body className="flex min-h-screen flex-col bg-slate-50 font-sans text-slate-900 antialiased">
        <ToastProvider>
          <SiteHeader user={root?.user ?? null} />
          <main id="main" className="flex-1 py-8 sm:py-12">
            {children}
          </main>
          <SiteFooter />
        </ToastProvider>
        {hydrate && <ScrollRestoration nonce={nonce} />}
        {hydrate && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta() {
  return [{ title: PRODUCT_NAME }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText || t('error.status')}`
    : t('error.unexpected');
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Container className="py-16 text-center">
      <title>{`${t('error.title')} | ${PRODUCT_NAME}`}</title>
      <h1 className="text-3xl font-bold text-slate-900">{t('error.title')}</h1>
      <p className="mt-3 text-slate-600">{message}</p>
      <div className="mt-8 flex justify-center gap-3">
        <LinkButton to="/">{t('goHome')}</LinkButton>
        <Link
          to="/contact"
          className="px-4 py-2 text-sm font-semibold text-sky-700 hover:underline"
        >
          {t('error.report')}
        </Link>
      </div>
    </Container>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Container className="py-16 text-center">
      <title>{`${t('notFound.title')} | ${PRODUCT_NAME}`}</title>
      <p className="text-sm font-semibold tracking-wide text-sky-700 uppercase">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">{t('notFound.title')}</h1>
      <p className="mt-3 text-slate-600">{t('notFound.body')}</p>
      <div className="mt-8">
        <LinkButton to="/">{t('goHome')}</LinkButton>
      </div>
    </Container>
  );
}
