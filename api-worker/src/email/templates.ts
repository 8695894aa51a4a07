import { escapeHtml } from '@drone-exam/shared/markdown';
import {
  PRODUCT_NAME,
  REGULATOR_DISCLAIMER,
  type SentEmailTemplate,
} from '@drone-exam/shared/constants';

export type EmailContent = { subject: string; text: string; html: string };

export type TemplateData = {
  firstName?: string;
  /** Absolute link for the main button. */
  link?: string;
  planName?: string;
  amount?: number | string;
  daysRemaining?: number;
  expiresAt?: string;
  name?: string;
  email?: string;
  subject?: string;
  message?: string;
  /** A reported question's text, and the admin's note on what was corrected. */
  question?: string;
  note?: string;
  /** Review reminders: cards due today, and the exam date with the days left. */
  dueCount?: number;
  examDate?: string;
  daysToExam?: number;
  /** Recency reminders: the date a recency activity is due by (CARs 901.56). */
  recencyDueDate?: string;
  /** Absolute link that stops this kind of reminder without signing in. */
  unsubscribeLink?: string;
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

function layout(block: Block): { html: string; text: string } {
  const paragraphs = block.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1e293b">${escapeHtml(p)}</p>`,
    )
    .join('');
  const button = block.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(block.button.url)}" style="display:inline-block;background:#0369a1;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(block.button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(block.button.url)}" style="color:#0369a1;word-break:break-all">${escapeHtml(block.button.url)}</a></p>`
    : '';
  const footnote = block.footnote
    ? `<p style="margin:16px 0 0;font-size:13px;color:#475569">${escapeHtml(block.footnote)}</p>`
    : '';
  const unsubscribe = block.unsubscribe
    ? `<p style="margin:16px 0 0;font-size:13px;color:#475569"><a href="${escapeHtml(block.unsubscribe.url)}" style="color:#0369a1">${escapeHtml(block.unsubscribe.label)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0c4a6e;padding:20px 24px;color:#ffffff;font-size:20px;font-weight:700">${escapeHtml(PRODUCT_NAME)}</td></tr>
<tr><td style="padding:24px"><h1 style="margin:0 0 16px;font-size:22px;color:#0f172a">${escapeHtml(block.heading)}</h1>${paragraphs}${button}${footnote}${unsubscribe}</td></tr>
<tr><td style="padding:16px 24px;background:#f8fafc;font-size:12px;color:#64748b">${escapeHtml(REGULATOR_DISCLAIMER)}</td></tr>
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
    REGULATOR_DISCLAIMER,
  ].join('\n');
  return { html, text };
}

const hello = (data: TemplateData) => `Hello ${data.firstName?.trim() || 'Pilot'},`;
const requireLink = (data: TemplateData, template: string): string => {
  if (!data.link) throw new Error(`The ${template} email needs a link`);
  return data.link;
};

/** Every email the product sends, in HTML and plain text, with absolute links. */
export function renderEmail(template: TemplateName, data: TemplateData): EmailContent {
  switch (template) {
    case 'verification': {
      const subject = `Verify your email for ${PRODUCT_NAME}`;
      return {
        subject,
        ...layout({
          heading: 'Confirm your email address',
          paragraphs: [
            hello(data),
            'Thanks for signing up. Confirm your email address to start studying for your RPA Pilot Certificate.',
          ],
          button: { label: 'Verify my email', url: requireLink(data, template) },
          footnote:
            'This link expires in 24 hours. If you did not create an account, you can ignore this email.',
        }),
      };
    }
    case 'password-reset': {
      return {
        subject: `Reset your ${PRODUCT_NAME} password`,
        ...layout({
          heading: 'Reset your password',
          paragraphs: [
            hello(data),
            'We received a request to reset the password for your account.',
          ],
          button: { label: 'Choose a new password', url: requireLink(data, template) },
          footnote:
            'This link expires in 1 hour and can be used once. If you did not ask for a reset, ignore this email: your password stays the same.',
        }),
      };
    }
    case 'welcome': {
      return {
        subject: `Welcome to ${PRODUCT_NAME}`,
        ...layout({
          heading: 'Welcome aboard',
          paragraphs: [
            hello(data),
            'Your email is verified. Start with the study modules: they follow Transport Canada’s knowledge requirements for basic operations, section by section.',
          ],
          button: data.link ? { label: 'Go to my dashboard', url: data.link } : undefined,
        }),
      };
    }
    case 'subscription-confirmation': {
      const plan = data.planName ?? 'Practice Pass';
      const amount =
        data.amount === undefined
          ? ''
          : ` (${typeof data.amount === 'number' ? `CA$${data.amount.toFixed(2)}` : data.amount})`;
      return {
        subject: `Your ${plan} is active`,
        ...layout({
          heading: 'Payment received',
          paragraphs: [
            hello(data),
            `Thank you for your purchase of the ${plan}${amount}. Practice quizzes and timed exams are now unlocked.`,
            ...(data.expiresAt
              ? [
                  `Your premium access runs until ${data.expiresAt}. This is a one-time purchase: you will not be charged again.`,
                ]
              : []),
          ],
          button: data.link ? { label: 'Start practising', url: data.link } : undefined,
        }),
      };
    }
    case 'expiry-reminder': {
      const days = data.daysRemaining ?? 7;
      return {
        subject: `Your premium access ends in ${days} day${days === 1 ? '' : 's'}`,
        ...layout({
          heading: 'Your premium access is ending soon',
          paragraphs: [
            hello(data),
            `Your practice quizzes and timed exams stay unlocked for ${days} more day${days === 1 ? '' : 's'}${data.expiresAt ? ` (until ${data.expiresAt})` : ''}.`,
            'If you need more time before your exam, you can add another 30 days at any time; it starts when your current period ends.',
          ],
          button: data.link ? { label: 'Extend my access', url: data.link } : undefined,
        }),
      };
    }
    case 'question-report-resolved': {
      return {
        subject: 'Thanks: we corrected the question you reported',
        ...layout({
          heading: 'Thanks, we corrected the question you reported',
          paragraphs: [
            hello(data),
            `Thanks, we corrected the question you reported: “${data.question ?? ''}”.`,
            ...(data.note ? [`What we changed: ${data.note}`] : []),
            'Reports like yours keep the question bank right for everyone preparing for the exam.',
          ],
          button: data.link ? { label: 'Keep practising', url: data.link } : undefined,
        }),
      };
    }
    case 'review-reminder': {
      const due = data.dueCount ?? 0;
      const cards = `${due} review card${due === 1 ? '' : 's'}`;
      return {
        subject: `${cards} due today`,
        ...layout({
          heading: `You have ${cards} due today`,
          paragraphs: [
            hello(data),
            `Reviewing the questions you answered before, just as you are about to forget them, keeps them fresh. Today ${due === 1 ? 'one card is' : `${due} cards are`} due.`,
            ...(data.examDate && data.daysToExam !== undefined
              ? [
                  `Your exam is on ${data.examDate}, ${data.daysToExam === 1 ? 'tomorrow' : `in ${data.daysToExam} days`}: every card is scheduled to be reviewed before it.`,
                ]
              : []),
          ],
          button: { label: 'Start review', url: requireLink(data, template) },
          footnote:
            'You get this email on days with cards due because you turned on review reminders.',
          unsubscribe: data.unsubscribeLink
            ? { label: 'Stop review reminders', url: data.unsubscribeLink }
            : undefined,
        }),
      };
    }
    case 'recency-reminder': {
      const days = data.daysRemaining ?? 0;
      return {
        subject: `Your drone pilot recency runs out in ${days} day${days === 1 ? '' : 's'}`,
        ...layout({
          heading: 'Time for a recency activity',
          paragraphs: [
            hello(data),
            `To fly under your pilot certificate after ${data.recencyDueDate ?? 'your recency date'}, you need a recency activity within the 24 months before the flight (CARs 901.56): passing an exam, a flight review, or a recurrent training activity of Standard 921.04 such as Transport Canada's self-paced study program.`,
            'Keep a record of the activity and its date for at least 24 months. The Recency review practice set can help you prepare; it is a study aid and does not complete the program.',
          ],
          button: { label: 'Open Recency review', url: requireLink(data, template) },
          footnote:
            'You get this email because you recorded the date of your certificate or last recency activity.',
          unsubscribe: data.unsubscribeLink
            ? { label: 'Stop recency reminders', url: data.unsubscribeLink }
            : undefined,
        }),
      };
    }
    case 'contact-notification': {
      return {
        subject: `Contact form: ${data.subject ?? 'general'} from ${data.name ?? 'a visitor'}`,
        ...layout({
          heading: 'New contact message',
          paragraphs: [
            `From: ${data.name ?? ''} <${data.email ?? ''}>`,
            `Subject: ${data.subject ?? ''}`,
            data.message ?? '',
          ],
        }),
      };
    }
  }
}
