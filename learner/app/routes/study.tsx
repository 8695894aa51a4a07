import { data, Form, Link, useLocation } from 'react-router';
import type { Route } from './+types/study';
import { MODULES_LOAD_FAILED, type Pagination, type StudyModuleSummary } from '@drone-exam/shared';
import { STUDY_LIST_PAGE_SIZE } from '@drone-exam/shared/constants';
import {
  Alert,
  Button,
  Container,
  EmptyState,
  LinkButton,
  PageHeader,
} from '@drone-exam/shared/ui/ui';
import { serverApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { ModuleCard } from '../components/study/module-card';
import { PendingNavigation } from '../components/study/pending';
import { SaveAllOffline } from '../components/offline/save-offline';
import { useUser } from '../lib/use-user';

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Study Modules',
    'Free study modules for the RPA Pilot Certificate (Basic Operations): regulations, airspace, weather, theory of flight, operations, human factors and first flights.',
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1);
  const { api } = serverApi(context, request);
  const result = await api<{ modules: StudyModuleSummary[]; pagination: Pagination }>('/study', {
    query: { page, limit: STUDY_LIST_PAGE_SIZE },
  });
  if (!result.success) {
    return data({ modules: [], pagination: null, error: MODULES_LOAD_FAILED }, { status: 503 });
  }
  return { ...result.data, error: null };
}

export default function StudyList({ loaderData }: Route.ComponentProps) {
  const { modules, pagination, error } = loaderData;
  const location = useLocation();
  const owner = useUser()?.id ?? null;
  return (
    <Container>
      <PendingNavigation label="Loading study module…" />
      <PageHeader
        title="Study Modules"
        intro="Everything the Basic Operations exam asks, written from the Canadian Aviation Regulations. Read in order or jump to the topic you need."
      >
        <search className="mt-6 block max-w-xl">
          <Form method="get" action="/study/search" className="flex gap-2">
            <label htmlFor="study-search" className="sr-only">
              Search study materials
            </label>
            <input
              id="study-search"
              name="q"
              type="search"
              placeholder="Search study materials"
              className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-sky-600"
            />
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </Form>
        </search>
        {owner && modules.length > 0 && (
          <div className="mt-6">
            <SaveAllOffline owner={owner} modules={modules} />
          </div>
        )}
      </PageHeader>

      {error ? (
        <Alert tone="error" title={error}>
          <p>Check your connection and try again.</p>
          <LinkButton to={`${location.pathname}${location.search}`} className="mt-3">
            Try Again
          </LinkButton>
        </Alert>
      ) : modules.length === 0 ? (
        <EmptyState title="No Study Modules Available">
          New modules are on their way. Meanwhile, the <Link to="/faq">FAQ</Link> explains how the
          exam works.
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
            <nav aria-label="Pages" className="mt-10 flex items-center justify-center gap-4">
              {pagination.hasPrevPage && (
                <LinkButton variant="secondary" to={`?page=${pagination.currentPage - 1}`}>
                  Previous
                </LinkButton>
              )}
              <span className="text-sm text-slate-600">
                Page {pagination.currentPage} of {pagination.totalPages}
              </span>
              {pagination.hasNextPage && (
                <LinkButton variant="secondary" to={`?page=${pagination.currentPage + 1}`}>
                  Next
                </LinkButton>
              )}
            </nav>
          )}
        </>
      )}
    </Container>
  );
}
