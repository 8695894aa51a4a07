import { escapeHtml } from '@drone-exam/shared/markdown';
import { formatMoney, LOCALE_TAGS, type Locale } from '@drone-exam/shared/i18n';
import { localizeMessage } from '@drone-exam/shared/messages';
import { formatDate } from '@drone-exam/shared/text';
import { translator } from '../i18n/index.ts';
import { PRODUCT_NAME, REGULATOR_DISCLAIMER } from '@drone-exam/shared/product';
import { PREMIUM_OFFER } from '@drone-exam/shared/schemas/payments-values';
import type { SentEmailTemplate } from '@drone-exam/shared/schemas/admin-values';

export type EmailContent = { subject: string; text: string; html: string };

export type TemplateData = {
  firstName?: string;
  /** Absolute link for the main button. */
  link?: string;
  planName?: string;
  /** Dollars (e.g. 5 or 29.99), written in the email's language: CA$5.00, 5,00 $. */
  amount?: number;
  daysRemaining?: number;
  /** When premium ends (ms), written as a date in the email's language (UTC). */
  expiresAt?: number;
  name?: string;
  email?: string;
  subject?: string;
  message?: string;
  /** A reported question's text, and the admin's note on what was corrected. */
  question?: string;
  note?: string;
  /** Review reminders: cards due today, and the exam date (YYYY-MM-DD) with the days left. */
  dueCount?: number;
  examDate?: string;
  daysToExam?: number;
  /** Recency reminders: the date (YYYY-MM-DD) a recency activity is due by (CARs 901.56). */
  recencyDueDate?: string;
  /** The weekly progress email: the last 7 days, the streak, readiness (0–1) and its change. */
  weekAnswered?: number;
  weekMetDays?: number;
  streak?: number;
  passProbability?: number | null;
  passProbabilityChange?: number | null;
  /** Absolute link that stops this kind of reminder without signing in. */
  unsubscribeLink?: string;
  /** The class a learner was removed from, or its instructor bought seats for (issue 30). */
  className?: string;
  /** Premium seats bought for a class. */
  seats?: number;
};

/** The reminders of issue 17 are sent by the cron only, never chosen in the admin's email tools. */
export type TemplateName = SentEmailTemplate;

type Block = {
  heading: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  footnote?: string;
  /** A reminder's one-click way out, under the footnote. */
  unsubscribe?: { label: string; url: string };
};

function layout(block: Block, locale: Locale): { html: string; text: string } {
  const t = translator(locale, 'emails');
  const disclaimer = localizeMessage(REGULATOR_DISCLAIMER, locale);
  const paragraphs = block.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1e293b">${escapeHtml(p)}</p>`,
    )
    .join('');
  const button = block.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(block.button.url)}" style="display:inline-block;background:#0369a1;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(block.button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">${escapeHtml(t('buttonFallback'))}<br><a href="${escapeHtml(block.button.url)}" style="color:#0369a1;word-break:break-all">${escapeHtml(block.button.url)}</a></p>`
    : '';
  const footnote = block.footnote
    ? `<p style="margin:16px 0 0;font-size:13px;color:#475569">${escapeHtml(block.footnote)}</p>`
    : '';
  const unsubscribe = block.unsubscribe
    ? `<p style="margin:16px 0 0;font-size:13px;color:#475569"><a href="${escapeHtml(block.unsubscribe.url)}" style="color:#0369a1">${escapeHtml(block.unsubscribe.label)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="${LOCALE_TAGS[locale]}"><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0c4a6e;padding:20px 24px;color:#ffffff;font-size:20px;font-weight:700">${escapeHtml(PRODUCT_NAME)}</td></tr>
<tr><td style="padding:24px"><h1 style="margin:0 0 16px;font-size:22px;color:#0f172a">${escapeHtml(block.heading)}</h1>${paragraphs}${button}${footnote}${unsubscribe}</td></tr>
<tr><td style="padding:16px 24px;background:#f8fafc;font-size:12px;color:#64748b">${escapeHtml(disclaimer)}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    block.heading,
    '',
    ...block.paragraphs.flatMap((p) => [p, '']),
    ...(block.button ? [`${block.button.label}: ${block.button.url}`, ''] : []),
    ...(block.footnote ? [block.footnote, ''] : []),
    ...(block.unsubscribe ? [`${block.unsubscribe.label}: ${block.unsubscribe.url}`, ''] : []),
    '--',
    PRODUCT_NAME,
    disclaimer,
  ].join('\n');
  return { html, text };
}

const requireLink = (data: TemplateData, template: string): string => {
  if (!data.link) throw new Error(`The ${template} email needs a link`);
  return data.link;
};

/**
 * Every email the product sends, in HTML and plain text, with absolute links, in the language of
 * its reader (their account's, or the page's they asked from).
 */
export function renderEmail(
  template: TemplateName,
  data: TemplateData,
  locale: Locale,
): EmailContent {
  const t = translator(locale, 'emails');
  const hello = t('hello', { name: data.firstName?.trim() || t('pilot') });
  const product = PRODUCT_NAME;
  const date = (ms: number) => formatDate(ms, { timeZone: 'UTC', locale });
  /** A calendar day (YYYY-MM-DD) as the reader's language writes it. */
  const day = (iso: string) => date(Date.parse(`${iso}T00:00:00Z`));
  switch (template) {
    case 'verification': {
      return {
        subject: t('verification.subject', { product }),
        ...layout(
          {
            heading: t('verification.heading'),
            paragraphs: [hello, t('verification.body')],
            button: { label: t('verification.button'), url: requireLink(data, template) },
            footnote: t('verification.footnote'),
          },
          locale,
        ),
      };
    }
    case 'password-reset': {
      return {
        subject: t('passwordReset.subject', { product }),
        ...layout(
          {
            heading: t('passwordReset.heading'),
            paragraphs: [hello, t('passwordReset.body')],
            button: { label: t('passwordReset.button'), url: requireLink(data, template) },
            footnote: t('passwordReset.footnote'),
          },
          locale,
        ),
      };
    }
    case 'welcome': {
      return {
        subject: t('welcome.subject', { product }),
        ...layout(
          {
            heading: t('welcome.heading'),
            paragraphs: [hello, t('welcome.body')],
            button: data.link ? { label: t('welcome.button'), url: data.link } : undefined,
          },
          locale,
        ),
      };
    }
    case 'subscription-confirmation': {
      // The offer's own name is translated; a name an admin typed for a test is kept as typed.
      const plan =
        data.planName === PREMIUM_OFFER.name || data.planName === undefined
          ? data.planName === undefined
            ? t('subscription.defaultPlan')
            : t('planNames.practice_30d')
          : data.planName;
      const body =
        data.amount === undefined
          ? t('subscription.body', { plan })
          : t('subscription.bodyWithAmount', {
              plan,
              amount: formatMoney(Math.round(data.amount * 100), locale),
            });
      return {
        subject: t('subscription.subject', { plan }),
        ...layout(
          {
            heading: t('subscription.heading'),
            paragraphs: [
              hello,
              body,
              ...(data.expiresAt !== undefined
                ? [t('subscription.until', { date: date(data.expiresAt) })]
                : []),
            ],
            button: data.link ? { label: t('subscription.button'), url: data.link } : undefined,
          },
          locale,
        ),
      };
    }
    case 'expiry-reminder': {
      const count = data.daysRemaining ?? 7;
      return {
        subject: t('expiry.subject', { count }),
        ...layout(
          {
            heading: t('expiry.heading'),
            paragraphs: [
              hello,
              data.expiresAt !== undefined
                ? t('expiry.bodyUntil', { count, date: date(data.expiresAt) })
                : t('expiry.body', { count }),
              t('expiry.extend'),
            ],
            button: data.link ? { label: t('expiry.button'), url: data.link } : undefined,
          },
          locale,
        ),
      };
    }
    case 'class-removed': {
      return {
        subject: t('classRemoved.subject', { className: data.className ?? '' }),
        ...layout(
          {
            heading: t('classRemoved.heading'),
            paragraphs: [
              hello,
              t('classRemoved.body', { className: data.className ?? '' }),
              t('classRemoved.yours'),
            ],
            button: data.link ? { label: t('classRemoved.button'), url: data.link } : undefined,
          },
          locale,
        ),
      };
    }
    case 'class-seats-purchased': {
      const count = data.seats ?? 0;
      const className = data.className ?? '';
      return {
        subject: t('classSeats.subject', { count, className }),
        ...layout(
          {
            heading: t('classSeats.heading'),
            paragraphs: [
              hello,
              data.amount === undefined
                ? t('classSeats.body', { count, className })
                : t('classSeats.bodyWithAmount', {
                    count,
                    className,
                    amount: formatMoney(Math.round(data.amount * 100), locale),
                  }),
              t('classSeats.how', { days: PREMIUM_OFFER.durationDays }),
            ],
            button: data.link ? { label: t('classSeats.button'), url: data.link } : undefined,
          },
          locale,
        ),
      };
    }
    case 'question-report-resolved': {
      return {
        subject: t('reportResolved.subject'),
        ...layout(
          {
            heading: t('reportResolved.heading'),
            paragraphs: [
              hello,
              t('reportResolved.body', { question: data.question ?? '' }),
              ...(data.note ? [t('reportResolved.note', { note: data.note })] : []),
              t('reportResolved.thanks'),
            ],
            button: data.link ? { label: t('reportResolved.button'), url: data.link } : undefined,
          },
          locale,
        ),
      };
    }
    case 'review-reminder': {
      const count = data.dueCount ?? 0;
      return {
        subject: t('review.subject', { count }),
        ...layout(
          {
            heading: t('review.heading', { count }),
            paragraphs: [
              hello,
              t('review.body', { count }),
              ...(data.examDate && data.daysToExam !== undefined
                ? [
                    data.daysToExam === 1
                      ? t('review.examTomorrow', { date: day(data.examDate) })
                      : t('review.examIn', { date: day(data.examDate), count: data.daysToExam }),
                  ]
                : []),
            ],
            button: { label: t('review.button'), url: requireLink(data, template) },
            footnote: t('review.footnote'),
            unsubscribe: data.unsubscribeLink
              ? { label: t('review.unsubscribe'), url: data.unsubscribeLink }
              : undefined,
          },
          locale,
        ),
      };
    }
    case 'recency-reminder': {
      const count = data.daysRemaining ?? 0;
      return {
        subject: t('recency.subject', { count }),
        ...layout(
          {
            heading: t('recency.heading'),
            paragraphs: [
              hello,
              data.recencyDueDate
                ? t('recency.body', { date: day(data.recencyDueDate) })
                : t('recency.bodyNoDate'),
              t('recency.keep'),
            ],
            button: { label: t('recency.button'), url: requireLink(data, template) },
            footnote: t('recency.footnote'),
            unsubscribe: data.unsubscribeLink
              ? { label: t('recency.unsubscribe'), url: data.unsubscribeLink }
              : undefined,
          },
          locale,
        ),
      };
    }
    case 'weekly-progress': {
      const percent = (value: number) =>
        new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'percent' }).format(value);
      const signed = (value: number) =>
        new Intl.NumberFormat(LOCALE_TAGS[locale], {
          style: 'percent',
          signDisplay: 'exceptZero',
        }).format(value);
      const chance = data.passProbability ?? null;
      const change = data.passProbabilityChange ?? null;
      const due = data.dueCount ?? 0;
      return {
        subject: t('weekly.subject'),
        ...layout(
          {
            heading: t('weekly.heading'),
            paragraphs: [
              hello,
              t('weekly.answered', { count: data.weekAnswered ?? 0, met: data.weekMetDays ?? 0 }),
              data.streak ? t('weekly.streak', { count: data.streak }) : t('weekly.noStreak'),
              chance === null
                ? t('weekly.readinessNone')
                : change === null
                  ? t('weekly.readiness', { now: percent(chance) })
                  : t('weekly.readinessChange', { now: percent(chance), change: signed(change) }),
              ...(due > 0 ? [t('weekly.due', { count: due })] : []),
            ],
            button: { label: t('weekly.button'), url: requireLink(data, template) },
            footnote: t('weekly.footnote'),
            unsubscribe: data.unsubscribeLink
              ? { label: t('weekly.unsubscribe'), url: data.unsubscribeLink }
              : undefined,
          },
          locale,
        ),
      };
    }
    case 'contact-notification': {
      // For the support inbox, which reads English.
      return {
        subject: `Contact form: ${data.subject ?? 'general'} from ${data.name ?? 'a visitor'}`,
        ...layout(
          {
            heading: 'New contact message',
            paragraphs: [
              `From: ${data.name ?? ''} <${data.email ?? ''}>`,
              `Subject: ${data.subject ?? ''}`,
              data.message ?? '',
            ],
          },
          'en',
        ),
      };
    }
  }
}
