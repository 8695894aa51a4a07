import type { ComponentProps } from 'react';
import { Link as RouterLink, NavLink as RouterNavLink, useLocation, type To } from 'react-router';
import {
  LOCALE_NAMES,
  LOCALE_QUERY,
  LOCALE_TAGS,
  LOCALES,
  localizedPath,
  pathWithoutLocale,
} from '@drone-exam/shared/i18n';
import { LinkButton as SharedLinkButton } from '@drone-exam/shared/ui/ui';
import { useLocale } from '../i18n/hooks';

/** A link's target in the page's language: paths of this site get /fr on French pages. */
function useLocalizedTo(to: To): To {
  const locale = useLocale();
  if (typeof to === 'string') return localizedPath(to, locale);
  return to.pathname ? { ...to, pathname: localizedPath(to.pathname, locale) } : to;
}

/** React Router's Link, kept in the page's language. */
export function Link({ to, ...props }: ComponentProps<typeof RouterLink>) {
  return <RouterLink to={useLocalizedTo(to)} {...props} />;
}

/** React Router's NavLink, kept in the page's language. */
export function NavLink({ to, ...props }: ComponentProps<typeof RouterNavLink>) {
  return <RouterNavLink to={useLocalizedTo(to)} {...props} />;
}

/** The shared link button, kept in the page's language. */
export function LinkButton({ to, ...props }: ComponentProps<typeof SharedLinkButton>) {
  return <SharedLinkButton to={useLocalizedTo(to)} {...props} />;
}

/**
 * The same page in the other language (header and footer). A plain link that loads the page anew
 * with ?lang=, so the server records the choice (and the account's, signed in) and renders the
 * page in the other language, with or without JavaScript. Its text is the other language's own
 * name, marked with that language so screen readers say it right.
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const locale = useLocale();
  const { pathname, search, hash } = useLocation();
  const other = LOCALES.find((candidate) => candidate !== locale) ?? 'en';
  const params = new URLSearchParams(search);
  params.set(LOCALE_QUERY, other);
  const href = `${localizedPath(pathWithoutLocale(pathname), other)}?${params}${hash}`;
  return (
    <a
      href={href}
      hrefLang={LOCALE_TAGS[other]}
      lang={LOCALE_TAGS[other]}
      className={className}
      data-testid="language-switcher"
    >
      {LOCALE_NAMES[other]}
    </a>
  );
}
