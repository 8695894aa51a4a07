import { Link, useFetcher } from 'react-router';
import type { Route } from './+types/recency';
import {
  RECENCY_MONTHS,
  RECENCY_PROGRAM_TOPICS,
  RECENCY_SET_QUESTIONS,
} from '@drone-exam/shared/constants';
import type { LearningPlan } from '@drone-exam/shared/schemas/learning';
import { Alert, Button, Card, Container, LinkButton, PageHeader } from '@drone-exam/shared/ui/ui';
import { userContext } from '../context';
import { serverApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { recencyLine } from '../components/learning/format';
import type { LearningResult } from './learning';

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Recency review',
    'Practise the topics of Transport Canada’s current RPAS recency self-paced study program before you do it.',
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (!user) return { signedIn: false as const, premium: false, plan: null };
  const { api } = serverApi(context, request);
  const plan = await api<LearningPlan>('/learning/plan');
  return {
    signedIn: true as const,
    premium: user.hasPremium,
    plan: plan.success ? plan.data : null,
  };
}

/**
 * Staying current (CARs 901.56): what recency asks, the learner's own recency date, and the
 * "Recency review" practice set on the topics of TC's current self-paced program. A study aid: it
 * says so, and never claims to complete the program.
 */
export default function Recency({ loaderData }: Route.ComponentProps) {
  const { signedIn, premium, plan } = loaderData;
  const start = useFetcher<LearningResult>();
  const failed = start.data?.intent === 'recency' && !start.data.ok ? start.data : null;
  return (
    <Container className="max-w-3xl">
      <PageHeader
        title="Recency review"
        intro="Stay current after your exam: practise the topics of Transport Canada’s recency self-paced study program."
      />
      <Alert tone="info" title="A study aid, not the program">
        This practice set helps you prepare. It does not complete Transport Canada’s self-paced
        study program and is not a recency activity: to use the program, answer Transport Canada’s
        own questions and keep your completed copy.
      </Alert>

      <Card className="mt-6">
        <h2 className="text-lg font-semibold text-slate-900">What recency asks (CARs 901.56)</h2>
        <p className="mt-3 text-slate-700">
          To fly, you must have done one of these within the {RECENCY_MONTHS} months before the
          flight: been issued a basic, advanced or Level 1 Complex pilot certificate; passed one of
          their exams or a flight review; or completed a recurrent training activity of Standard
          921.04, such as a Transport Canada-endorsed self-paced study program. Keep a record of the
          activity and its date for at least {RECENCY_MONTHS} months.
        </p>
        {signedIn && plan && (
          <p className="mt-3 text-sm text-slate-700" data-testid="recency-line">
            {recencyLine(plan)}{' '}
            <Link to="/account" className="font-semibold text-sky-700 hover:underline">
              Change it on your account
            </Link>
          </p>
        )}
      </Card>

      <Card className="mt-6">
        <h2 className="text-lg font-semibold text-slate-900">Topics in the set</h2>
        <p className="mt-2 text-sm text-slate-600">
          The 2026–2027 program’s topics as our fact sheet records them, with the program’s question
          numbers. Up to {RECENCY_SET_QUESTIONS} questions from our bank, no timer, an explanation
          after every answer.
        </p>
        <ul className="mt-4 list-disc space-y-1 pl-5 text-slate-800">
          {RECENCY_PROGRAM_TOPICS.map((item) => (
            <li key={item.topic}>
              {item.topic} <span className="text-sm text-slate-500">({item.program})</span>
            </li>
          ))}
        </ul>
        <div className="mt-6">
          {!signedIn ? (
            <LinkButton to="/login?redirectTo=%2Frecency">Sign in to practise</LinkButton>
          ) : premium ? (
            <start.Form method="post" action="/learning">
              <input type="hidden" name="intent" value="recency" />
              <Button type="submit" loading={start.state !== 'idle'} loadingText="Starting…">
                Start Recency review
              </Button>
            </start.Form>
          ) : (
            <LinkButton to="/pricing">Get premium access to practise</LinkButton>
          )}
          {failed?.error && (
            <Alert tone="error" className="mt-3">
              {failed.error}
            </Alert>
          )}
        </div>
      </Card>
    </Container>
  );
}
