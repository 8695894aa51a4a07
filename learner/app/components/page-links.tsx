import { useTranslation } from '../i18n/react';
import type { Pagination } from '@drone-exam/shared/api';
import { Link } from './links';

/**
 * Previous and next pages of a list paged in the URL, with the page position between them;
 * nothing when the list fits on one page.
 */
export function PageLinks({
  pagination,
  label,
  href,
  previous,
  next,
}: {
  pagination: Pagination;
  label: string;
  href: (page: number) => string;
  previous?: string;
  next?: string;
}) {
  const { t } = useTranslation();
  if (pagination.totalPages <= 1) return null;
  const linkClass = 'font-semibold text-sky-700 hover:underline';
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between text-sm">
      {pagination.hasPrevPage ? (
        <Link to={href(pagination.currentPage - 1)} className={linkClass}>
          {previous ?? t('pages.previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        {t('pages.position', { page: pagination.currentPage, total: pagination.totalPages })}
      </span>
      {pagination.hasNextPage ? (
        <Link to={href(pagination.currentPage + 1)} className={linkClass}>
          {next ?? t('pages.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
