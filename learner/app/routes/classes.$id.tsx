import { data, Form, redirect, useNavigation } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/classes.$id';

import { Alert, Button, Card, Container, PageHeader } from '@drone-exam/shared/ui/ui';
import { BuySeatsSchema, CreateAssignmentSchema } from '@drone-exam/shared/schemas/classes';
import { MAX_PAGE_SIZE } from '@drone-exam/shared/schemas/common-values';
import type { RosterSort } from '@drone-exam/shared/schemas/classes-values';
import { requireUser } from '../lib/session.server';
import { serverApi } from '../lib/api.server';
import { formObject, type FieldErrors } from '../lib/form-data';
import { validateForm } from '../lib/forms';
import { pageMessages, serverT } from '../i18n/i18n.server';
import { Link } from '../components/links';
import { useMessage } from '../i18n/hooks';
import { RosterTable } from '../components/classes/roster-table';
import { AssignForm, ClassAssignments } from '../components/classes/assign';
import { SeatsCard } from '../components/classes/seats';

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData ? `${loaderData.roster.class.name} · DroneCert Prep` : 'DroneCert Prep' },
  { name: 'robots', content: 'noindex' },
];

type Intent = 'rotate' | 'remove' | 'assign' | 'seats';
type ActionResult =
  | { intent: Intent; ok: true }
  | {
      intent: Intent;
      ok: false;
      error?: string;
      errors?: FieldErrors;
      values?: Record<string, unknown>;
    };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireUser(context, request);
  const { api } = serverApi(context, request);
  const url = new URL(request.url);
  const query = {
    page: url.searchParams.get('page') ?? undefined,
    sort: url.searchParams.get('sort') ?? undefined,
    order: url.searchParams.get('order') ?? undefined,
  };
  const [roster, modules] = await Promise.all([
    api(`/classes/${encodeURIComponent(params.id)}/roster`, { query }),
    api('/study', { query: { limit: MAX_PAGE_SIZE } }),
  ]);
  // Anyone but the instructor, members included, finds no class here.
  if (!roster.success) throw data(null, { status: roster.status === 400 ? 400 : 404 });
  const t = serverT(context, 'classes');
  return {
    roster: roster.data,
    modules: modules.success
      ? modules.data.modules.map((module) => ({ slug: module.slug, title: module.title }))
      : [],
    seatsReturn: returnedFrom(url.searchParams.get('seats')),
    sort: (query.sort ?? 'name') as RosterSort,
    order: query.order === 'desc' ? ('desc' as const) : ('asc' as const),
    meta: { title: t('title'), description: t('description') },
    i18n: pageMessages(context, ['classes']),
  };
}

/** What the seat checkout sent the instructor back with (?seats=success|cancelled). */
function returnedFrom(value: string | null): 'success' | 'cancelled' | null {
  return value === 'success' || value === 'cancelled' ? value : null;
}

/** The due day's end (UTC): an assignment due on a day can be done all that day. */
const endOfDay = (day: unknown) =>
  typeof day === 'string' && day ? Date.parse(`${day}T23:59:59.999Z`) : undefined;

/** The payload of one kind: the strict schema refuses another kind's fields. */
function assignmentBody(values: Record<string, unknown>) {
  const dueAt = endOfDay(values.dueDate);
  switch (values.kind) {
    case 'read-module':
      return { kind: values.kind, moduleSlug: values.moduleSlug, dueAt };
    case 'practise-topic':
      return {
        kind: values.kind,
        category: values.category,
        questionCount: values.questionCount ? Number(values.questionCount) : undefined,
        dueAt,
      };
    default:
      return { kind: values.kind, dueAt };
  }
}

export async function action({
  request,
  context,
  params,
}: Route.ActionArgs): Promise<ActionResult> {
  requireUser(context, request);
  const values = formObject(await request.formData());
  const { api } = serverApi(context, request);
  const id = encodeURIComponent(params.id);
  if (values.intent === 'rotate') {
    const rotated = await api(`/classes/${id}/code`, { method: 'POST', body: {} });
    return rotated.success
      ? { intent: 'rotate', ok: true }
      : { intent: 'rotate', ok: false, error: rotated.error };
  }
  if (values.intent === 'remove') {
    const removed = await api(
      `/classes/${id}/members/${encodeURIComponent(String(values.userId))}`,
      { method: 'DELETE' },
    );
    return removed.success
      ? { intent: 'remove', ok: true }
      : { intent: 'remove', ok: false, error: removed.error };
  }
  if (values.intent === 'seats') {
    const seats =
      values.seats === '' || values.seats === undefined ? undefined : Number(values.seats);
    const wanted = validateForm(BuySeatsSchema, { seats });
    if (!wanted.ok) return { intent: 'seats', ok: false, errors: wanted.errors, values };
    const checkout = await api(`/classes/${id}/seats/checkout`, {
      method: 'POST',
      body: wanted.data,
    });
    if (!checkout.success) {
      return { intent: 'seats', ok: false, error: checkout.error, errors: checkout.fields, values };
    }
    throw redirect(checkout.data.url);
  }
  const checked = validateForm(CreateAssignmentSchema, assignmentBody(values));
  if (!checked.ok) return { intent: 'assign', ok: false, errors: checked.errors, values };
  const assigned = await api(`/classes/${id}/assignments`, { method: 'POST', body: checked.data });
  if (!assigned.success)
    return { intent: 'assign', ok: false, error: assigned.error, errors: assigned.fields, values };
  return { intent: 'assign', ok: true };
}

export default function ClassRoster({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(['classes', 'common']);
  const message = useMessage();
  const busy = useNavigation().state === 'submitting';
  const { roster, modules } = loaderData;
  const cls = roster.class;
  const result = actionData ?? null;
  return (
    <Container className="max-w-6xl">
      <p className="text-sm">
        <Link to="/classes" className="text-sky-800 hover:underline">
          {t('roster.back')}
        </Link>
      </p>
      <PageHeader
        title={cls.name}
        intro={`${t(`exams.${cls.exam}`)} · ${t('members', { count: cls.members })}`}
      />
      {cls.suspended && (
        <Alert tone="warning" title={t('suspended')}>
          {t('suspendedNotice')}
        </Alert>
      )}
      {result?.ok === false && ['rotate', 'remove'].includes(result.intent) && result.error && (
        <Alert tone="error">{message(result.error)}</Alert>
      )}
      {result?.ok && result.intent === 'rotate' && (
        <Alert tone="success" title={t('roster.rotated')} />
      )}
      {result?.ok && result.intent === 'remove' && (
        <Alert tone="success" title={t('roster.removed')} />
      )}

      <Card className="mt-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm text-slate-700">{t('roster.code')}</p>
          <p
            className="font-mono text-2xl font-semibold tracking-widest text-slate-900"
            data-testid="class-code"
          >
            {cls.code}
          </p>
          <p className="mt-1 text-xs text-slate-600">{t('roster.rotateHint')}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="rotate" />
            <Button type="submit" variant="secondary" loading={busy}>
              {t('roster.rotate')}
            </Button>
          </Form>
          <a
            href={`/api/classes/${cls.id}/roster.csv`}
            download
            className="inline-flex items-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-600"
          >
            {t('roster.csv')}
          </a>
        </div>
      </Card>

      <SeatsCard
        seats={cls.seats}
        returned={loaderData.seatsReturn}
        result={result?.intent === 'seats' && !result.ok ? result : null}
        busy={busy}
      />

      <section aria-labelledby="weakest-title" className="mt-8">
        <h2 id="weakest-title" className="text-lg font-semibold text-slate-900">
          {t('roster.weakest')}
        </h2>
        <p className="mt-2 text-slate-800">
          {roster.weakestAreas.length === 0
            ? t('roster.noWeakest')
            : roster.weakestAreas.map((area) => t(`common:categories.${area}`)).join(', ')}
        </p>
      </section>

      <RosterTable roster={roster} sort={loaderData.sort} order={loaderData.order} busy={busy} />

      <ClassAssignments assignments={roster.assignments} members={cls.members} />
      <AssignForm
        modules={modules}
        result={result?.intent === 'assign' ? result : null}
        busy={busy}
      />
    </Container>
  );
}
