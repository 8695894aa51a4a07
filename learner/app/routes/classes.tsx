import { Form, useNavigation } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/classes';

import { Alert, Badge, Card, Container, EmptyState, PageHeader } from '@drone-exam/shared/ui/ui';
import { CreateClassSchema, JoinClassSchema } from '@drone-exam/shared/schemas/classes';
import { requireUser } from '../lib/session.server';
import { serverApi } from '../lib/api.server';
import { metaFromLoader } from '../lib/meta';
import { formObject } from '../lib/form-data';
import { validateForm } from '../lib/forms';
import { pageMessages, serverT } from '../i18n/i18n.server';
import { Link } from '../components/links';
import { PageLinks } from '../components/page-links';
import { useMessage } from '../i18n/hooks';
import { AssignmentList } from '../components/classes/assignments';
import { CreateClassForm, JoinClassForm, type FormResult } from '../components/classes/forms';

export const meta = metaFromLoader;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  const { api } = serverApi(context, request);
  const t = serverT(context, 'classes');
  const url = new URL(request.url);
  const pages = {
    teachingPage: url.searchParams.get('teachingPage') ?? undefined,
    memberPage: url.searchParams.get('memberPage') ?? undefined,
  };
  const listed = await api('/classes', { query: pages });
  return {
    classes: listed.success ? listed.data : null,
    failed: !listed.success,
    meta: { title: t('title'), description: t('description') },
    i18n: pageMessages(context, ['classes']),
  };
}

/** Opening, joining and leaving a class, each checked by the API's own schema first. */
export async function action({ request, context }: Route.ActionArgs): Promise<FormResult> {
  requireUser(context, request);
  const values = formObject(await request.formData(), ['consent']);
  const { api } = serverApi(context, request);
  const intent = values.intent;
  if (intent === 'leave') {
    const left = await api(`/classes/${String(values.classId)}/membership`, { method: 'DELETE' });
    return left.success ? { intent, ok: true } : { intent, ok: false, error: left.error };
  }
  if (intent === 'join') {
    const checked = validateForm(JoinClassSchema, values);
    if (!checked.ok) return { intent, ok: false, errors: checked.errors, values };
    const joined = await api('/classes/join', { method: 'POST', body: checked.data });
    if (!joined.success)
      return { intent, ok: false, error: joined.error, errors: joined.fields, values };
    return { intent, ok: true, name: joined.data.class.name };
  }
  const checked = validateForm(CreateClassSchema, values);
  if (!checked.ok) return { intent: 'create', ok: false, errors: checked.errors, values };
  const created = await api('/classes', { method: 'POST', body: checked.data });
  if (!created.success)
    return { intent: 'create', ok: false, error: created.error, errors: created.fields, values };
  return { intent: 'create', ok: true, name: created.data.class.name };
}

export default function Classes({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('classes');
  const message = useMessage();
  const busy = useNavigation().state === 'submitting';
  const listed = loaderData.classes;
  const teaching = listed?.teaching ?? [];
  const member = listed?.member ?? [];
  const result = actionData ?? null;
  // Each list keeps the other's page in its links.
  const pageHref = (list: 'teachingPage' | 'memberPage', page: number) => {
    const params = new URLSearchParams({
      teachingPage: String(listed?.teachingPagination.currentPage ?? 1),
      memberPage: String(listed?.memberPagination.currentPage ?? 1),
    });
    params.set(list, String(page));
    return `/classes?${params}`;
  };
  return (
    <Container className="max-w-4xl">
      <PageHeader title={t('title')} intro={t('intro')} />
      {result?.intent === 'leave' &&
        (result.ok ? (
          <Alert tone="success" title={t('left')} />
        ) : (
          <Alert tone="error">{message(result.error ?? '')}</Alert>
        ))}

      <section aria-labelledby="teaching-title" className="mt-8">
        <h2 id="teaching-title" className="text-xl font-semibold text-slate-900">
          {t('teaching')}
        </h2>
        {teaching.length === 0 ? (
          <EmptyState title={t('noTeaching')} />
        ) : (
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {teaching.map((taught) => (
              <li key={taught.id}>
                <Card>
                  <div className="flex flex-wrap items-center gap-2">
                    <Link
                      to={`/classes/${taught.id}`}
                      className="text-lg font-semibold text-sky-800 hover:underline"
                    >
                      {taught.name}
                    </Link>
                    {taught.suspended && <Badge tone="amber">{t('suspended')}</Badge>}
                  </div>
                  <p className="mt-1 text-sm text-slate-700">
                    {t(`exams.${taught.exam}`)} · {t('members', { count: taught.members })}
                  </p>
                  <p className="mt-1 text-sm text-slate-700">
                    {t('roster.code')}: <code className="font-mono">{taught.code}</code>
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        )}
        {listed && (
          <PageLinks
            pagination={listed.teachingPagination}
            label={t('teachingPages')}
            href={(page) => pageHref('teachingPage', page)}
          />
        )}
      </section>

      <section aria-labelledby="member-title" className="mt-10">
        <h2 id="member-title" className="text-xl font-semibold text-slate-900">
          {t('member')}
        </h2>
        {member.length === 0 ? (
          <EmptyState title={t('noMember')} />
        ) : (
          <ul className="mt-4 space-y-4">
            {member.map((joined) => (
              <li key={joined.id}>
                <Card>
                  <h3 className="text-lg font-semibold text-slate-900">{joined.name}</h3>
                  <p className="mt-1 text-sm text-slate-700">
                    {t(`exams.${joined.exam}`)} · {t('instructor', { name: joined.instructorName })}
                  </p>
                  <AssignmentList assignments={joined.assignments} />
                  <Form method="post" className="mt-4">
                    <input type="hidden" name="intent" value="leave" />
                    <input type="hidden" name="classId" value={joined.id} />
                    <button
                      type="submit"
                      disabled={busy}
                      className="rounded-lg border border-red-300 px-3 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-sky-600"
                    >
                      {t('leave')}
                    </button>
                  </Form>
                </Card>
              </li>
            ))}
          </ul>
        )}
        {listed && (
          <PageLinks
            pagination={listed.memberPagination}
            label={t('memberPages')}
            href={(page) => pageHref('memberPage', page)}
          />
        )}
      </section>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <JoinClassForm result={result?.intent === 'join' ? result : null} busy={busy} />
        <CreateClassForm result={result?.intent === 'create' ? result : null} busy={busy} />
      </div>
    </Container>
  );
}
