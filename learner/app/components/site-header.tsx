import { Form, Link, NavLink, useLocation } from 'react-router';
import type { PublicUser } from '@drone-exam/shared';
import { PRODUCT_NAME } from '@drone-exam/shared/constants';
import { forgetEverything } from '../offline/worker-client';

const MAIN_LINKS = [
  { to: '/study', label: 'Study' },
  { to: '/practice', label: 'Practice' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/resources', label: 'Resources' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact' },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-sky-100 text-sky-900' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`;

function AccountLinks({ user, mobile }: { user: PublicUser | null; mobile?: boolean }) {
  const layout = mobile ? 'flex flex-col gap-1' : 'flex items-center gap-1';
  if (!user) {
    return (
      <div className={layout}>
        <NavLink to="/login" className={navClass}>
          Login
        </NavLink>
        <Link
          to="/register"
          className="rounded-md bg-sky-700 px-3 py-2 text-sm font-semibold text-white hover:bg-sky-800"
        >
          Sign Up
        </Link>
      </div>
    );
  }
  return (
    <div className={layout}>
      {user.role === 'admin' && (
        <NavLink to="/admin" className={navClass}>
          Admin
        </NavLink>
      )}
      <NavLink to="/dashboard" className={navClass}>
        Dashboard
      </NavLink>
      <NavLink to="/account" className={navClass}>
        Account
      </NavLink>
      {/* The service worker clears this device's copies too; this covers a page it does not control. */}
      <Form method="post" action="/logout" onSubmit={() => void forgetEverything()}>
        <button
          type="submit"
          className="w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          Logout
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
  const { pathname } = useLocation();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
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
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {MAIN_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden lg:block">{accountLinks && <AccountLinks user={user} />}</div>
        {/* Keyed by path: a client-side navigation mounts it afresh, closed. */}
        <details key={pathname} className="group lg:hidden">
          <summary
            aria-label="Menu"
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
            <nav aria-label="Mobile" className="flex flex-col gap-1">
              {MAIN_LINKS.map((link) => (
                <NavLink key={link.to} to={link.to} className={navClass}>
                  {link.label}
                </NavLink>
              ))}
            </nav>
            {accountLinks && (
              <div className="mt-3 border-t border-slate-200 pt-3">
                <AccountLinks user={user} mobile />
              </div>
            )}
          </div>
        </details>
      </div>
    </header>
  );
}
