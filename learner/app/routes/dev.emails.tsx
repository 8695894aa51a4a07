import { data } from 'react-router';
import type { Route } from './+types/dev.emails';
import { serverApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { LocalDate } from '../components/local-date';
import { Card, Container, EmptyState, PageHeader } from '@drone-exam/shared/ui/ui';

export const meta: Route.MetaFunction = () =>
  pageMeta('Local email outbox', 'The emails the local product would have sent, for development.');

/** Development only: the emails the product "sent", so a newcomer can follow a verification link. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = serverApi(context, request);
  const result = await api('/dev/emails', { query: { limit: 50 } });
  if (!result.success) throw data(null, { status: 404 });
  return { emails: result.data };
}

const LINK = /(https?:\/\/[^\s]+)/g;

export default function DevEmails({ loaderData }: Route.ComponentProps) {
  return (
    <Container className="max-w-4xl">
      <PageHeader
        title="Local email outbox"
        intro="In development, emails are kept here instead of being sent. Newest first."
      />
      {loaderData.emails.length === 0 ? (
        <EmptyState title="No emails yet">
          Register an account or send the contact form to see one here.
        </EmptyState>
      ) : (
        <ul className="space-y-4">
          {loaderData.emails.map((email) => (
            <li key={email.id}>
              <Card>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="font-semibold text-slate-900">{email.subject}</h2>
                  {email.createdAt && (
                    <LocalDate
                      value={email.createdAt}
                      withTime
                      className="text-sm text-slate-500"
                    />
                  )}
                </div>
                <p className="text-sm text-slate-600">
                  To <span data-testid="email-to">{email.to}</span> · {email.template}
                </p>
                <pre className="mt-4 text-sm whitespace-pre-wrap text-slate-800">
                  {email.text.split(LINK).map((part, i) =>
                    // split() with a capturing group puts every matched link at an odd index.
                    i % 2 === 1 ? (
                      <a key={i} href={part} className="break-all text-sky-700 underline">
                        {part}
                      </a>
                    ) : (
                      part
                    ),
                  )}
                </pre>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
