import { Form, NavLink as RouterNavLink, useLocation, useSubmit } from 'react-router';
import type { FormEvent } from 'react';
import { useTranslation } from '../i18n/react';
import type { PublicUser } from '@drone-exam/shared';
import { useLocalizedPath } from '../i18n/hooks';
import { LanguageSwitcher, Link, NavLink } from './links';
import { PRODUCT_NAME } from '@drone-exam/shared/product';

const MAIN_LINKS = [
  { to: '/study', label: 'nav.study' },
  { to: '/practice', label: 'nav.practice' },
  { to: '/pricing', label: 'nav.pricing' },
  { to: '/resources', label: 'nav.resources' },
  { to: '/faq', label: 'nav.faq' },
  { to: '/contact', label: 'nav.contact' },
] as const;

const switcherClass =
  'rounded-md px-3 py-2 text-sm font-medium text-sky-800 underline-offset-2 hover:bg-slate-100 hover:underline';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-sky-100 text-sky-900' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`;

function AccountLinks({ user, mobile }: { user: PublicUser | null; mobile?: boolean }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const layout = mobile ? 'flex flex-col gap-1' : 'flex items-center gap-1';
  const submit = useSubmit();
  if (!user) {
    return (
      <div className={layout}>
        <NavLink to="/login" className={navClass}>
          {t('nav.login')}
        </NavLink>
        <Link
          to="/register"
          className="rounded-md bg-sky-700 px-3 py-2 text-sm font-semibold text-white hover:bg-sky-800"
        >
          {t('nav.signUp')}
        </Link>
      </div>
    );
  }
  /**
   * Signing out deletes this device's copies (the service worker does too; this covers a page it
   * does not control). Changes made offline are sent first; any that cannot be are not deleted
   * without asking.
   */
  const signOut = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    void (async () => {
      const [{ unsyncedBeforeSignOut }, { forgetEverything }] = await Promise.all([
        import('../offline/sign-out'),
        import('../offline/worker-client'),
      ]);
      const unsynced = await unsyncedBeforeSignOut(user.id).catch(() => 0);
      if (unsynced > 0 && !window.confirm(t('nav.logoutUnsynced', { count: unsynced }))) return;
      await forgetEverything();
      await submit(form);
    })();
  };
  return (
    <div className={layout}>
      {user.role === 'admin' && (
        // The admin console is English only: its link is the same on every page.
        <RouterNavLink to="/admin" className={navClass}>
          {t('nav.admin')}
        </RouterNavLink>
      )}
      <NavLink to="/dashboard" className={navClass}>
        {t('nav.dashboard')}
      </NavLink>
      <NavLink to="/classes" className={navClass}>
        {t('nav.classes')}
      </NavLink>
      <NavLink to="/account" className={navClass}>
        {t('nav.account')}
      </NavLink>
      <Form method="post" action={localized('/logout')} onSubmit={signOut}>
        <button
          type="submit"
          className="w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          {t('nav.logout')}
        </button>
      </Form>
    </div>
  );
}

/**
 * The mobile menu is a <details> disclosure: it opens and closes without JavaScript (the static
 * pages ship none) and screen readers announce its expanded state natively.
 */
export function SiteHeader({
  user,
  accountLinks = true,
}: {
  user: PublicUser | null;
  /** Off on the offline pages, which are the same for everyone. */
  accountLinks?: boolean;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('skipToContent')}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <span
            aria-hidden="true"
            className="grid h-8 w-8 place-items-center rounded-lg bg-sky-700 text-white"
          >
            ✈
          </span>
          {PRODUCT_NAME}
        </Link>
        <nav aria-label={t('nav.mainLabel')} className="hidden items-center gap-1 lg:flex">
          {MAIN_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navClass}>
              {t(link.label)}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-1 lg:flex">
          <LanguageSwitcher className={switcherClass} />
          {accountLinks && <AccountLinks user={user} />}
        </div>
        {/* Keyed by path: a client-side navigation mounts it afresh, closed. */}
        <details key={pathname} className="group lg:hidden">
          <summary
            aria-label={t('nav.menu')}
            className="flex cursor-pointer list-none rounded-md p-2 text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6 group-open:hidden"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="hidden h-6 w-6 group-open:block"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6l12 12M6 18L18 6" />
            </svg>
          </summary>
          <div
            id="mobile-menu"
            className="absolute inset-x-0 top-16 border-t border-b border-slate-200 bg-white px-4 py-3 shadow-lg"
          >
            <nav aria-label={t('nav.mobileLabel')} className="flex flex-col gap-1">
              {MAIN_LINKS.map((link) => (
                <NavLink key={link.to} to={link.to} className={navClass}>
                  {t(link.label)}
                </NavLink>
              ))}
            </nav>
            {accountLinks && (
              <div className="mt-3 border-t border-slate-200 pt-3">
                <AccountLinks user={user} mobile />
              </div>
            )}
            <div className="mt-3 border-t border-slate-200 pt-3">
              <LanguageSwitcher className={switcherClass} />
            </div>
          </div>
        </details>
      </div>
    </header>
  );
}
