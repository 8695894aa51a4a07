import { Link, redirect } from 'react-router';
import type { Route } from './+types/home';
import { staticPage } from '../root';
import { userContext } from '../context';
import { serverApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { Card, Container, LinkButton } from '@drone-exam/shared/ui/ui';
import {
  OFFICIAL_EXAM_QUESTIONS,
  OFFICIAL_PASS_MARK,
  PREMIUM_OFFER,
  QUESTION_CATEGORIES,
} from '@drone-exam/shared/constants';
import { formatCad } from '@drone-exam/shared/text';
import type { PublicStatistics } from '@drone-exam/shared/schemas/content';

export const handle = staticPage;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Pass the RPA Pilot Certificate — Basic Operations',
    'Study modules written from the Canadian Aviation Regulations, practice quizzes with explanations and a timed exam mode for the Transport Canada basic drone exam.',
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  // learner-spec §2: a signed-in learner's home is the dashboard.
  if (context.get(userContext)) throw redirect('/dashboard');
  const { api } = serverApi(context, request);
  const result = await api<PublicStatistics>('/statistics');
  return { statistics: result.success ? result.data : null };
}

const FEATURES = [
  {
    title: 'Study modules',
    body: 'Seven modules that follow Transport Canada’s knowledge requirements: regulations, airspace, weather, theory of flight, operations, human factors and your first flights.',
  },
  {
    title: 'Rules with their sources',
    body: 'Every rule comes with its Canadian Aviation Regulations section, using the current Part IX numbering in force since 2025.',
  },
  {
    title: 'Practice quizzes',
    body: 'Exam-style questions by topic, with the right answer and why the tempting wrong one is wrong.',
  },
  {
    title: 'Timed exam mode',
    body: `${OFFICIAL_EXAM_QUESTIONS} questions drawn across the knowledge areas under a timer, scored against the official ${OFFICIAL_PASS_MARK} % pass mark.`,
  },
  {
    title: 'Progress you can see',
    body: 'Reading progress, time studied and quiz scores on one dashboard, so you know what to review next.',
  },
  {
    title: 'Bookmarks, notes and search',
    body: 'Mark a section, annotate what you highlight and search every module when a question sends you back to the rules.',
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const stats = loaderData.statistics;
  const categories = stats?.questionsByCategory.filter((row) => row.count > 0).length ?? 0;
  return (
    <>
      <section className="bg-gradient-to-b from-sky-900 to-sky-700 text-white -mt-8 sm:-mt-12">
        <Container className="py-16 sm:py-24">
          <p className="text-sm font-semibold tracking-wide text-sky-200 uppercase">
            Canada · RPA Pilot Certificate
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            Pass your Basic Operations drone exam with confidence
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-sky-100">
            Learn the rules of CARs Part IX, airspace, weather and flight operations in plain
            language, then practise with exam-style questions that explain every answer.
          </p>
          <div className="mt-10 flex flex-wrap gap-3">
            <LinkButton to="/study" className="bg-white !text-sky-900 hover:bg-sky-50">
              Start studying free
            </LinkButton>
            <LinkButton
              to="/pricing"
              variant="secondary"
              className="!bg-transparent !text-white ring-white/60 hover:!bg-white/10"
            >
              See pricing
            </LinkButton>
          </div>
        </Container>
      </section>

      <Container className="py-16">
        <h2 className="text-2xl font-bold text-slate-900">Everything you need for the exam</h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title}>
              <Card className="h-full">
                <h3 className="text-lg font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 text-slate-600">{feature.body}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Container>

      <section aria-labelledby="stats-heading" className="bg-white py-16">
        <Container>
          <h2 id="stats-heading" className="text-2xl font-bold text-slate-900">
            What is inside today
          </h2>
          {stats ? (
            <dl className="mt-8 grid gap-6 sm:grid-cols-3">
              <Stat label="Study modules" value={stats.publishedModules} />
              <Stat label="Practice questions" value={stats.activeQuestions} />
              <Stat
                label={`Exam topics covered (of ${QUESTION_CATEGORIES.length})`}
                value={categories}
              />
            </dl>
          ) : (
            <p className="mt-4 text-slate-600">Figures are unavailable right now.</p>
          )}
        </Container>
      </section>

      <Container className="py-16 text-center">
        <h2 className="text-2xl font-bold text-slate-900">
          Ready to practise under exam conditions?
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-600">
          Study modules are free. Practice quizzes and timed exams are{' '}
          {formatCad(PREMIUM_OFFER.amountCents)} for {PREMIUM_OFFER.durationDays} days, once — no
          subscription.
        </p>
        <div className="mt-8 flex justify-center gap-3">
          <LinkButton to="/pricing">View pricing</LinkButton>
          <Link to="/faq" className="px-4 py-2 text-sm font-semibold text-sky-700 hover:underline">
            Read the exam FAQ
          </Link>
        </div>
      </Container>
    </>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-6">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-2 text-4xl font-bold text-sky-800">{value.toLocaleString('en-CA')}</dd>
    </div>
  );
}
