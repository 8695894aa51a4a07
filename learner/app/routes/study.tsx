import { data, Form, useLocation } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/study';
import { EXAM_IDS, type ExamId } from '@drone-exam/shared/schemas/exam-values';
import { Alert, Button, Container, EmptyState, PageHeader } from '@drone-exam/shared/ui/ui';
import { serverApi } from '../lib/api.server';
import { metaFromLoader } from '../lib/meta';
import { Link, LinkButton } from '../components/links';
import { useLocalizedPath, useMessage } from '../i18n/hooks';
import { pageMessages, serverT } from '../i18n/i18n.server';
import { ModuleCard } from '../components/study/module-card';
import { PendingNavigation } from '../components/study/pending';
import { SaveAllOffline } from '../components/offline/save-offline';
import { useUser } from '../lib/use-user';
import { MODULES_LOAD_FAILED, STUDY_LIST_PAGE_SIZE } from '../components/study/constants';

export const meta = metaFromLoader;

/** The exam filter (issue 28): one of the exams, or every module when absent or unknown. */
const examOf = (value: string | null): ExamId | null =>
  EXAM_IDS.find((exam) => exam === value) ?? null;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const exam = examOf(url.searchParams.get('exam'));
  const { api } = serverApi(context, request);
  const result = await api('/study', {
    query: { page, limit: STUDY_LIST_PAGE_SIZE, ...(exam ? { exam } : {}) },
  });
  const t = serverT(context, 'study');
  const text = {
    meta: { title: t('list.title'), description: t('list.description') },
    i18n: pageMessages(context, ['study']),
  };
  if (!result.success) {
    return data(
      { modules: [], pagination: null, error: MODULES_LOAD_FAILED, exam, ...text },
      { status: 503 },
    );
  }
  return { ...result.data, error: null, exam, ...text };
}

export default function StudyList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(['study', 'common']);
  const message = useMessage();
  const localized = useLocalizedPath();
  const { modules, pagination, error, exam } = loaderData;
  const examQuery = exam ? `&exam=${exam}` : '';
  const location = useLocation();
  const owner = useUser()?.id ?? null;
  return (
    <Container>
      <PendingNavigation label={t('common:study.loadingModule')} />
      <PageHeader title={t('list.title')} intro={t('list.intro')}>
        <search className="mt-6 block max-w-xl">
          <Form method="get" action={localized('/study/search')} className="flex gap-2">
            <label htmlFor="study-search" className="sr-only">
              {t('search.placeholder')}
            </label>
            <input
              id="study-search"
              name="q"
              type="search"
              placeholder={t('search.placeholder')}
              className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-sky-600"
            />
            <Button type="submit" variant="secondary">
              {t('search.submit')}
            </Button>
          </Form>
        </search>
        <nav aria-label={t('list.examFilter')} className="mt-6 flex flex-wrap gap-2 text-sm">
          {[null, ...EXAM_IDS].map((choice) => (
            <Link
              key={choice ?? 'all'}
              to={choice ? `?exam=${choice}` : '?'}
              aria-current={choice === exam ? 'page' : undefined}
              className={`rounded-full border px-3 py-1 font-medium ${choice === exam ? 'border-sky-700 bg-sky-700 text-white' : 'border-slate-300 text-slate-800 hover:bg-slate-50'}`}
            >
              {t(`list.exams.${choice ?? 'all'}`)}
            </Link>
          ))}
        </nav>
        {owner && modules.length > 0 && (
          <div className="mt-6">
            <SaveAllOffline owner={owner} modules={modules} />
          </div>
        )}
      </PageHeader>

      {error ? (
        <Alert tone="error" title={message(error)}>
          <p>{t('list.checkConnection')}</p>
          <LinkButton to={`${location.pathname}${location.search}`} className="mt-3">
            {t('tryAgain')}
          </LinkButton>
        </Alert>
      ) : modules.length === 0 ? (
        <EmptyState title={t('list.empty')}>
          {t('list.emptyBefore')}
          <Link to="/faq">{t('common:nav.faq')}</Link>
          {t('list.emptyAfter')}
        </EmptyState>
      ) : (
        <>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {modules.map((module) => (
              <li key={module.id}>
                <ModuleCard module={module} />
              </li>
            ))}
          </ul>
          {pagination && pagination.totalPages > 1 && (
            <nav
              aria-label={t('list.pages')}
              className="mt-10 flex items-center justify-center gap-4"
            >
              {pagination.hasPrevPage && (
                <LinkButton
                  variant="secondary"
                  to={`?page=${pagination.currentPage - 1}${examQuery}`}
                >
                  {t('common:pages.previous')}
                </LinkButton>
              )}
              <span className="text-sm text-slate-600">
                {t('common:pages.position', {
                  page: pagination.currentPage,
                  total: pagination.totalPages,
                })}
              </span>
              {pagination.hasNextPage && (
                <LinkButton
                  variant="secondary"
                  to={`?page=${pagination.currentPage + 1}${examQuery}`}
                >
                  {t('common:pages.next')}
                </LinkButton>
              )}
            </nav>
          )}
        </>
      )}
    </Container>
  );
}
