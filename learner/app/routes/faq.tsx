import type { ReactNode } from 'react';
import type { Route } from './+types/faq';
import { staticPage } from '../root';
import { pageMeta } from '../lib/meta';
import { Container, PageHeader } from '@drone-exam/shared/ui/ui';
import {
  OFFICIAL_EXAM_QUESTIONS,
  OFFICIAL_PASS_MARK,
  PRACTICE_PASS_MARK,
  PREMIUM_OFFER,
} from '@drone-exam/shared/constants';
import { formatCad } from '@drone-exam/shared/text';

export const handle = staticPage;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Exam FAQ',
    'The Basic Operations exam: questions, time, pass mark, retakes, age, recency and what the certificate allows.',
  );

/**
 * Every exam fact here comes from the project's fact sheet (domain/rpas-basic-facts.md) with the
 * source it gives; figures only flight schools report are said to be theirs.
 */
const FAQS: Array<{ q: string; a: ReactNode }> = [
  {
    q: 'What is the pass mark for the Basic Operations exam?',
    a: (
      <>
        {OFFICIAL_PASS_MARK} % (Transport Canada Standard 921.01). In our practice quizzes we aim
        higher and mark a result as passed at {PRACTICE_PASS_MARK} %, and every result shows both
        lines.
      </>
    ),
  },
  {
    q: 'How many questions are there, and how long do I have?',
    a: (
      <>
        Flight schools report {OFFICIAL_EXAM_QUESTIONS} multiple-choice questions and 90 minutes.
        Transport Canada does not set these figures in the regulations, so check the exam page in
        the Drone Management Portal when you book. Some sources quote 60 minutes, which is the
        advanced exam's time limit.
      </>
    ),
  },
  {
    q: 'Where and how do I take the exam?',
    a: 'Online, through Transport Canada’s Drone Management Portal, signing in with GCKey or a Sign-In Partner (online banking). Questions are drawn at random across the knowledge areas of TP 15263, so no two attempts are the same.',
  },
  {
    q: 'Is it open book?',
    a: 'Flight schools describe it as open-book (reference material allowed). You may not copy or remove any part of the exam, give or accept help, or write it for someone else (CARs 901.58).',
  },
  {
    q: 'What happens if I fail?',
    a: 'You must wait 24 hours before trying again (CARs 901.59). Do not confuse this with the 24 months of recency.',
  },
  {
    q: 'How old do I have to be?',
    a: 'At least 14 for a basic certificate (CARs 901.54 and 901.55). Advanced operations need 16, Level 1 Complex operations 18.',
  },
  {
    q: 'Does the certificate expire?',
    a: 'Part IX sets no expiry date, but you must stay recent: within the 24 months before a flight you must have been issued a certificate, passed an exam or flight review, or completed a recurrent-training activity of Standard 921.04, such as Transport Canada’s self-paced study program (CARs 901.56). Keep a record of it for at least 24 months.',
  },
  {
    q: 'Which flights does a basic certificate cover?',
    a: 'A small drone (250 g up to 25 kg operating weight) in visual line-of-sight, in uncontrolled airspace, at least 30 m (100 ft) horizontally from anyone not involved in the flight (CARs 901.53 and 901.26). Controlled airspace, flying closer to people, and the other advanced cases need an advanced certificate.',
  },
  {
    q: 'Do I need to register my drone?',
    a: 'Yes, if its operating weight is 250 g or more (CARs 900.13), and the registration number must be clearly visible on it (CARs 900.14). Drones under 250 g are not registered, but some rules still apply to them.',
  },
  {
    q: 'What does the exam cost?',
    a: 'Transport Canada updated its drone service fees in 2025. Check the current fee in the Drone Management Portal before you pay; we do not quote a figure we have not verified.',
  },
  {
    q: 'What does premium include here?',
    a: `Practice quizzes by topic, the timed exam mode and full answer explanations, for ${formatCad(PREMIUM_OFFER.amountCents)} for ${PREMIUM_OFFER.durationDays} days. It is a one-time purchase, never renewed automatically. The study modules are free.`,
  },
  {
    q: 'Are you part of Transport Canada?',
    a: 'No. This is an independent study aid, not affiliated with or endorsed by Transport Canada or NAV CANADA. Always confirm a rule against the Canadian Aviation Regulations.',
  },
];

export default function Faq() {
  return (
    <Container className="max-w-3xl">
      <PageHeader
        title="Frequently asked questions"
        intro="The Basic Operations exam and certificate, with the rule behind each answer."
      />
      <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {FAQS.map((item) => (
          <details key={item.q} className="group p-5">
            <summary className="cursor-pointer list-none font-semibold text-slate-900 marker:hidden">
              <span className="flex items-center justify-between gap-4">
                {item.q}
                <span aria-hidden="true" className="text-sky-700 transition group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <div className="mt-3 text-slate-700">{item.a}</div>
          </details>
        ))}
      </div>
    </Container>
  );
}
