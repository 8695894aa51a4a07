import { useTranslation } from '../i18n/react';
import type { Route } from './+types/faq';
import { staticPage } from '../root';
import { metaFromLoader } from '../lib/meta';
import { Container, PageHeader } from '@drone-exam/shared/ui/ui';
import { useFormat } from '../i18n/hooks';
import { Link } from '../components/links';
import { pageMessages, serverT } from '../i18n/i18n.server';
import {
  OFFICIAL_EXAM_QUESTIONS,
  OFFICIAL_PASS_MARK,
  PRACTICE_PASS_MARK,
} from '@drone-exam/shared/schemas/quiz-values';
import { PREMIUM_OFFER } from '@drone-exam/shared/schemas/payments-values';

export const handle = staticPage;

export const meta = metaFromLoader;

export function loader({ context }: Route.LoaderArgs) {
  const t = serverT(context, 'info');
  return {
    meta: { title: t('faq.meta.title'), description: t('faq.meta.description') },
    i18n: pageMessages(context, ['info']),
  };
}

/**
 * Every exam fact here comes from the project's fact sheet (domain/rpas-basic-facts.md) with the
 * source it gives; figures only flight schools report are said to be theirs.
 */
const FAQS = [
  'passMark',
  'length',
  'where',
  'openBook',
  'fail',
  'age',
  'expiry',
  'coverage',
  'registration',
  'cost',
  'premium',
  'advanced',
  'affiliation',
] as const;

export default function Faq() {
  const { t } = useTranslation('info');
  const format = useFormat();
  const values = {
    official: format.percent(OFFICIAL_PASS_MARK),
    practice: format.percent(PRACTICE_PASS_MARK),
    questions: OFFICIAL_EXAM_QUESTIONS,
    price: format.money(PREMIUM_OFFER.amountCents),
    days: PREMIUM_OFFER.durationDays,
  };
  return (
    <Container className="max-w-3xl">
      <PageHeader title={t('faq.title')} intro={t('faq.intro')} />
      <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {FAQS.map((item) => (
          <details key={item} className="group p-5">
            <summary className="cursor-pointer list-none font-semibold text-slate-900 marker:hidden">
              <span className="flex items-center justify-between gap-4">
                {t(`faq.items.${item}.q`)}
                <span aria-hidden="true" className="text-sky-700 transition group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <div className="mt-3 text-slate-700">
              <p>{t(`faq.items.${item}.a`, values)}</p>
              {item === 'advanced' && (
                <p className="mt-2">
                  <Link to="/advanced" className="font-semibold text-sky-800 hover:underline">
                    {t('faq.advancedLink')}
                  </Link>
                </p>
              )}
            </div>
          </details>
        ))}
      </div>
    </Container>
  );
}
