import { useTranslation } from '../i18n/react';
import type { Route } from './+types/flight-review';
import { Container, PageHeader } from '@drone-exam/shared/ui/ui';
import {
  DOCUMENT_KIND_NOT_FOUND,
  FLIGHT_REVIEW_DOCUMENT_KINDS,
} from '@drone-exam/shared/schemas/flight-review-values';
import { FLIGHT_REVIEW_DOCUMENT_SCHEMAS } from '@drone-exam/shared/schemas/flight-review';
import { requireUser } from '../lib/session.server';
import { serverApi } from '../lib/api.server';
import { validateForm } from '../lib/forms';
import { metaFromLoader } from '../lib/meta';
import { pageMessages, serverT } from '../i18n/i18n.server';
import { Checklist } from '../components/flight-review/checklist';
import { DocumentForm } from '../components/flight-review/document-form';
import { PrintView } from '../components/flight-review/print-view';
import { Rehearsal } from '../components/flight-review/rehearsal';
import { RulesCard } from '../components/flight-review/rules-card';
import { useEffect } from 'react';
import { keepPage } from '../offline/worker-client';
import { useUser } from '../lib/use-user';
import { useLocalizedPath } from '../i18n/hooks';
import type { FlightReviewResult, SavedDocuments } from '../components/flight-review/types';

export const meta = metaFromLoader;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  const { api } = serverApi(context, request);
  const t = serverT(context, 'flight');
  const [kit, ...reads] = await Promise.all([
    api('/flight-review'),
    ...FLIGHT_REVIEW_DOCUMENT_KINDS.map((kind) => api(`/flight-review/documents/${kind}`)),
  ]);
  if (!kit.success) throw new Response(kit.error, { status: kit.status });
  const documents: SavedDocuments = {};
  for (const read of reads) {
    if (read.success) documents[read.data.document.kind] = read.data.document;
  }
  return {
    exercises: kit.data.exercises,
    documents,
    meta: { title: t('title'), description: t('description') },
    i18n: pageMessages(context, ['flight']),
  };
}

/** Ticks an exercise or saves a document, each checked by the schema the API checks with. */
export async function action({ request, context }: Route.ActionArgs): Promise<FlightReviewResult> {
  requireUser(context, request);
  const form = await request.formData();
  const { api } = serverApi(context, request);
  if (form.get('intent') === 'exercise') {
    const id = encodeURIComponent(String(form.get('id')));
    const result = await api(`/flight-review/exercises/${id}`, {
      method: 'PUT',
      body: { done: form.get('done') === 'true' },
    });
    return result.success
      ? { intent: 'exercise', ok: true }
      : { intent: 'exercise', ok: false, error: result.error };
  }
  const kind = FLIGHT_REVIEW_DOCUMENT_KINDS.find((known) => known === form.get('kind'));
  if (!kind) throw new Response(DOCUMENT_KIND_NOT_FOUND, { status: 404 });
  const schema = FLIGHT_REVIEW_DOCUMENT_SCHEMAS[kind];
  const values = Object.fromEntries([...form].filter(([, value]) => typeof value === 'string'));
  const checked = validateForm(schema, values);
  if (!checked.ok) return { intent: 'document', kind, ok: false, errors: checked.errors };
  const result = await api(`/flight-review/documents/${kind}`, {
    method: 'PUT',
    body: checked.data,
  });
  return result.success
    ? { intent: 'document', kind, ok: true }
    : { intent: 'document', kind, ok: false, error: result.error, errors: result.fields };
}

/**
 * The flight review kit (issue 28): the nine exercises of Standard 921.02(1)(b), the learner's
 * site survey and procedures (saved, kept offline, printed alone), and a briefing rehearsal.
 */
export default function FlightReview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('flight');
  const { exercises, documents } = loaderData;
  const owner = useUser()?.id ?? null;
  const path = useLocalizedPath()('/flight-review');
  // Kept on this device, and kept again after each save, so what was saved reads and prints
  // offline (ARCHITECTURE, offline).
  const version = JSON.stringify([exercises, documents]);
  useEffect(() => {
    if (owner && version && navigator.onLine) keepPage(owner, path, 0);
  }, [owner, path, version]);
  return (
    <Container className="max-w-4xl">
      <div className="print:hidden">
        <PageHeader title={t('title')} intro={t('intro')} />
        <RulesCard />
        <Checklist exercises={exercises} />
        <section aria-labelledby="documents-title" className="mt-10">
          <h2 id="documents-title" className="text-2xl font-bold text-slate-900">
            {t('documents.title')}
          </h2>
          <p className="mt-2 text-slate-700">{t('documents.intro')}</p>
          <button
            type="button"
            onClick={() => window.print()}
            className="mt-4 rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 focus:outline-2 focus:outline-sky-600"
          >
            {t('documents.print')}
          </button>
          {FLIGHT_REVIEW_DOCUMENT_KINDS.map((kind) => (
            <DocumentForm key={kind} kind={kind} saved={documents[kind] ?? null} />
          ))}
        </section>
        <Rehearsal documents={documents} />
      </div>
      <PrintView documents={documents} />
    </Container>
  );
}
