import type { Route } from './+types/home';
import { useTranslation } from '../i18n/react';
import { staticPage } from '../root';
import { userContext } from '../context';
import { serverApi } from '../lib/api.server';
import { metaFromLoader } from '../lib/meta';
import { Card, Container } from '@drone-exam/shared/ui/ui';

import { Link, LinkButton } from '../components/links';
import { useFormat } from '../i18n/hooks';
import { localRedirect, pageMessages, serverT } from '../i18n/i18n.server';
import {
  OFFICIAL_EXAM_QUESTIONS,
  OFFICIAL_PASS_MARK,
  QUESTION_CATEGORIES,
} from '@drone-exam/shared/schemas/quiz-values';
import { PREMIUM_OFFER } from '@drone-exam/shared/schemas/payments-values';

export const handle = staticPage;

export const meta = metaFromLoader;

export async function loader({ request, context }: Route.LoaderArgs) {
  // learner-spec §2: a signed-in learner's home is the dashboard.
  if (context.get(userContext)) throw localRedirect(context, '/dashboard');
  const { api } = serverApi(context, request);
  const result = await api('/statistics');
  const t = serverT(context, 'home');
  return {
    statistics: result.success ? result.data : null,
    meta: { title: t('meta.title'), description: t('meta.description') },
    i18n: pageMessages(context, ['home']),
  };
}

const FEATURES = ['modules', 'sources', 'quizzes', 'exam', 'progress', 'tools'] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('home');
  const format = useFormat();
  const stats = loaderData.statistics;
  const categories = stats?.questionsByCategory.filter((row) => row.count > 0).length ?? 0;
  return (
    <>
      <section className="bg-gradient-to-b from-sky-900 to-sky-700 text-white -mt-8 sm:-mt-12">
        <Container className="py-16 sm:py-24">
          <p className="text-sm font-semibold tracking-wide text-sky-200 uppercase">
            {t('hero.kicker')}
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            {t('hero.title')}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-sky-100">{t('hero.body')}</p>
          <div className="mt-10 flex flex-wrap gap-3">
            <LinkButton to="/study" className="bg-white !text-sky-900 hover:bg-sky-50">
              {t('hero.study')}
            </LinkButton>
            <LinkButton
              to="/pricing"
              variant="secondary"
              className="!bg-transparent !text-white ring-white/60 hover:!bg-white/10"
            >
              {t('hero.pricing')}
            </LinkButton>
          </div>
        </Container>
      </section>

      <Container className="py-16">
        <h2 className="text-2xl font-bold text-slate-900">{t('features.title')}</h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature}>
              <Card className="h-full">
                <h3 className="text-lg font-semibold text-slate-900">
                  {t(`features.${feature}.title`)}
                </h3>
                <p className="mt-2 text-slate-600">
                  {t(`features.${feature}.body`, {
                    questions: OFFICIAL_EXAM_QUESTIONS,
                    passMark: format.percent(OFFICIAL_PASS_MARK),
                  })}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      </Container>

      <section aria-labelledby="stats-heading" className="bg-white py-16">
        <Container>
          <h2 id="stats-heading" className="text-2xl font-bold text-slate-900">
            {t('stats.title')}
          </h2>
          {stats ? (
            <dl className="mt-8 grid gap-6 sm:grid-cols-3">
              <Stat label={t('stats.modules')} value={format.number(stats.publishedModules)} />
              <Stat label={t('stats.questions')} value={format.number(stats.activeQuestions)} />
              <Stat
                label={t('stats.topics', { count: QUESTION_CATEGORIES.length })}
                value={format.number(categories)}
              />
            </dl>
          ) : (
            <p className="mt-4 text-slate-600">{t('stats.unavailable')}</p>
          )}
        </Container>
      </section>

      <Container className="py-16 text-center">
        <h2 className="text-2xl font-bold text-slate-900">{t('cta.title')}</h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-600">
          {t('cta.body', {
            price: format.money(PREMIUM_OFFER.amountCents),
            count: PREMIUM_OFFER.durationDays,
          })}
        </p>
        <p className="mx-auto mt-3 max-w-2xl text-slate-600">{t('cta.exams')}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <LinkButton to="/pricing">{t('cta.pricing')}</LinkButton>
          <Link to="/faq" className="px-4 py-2 text-sm font-semibold text-sky-700 hover:underline">
            {t('cta.faq')}
          </Link>
          <Link
            to="/advanced"
            className="px-4 py-2 text-sm font-semibold text-sky-700 hover:underline"
          >
            {t('cta.advanced')}
          </Link>
        </div>
      </Container>
    </>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-6">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-2 text-4xl font-bold text-sky-800">{value}</dd>
    </div>
  );
}
