import type { Route } from './+types/learning';

import {
  CertificateDateSchema,
  DailyGoalSchema,
  ExamPlanSchema,
  ReminderSettingsSchema,
} from '@drone-exam/shared/schemas/learning';
import { requireUser } from '../lib/session.server';
import { serverApi } from '../lib/api.server';
import { validateForm } from '../lib/forms';
import { goalNumber } from '../components/learning/goal-number';
import { type FieldErrors } from '../lib/form-data';
import { redirect } from 'react-router';
import { localRedirect, serverT } from '../i18n/i18n.server';
import { refusalCookie, sentFields } from '../lib/learning-refusal.server';

export type LearningIntent =
  | 'exam'
  | 'clear-exam'
  | 'certificate'
  | 'clear-certificate'
  | 'reminders'
  | 'goal'
  | 'review'
  | 'recency';

export type LearningResult =
  | { intent: LearningIntent; ok: true; message: string }
  | {
      intent: LearningIntent;
      ok: false;
      error?: string;
      errors?: FieldErrors;
      /** What a plain post sent, shown again beside its refusal (use-learning-result.ts). */
      sent?: Record<string, string>;
    };

/** What each saved change says (learning.json `saved`). */
const SAVED = {
  exam: 'exam',
  'clear-exam': 'clearExam',
  certificate: 'certificate',
  'clear-certificate': 'clearCertificate',
  reminders: 'reminders',
  goal: 'goal',
} as const;

/**
 * The forms of spaced review and staying current (the dashboard's review card, the account's
 * plan settings, the Recency review page) post here: a resource route, so each page only places
 * its component. Starting a session redirects to the quiz; everything else answers the fetcher.
 * A form sent before its page hydrated arrives as a plain post (a document request), which would
 * show that answer as a bare JSON page: it goes back to the page it was sent from, which shows
 * what was saved, or with a refusal the message beside its field (lib/learning-refusal.server.ts).
 */
export async function action(args: Route.ActionArgs): Promise<LearningResult> {
  const plainPost = args.request.headers.get('Sec-Fetch-Dest') === 'document';
  const sent = plainPost ? args.request.clone().formData() : null;
  const result = await answer(args);
  if (sent) {
    const from = pageSentFrom(args.request);
    const init = result.ok
      ? undefined
      : {
          headers: {
            'Set-Cookie': refusalCookie({
              id: crypto.randomUUID(),
              intent: result.intent,
              error: result.error,
              errors: result.errors,
              sent: sentFields(await sent),
            }),
          },
        };
    throw from ? redirect(from, init) : localRedirect(args.context, '/dashboard', init);
  }
  return result;
}

/** The same-origin page a plain post came from (its Referer), or null. */
function pageSentFrom(request: Request): string | null {
  const referer = request.headers.get('Referer');
  if (!referer || !URL.canParse(referer)) return null;
  const from = new URL(referer);
  return from.origin === new URL(request.url).origin ? from.pathname + from.search : null;
}

async function answer({ request, context }: Route.ActionArgs): Promise<LearningResult> {
  requireUser(context, request);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '') as LearningIntent;
  const timeZone = String(form.get('timeZone') ?? '') || undefined;
  const { api } = serverApi(context, request);
  const t = serverT(context, 'learning');
  const saved = intent in SAVED ? t(`saved.${SAVED[intent as keyof typeof SAVED]}`) : '';
  const answered = (result: { success: boolean; error?: string; fields?: FieldErrors }) =>
    result.success
      ? ({ intent, ok: true, message: saved } as const)
      : ({ intent, ok: false, error: result.error, errors: result.fields } as const);

  switch (intent) {
    case 'exam': {
      const checked = validateForm(ExamPlanSchema, { examDate: form.get('examDate'), timeZone });
      if (!checked.ok) return { intent, ok: false, errors: checked.errors };
      return answered(await api('/learning/plan', { method: 'PUT', body: checked.data }));
    }
    case 'clear-exam':
      return answered(await api('/learning/plan', { method: 'DELETE' }));
    case 'certificate': {
      const checked = validateForm(CertificateDateSchema, {
        certificateDate: form.get('certificateDate'),
        timeZone,
      });
      if (!checked.ok) return { intent, ok: false, errors: checked.errors };
      return answered(await api('/learning/certificate', { method: 'PUT', body: checked.data }));
    }
    case 'clear-certificate':
      return answered(await api('/learning/certificate', { method: 'DELETE' }));
    case 'reminders': {
      const checked = validateForm(ReminderSettingsSchema, {
        reviewEmails: form.get('reviewEmails') === 'on',
        recencyEmails: form.get('recencyEmails') === 'on',
        weeklyEmails: form.get('weeklyEmails') === 'on',
        timeZone,
      });
      if (!checked.ok) return { intent, ok: false, errors: checked.errors };
      return answered(await api('/learning/reminders', { method: 'PUT', body: checked.data }));
    }
    case 'goal': {
      const checked = validateForm(DailyGoalSchema, {
        dailyQuestions: goalNumber(form.get('dailyQuestions')),
        timeZone,
      });
      if (!checked.ok) return { intent, ok: false, errors: checked.errors };
      return answered(await api('/learning/goal', { method: 'PUT', body: checked.data }));
    }
    case 'review':
    case 'recency': {
      const result = await api(
        intent === 'review' ? '/learning/review/session' : '/learning/recency/session',
        { method: 'POST', body: {} },
      );
      if (result.success) throw localRedirect(context, `/quiz/${result.data.attempt.id}`);
      if (result.code === 'PREMIUM_REQUIRED') throw localRedirect(context, '/pricing');
      return { intent, ok: false, error: result.error };
    }
    default:
      return { intent, ok: false, error: t('unknownAction') };
  }
}
