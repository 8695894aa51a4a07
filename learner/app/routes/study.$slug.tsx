import { useEffect, useRef } from 'react';
import { data, isRouteErrorResponse, useLocation } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/study.$slug';
import type { StudyModule } from '@drone-exam/shared';
import { LOCALE_TAGS, localizedPath } from '@drone-exam/shared/i18n';
import { withoutLeadingTitle } from '@drone-exam/shared/markdown';
import { Container } from '@drone-exam/shared/ui/ui';
import { userContext } from '../context';
import { serverApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { Link, LinkButton } from '../components/links';
import { useReadingTime } from '../components/study/format';
import { ModuleTags } from '../components/study/tags';
import { useFormat, useMessage } from '../i18n/hooks';
import { localeOf, pageMessages, serverT } from '../i18n/i18n.server';
import { localizeMessage } from '@drone-exam/shared/messages';
import { useUser } from '../lib/use-user';
import { useDeviceCopyFallback } from '../offline/navigation';
import { whenIdle } from '../lib/idle';
import { documentOnlyHtml, useDocumentHtml } from '../lib/document-html';
import { SaveModuleOffline } from '../components/offline/save-offline';
import type { LearnerTools } from '../offline/types';
import { PendingNavigation } from '../components/study/pending';
import { ReadingProgress, SignInInvitation } from '../components/study/reading-progress';
import { StudyTools, StudyToolsUnavailable } from '../components/study/study-tools';
import { TableOfContents } from '../components/study/table-of-contents';
import { useActiveHeading } from '../components/study/use-active-heading';
import { useSectionInView } from '../components/study/use-section-in-view';
import { useReadingTracker } from '../components/study/use-reading-tracker';
import { useStudyMaterials } from '../components/study/use-study-materials';
import {
  MODULE_LOAD_FAILED,
  MODULE_NOT_SPECIFIED,
  STUDY_TOOLS_PAGE_SIZE,
  TAGS_ON_MODULE_PAGE,
} from '../components/study/constants';
import { PRODUCT_NAME } from '@drone-exam/shared/product';
import { staticForVisitors } from '../root';
import { MODULE_NOT_FOUND } from '@drone-exam/shared/schemas/study-values';

const ARTICLE_ID = 'module-article';

/** The description of a module page whose module could not be loaded, before any loader ran. */
const MODULE_DESCRIPTION = 'A study module for the RPA Pilot Certificate (Basic Operations) exam.';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // The messages go out in the page's language: the error's title and meta read them as they are.
  const say = (message: string) => ({
    message: localizeMessage(message, localeOf(context)),
    description: serverT(context, 'study')('module.description'),
  });
  const slug = params.slug.trim();
  if (!slug) throw data(say(MODULE_NOT_SPECIFIED), { status: 400 });
  const { api } = serverApi(context, request);
  const found = await api(`/study/slug/${encodeURIComponent(slug)}`);
  if (!found.success) {
    if (found.status === 404) throw data(say(MODULE_NOT_FOUND), { status: 404 });
    throw data(say(MODULE_LOAD_FAILED), { status: 503 });
  }
  const { html, titleId } = withoutLeadingTitle(
    found.data.module.contentHtml,
    found.data.module.toc,
    found.data.module.title,
  );
  const module = {
    ...found.data.module,
    contentHtml: documentOnlyHtml(context, request, ARTICLE_ID, html),
  };
  const canonical = `${new URL(request.url).origin}${localizedPath(`/study/${module.slug}`, localeOf(context))}`;
  const i18n = pageMessages(context, ['study']);
  if (!context.get(userContext)) return { module, titleId, canonical, tools: null, i18n };

  const query = { moduleId: module.id, limit: STUDY_TOOLS_PAGE_SIZE };
  const [progress, bookmarks, notes] = await Promise.all([
    api(`/study-materials/progress/${module.id}`),
    api('/study-materials/bookmarks', { query }),
    api('/study-materials/notes', { query }),
  ]);
  const tools: LearnerTools = {
    progress: progress.success ? progress.data.progress : null,
    bookmarks: bookmarks.success
      ? { items: bookmarks.data.bookmarks, pagination: bookmarks.data.pagination }
      : null,
    notes: notes.success ? { items: notes.data.notes, pagination: notes.data.pagination } : null,
  };
  return { module, titleId, canonical, tools, i18n };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  if (!loaderData) {
    const said = isRouteErrorResponse(error) && typeof error.data?.message === 'string';
    return pageMeta(
      said ? error.data.message : MODULE_LOAD_FAILED,
      said ? error.data.description : MODULE_DESCRIPTION,
    );
  }
  const { module, canonical } = loaderData;
  return [
    ...pageMeta(module.title, module.description || module.summary),
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'article' },
    { property: 'og:url', content: canonical },
    ...(module.status === 'published' ? [] : [{ name: 'robots', content: 'noindex' }]),
  ];
};

export const handle = staticForVisitors;

export default function ModulePage({ loaderData }: Route.ComponentProps) {
  // A new module starts a new tracker; the old one saves what was read as it unmounts.
  return <ModuleReader key={loaderData.module.id} {...loaderData} />;
}

function ModuleReader({
  module,
  titleId,
  tools,
}: {
  module: Omit<StudyModule, 'contentHtml'> & { contentHtml: string | null };
  titleId: string | null;
  tools: LearnerTools | null;
}) {
  const location = useLocation();
  const article = useRef<HTMLElement>(null);
  const articleHtml = useDocumentHtml(ARTICLE_ID, module.contentHtml);
  const owner = useUser()?.id ?? null;
  const [activeHeading, setActiveHeading] = useActiveHeading(module.toc);
  const materials = useStudyMaterials({ owner, moduleId: module.id, initial: tools });
  const progress = materials.tools?.progress ?? null;
  const tracker = useReadingTracker({
    initial: tools?.progress ?? null,
    save: materials.actions.saveProgress,
    article,
    enabled: tools?.progress != null && module.status === 'published',
  });
  const { t } = useTranslation(['study', 'common']);
  const format = useFormat();
  const readingTime = useReadingTime();
  const published = module.status === 'published';
  // Every module a learner opens online is kept for offline reading, unless they turned it off.
  useEffect(() => {
    if (!owner || !published || !navigator.onLine) return;
    return whenIdle(
      () =>
        void import('../offline/saved-modules').then(({ keepOpenedModule }) =>
          keepOpenedModule(owner, module, format.locale),
        ),
    );
  }, [owner, published, module, format.locale]);
  useSectionInView(location.hash);
  const here = `${location.pathname}${location.search}`;
  // A module not translated yet reads in English: its text says so to screen readers.
  const lang = module.locale === format.locale ? undefined : LOCALE_TAGS[module.locale];
  const date = (iso: string) => format.date(iso, { timeZone: 'UTC' });

  return (
    <Container>
      <PendingNavigation label={t('common:study.loadingModule')} />
      <nav aria-label={t('breadcrumb')} className="mb-6 text-sm">
        <Link to="/study" className="font-medium text-sky-700 hover:underline">
          ← {t('backToStudy')}
        </Link>
      </nav>

      <header className="mb-8 max-w-3xl">
        <div className="flex flex-wrap items-center gap-3">
          <ModuleTags tags={module.tags} max={TAGS_ON_MODULE_PAGE} />
          <span className="text-sm text-slate-500">{readingTime(module.wordCount)}</span>
          {module.status !== 'published' && (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
              {module.status === 'draft' ? t('module.draft') : t('module.inReview')}
            </span>
          )}
          {lang && (
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
              {t('module.notTranslated')}
            </span>
          )}
        </div>
        <h1
          id={titleId ?? undefined}
          lang={lang}
          className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
        >
          {module.title}
        </h1>
        <p className="mt-4 text-lg text-slate-600" lang={lang}>
          {module.description || module.summary}
        </p>
        {owner && published && (
          <div className="mt-4">
            <SaveModuleOffline owner={owner} module={module} />
          </div>
        )}
        <p className="mt-3 text-sm text-slate-500">
          {module.publishedAt && (
            <>
              {t('module.published')}{' '}
              <time dateTime={module.publishedAt}>{date(module.publishedAt)}</time>
              {' · '}
            </>
          )}
          {t('module.updated')} <time dateTime={module.updatedAt}>{date(module.updatedAt)}</time>
        </p>
      </header>

      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-8">
          {tools ? (
            progress ? (
              <ReadingProgress
                progress={progress}
                failure={tracker.failure}
                queued={materials.progressQueued}
                onCompletedChange={tracker.setCompleted}
              />
            ) : (
              <StudyToolsUnavailable retryTo={here} />
            )
          ) : (
            <SignInInvitation returnTo={here} />
          )}
          <article
            ref={article}
            id={ARTICLE_ID}
            className="prose-module"
            lang={lang}
            aria-label={module.title}
            // Rendered once on write by shared/markdown (no raw HTML, safe links only).
            dangerouslySetInnerHTML={{ __html: articleHtml }}
          />
          <footer className="flex flex-wrap gap-3 border-t border-slate-200 pt-6">
            <LinkButton to="/study" variant="secondary">
              {t('backToStudy')}
            </LinkButton>
            <LinkButton to="/practice">{t('module.practise')}</LinkButton>
          </footer>
        </div>
        <aside className="space-y-6 lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto">
          {materials.tools?.bookmarks && materials.tools.notes ? (
            <StudyTools
              moduleId={module.id}
              moduleTitle={module.title}
              toc={module.toc}
              article={article}
              bookmarks={materials.tools.bookmarks}
              notes={materials.tools.notes}
              materials={materials}
            />
          ) : (
            tools && <StudyToolsUnavailable retryTo={here} />
          )}
          <TableOfContents toc={module.toc} active={activeHeading} onNavigate={setActiveHeading} />
        </aside>
      </div>
    </Container>
  );
}

/** Its words come from the root's catalogs: a failed load brings no page catalog of its own. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const translate = useMessage();
  const location = useLocation();
  const reloading = useDeviceCopyFallback(error);
  const message = translate(
    isRouteErrorResponse(error) && typeof error.data?.message === 'string'
      ? error.data.message
      : MODULE_LOAD_FAILED,
  );
  const missing = isRouteErrorResponse(error) && error.status === 404;
  if (reloading)
    return <Container className="py-16 text-center">{t('offline.openingCopy')}</Container>;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Container className="max-w-2xl py-16 text-center">
      <title>{`${message} | ${PRODUCT_NAME}`}</title>
      <h1 className="text-3xl font-bold text-slate-900">{message}</h1>
      <p className="mt-3 text-slate-600">
        {missing ? t('study.moduleMissing') : t('study.moduleFailed')}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <LinkButton to="/study" variant={missing ? 'primary' : 'secondary'}>
          {t('study.backToStudy')}
        </LinkButton>
        {!missing && (
          <LinkButton to={`${location.pathname}${location.search}`}>{t('tryAgain')}</LinkButton>
        )}
      </div>
    </Container>
  );
}
