import type { Route } from './+types/advanced';
import { staticPage } from '../root';
import { metaFromLoader } from '../lib/meta';
import { useTranslation } from '../i18n/react';
import { useFormat } from '../i18n/hooks';
import { pageMessages, serverT } from '../i18n/i18n.server';
import { Link, LinkButton } from '../components/links';
import { Card, Container, PageHeader } from '@drone-exam/shared/ui/ui';
import { OFFICIAL_PASS_MARK } from '@drone-exam/shared/schemas/quiz-values';
import { PREMIUM_OFFER } from '@drone-exam/shared/schemas/payments-values';

/**
 * The Advanced Operations path for visitors (issue 28): server HTML only. Every statement is from
 * the fact sheets (domain/rpas-advanced-facts.md, rpas-basic-facts.md), each traced in
 * content/sources/advanced-page-log.md; a figure only candidates or providers report is said to
 * be theirs, and one nobody publishes is not given.
 */
export const handle = staticPage;

export const meta = metaFromLoader;

export function loader({ context }: Route.LoaderArgs) {
  const t = serverT(context, 'info');
  return {
    meta: { title: t('advanced.meta.title'), description: t('advanced.meta.description') },
    i18n: pageMessages(context, ['info']),
  };
}

const OPERATIONS = ['controlled', 'near', 'over', 'airport', 'medium'] as const;
const EXAM = ['name', 'passMark', 'reported', 'content', 'retake', 'fee'] as const;
/** Standard 921.02(1)(b), in its order. */
const EXERCISES = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix'] as const;
const REVIEW = ['who', 'validity', 'providers', 'noScheme'] as const;
const STATUS_ROWS = ['passMark', 'questions', 'time', 'age', 'window', 'retake', 'fees'] as const;
const OFFER = ['modules', 'practice', 'kit'] as const;

const H2 = 'text-2xl font-bold text-slate-900';

export default function Advanced() {
  const { t } = useTranslation('info');
  const format = useFormat();
  const values = {
    basic: format.percent(OFFICIAL_PASS_MARK),
    price: format.money(PREMIUM_OFFER.amountCents),
    days: PREMIUM_OFFER.durationDays,
  };
  return (
    <Container className="max-w-3xl">
      <PageHeader title={t('advanced.title')} intro={t('advanced.intro')} />
      <div className="space-y-12 text-slate-700">
        <section aria-labelledby="who-needs-it" className="space-y-4">
          <h2 id="who-needs-it" className={H2}>
            {t('advanced.who.title')}
          </h2>
          <p>{t('advanced.who.lead')}</p>
          <ul className="list-disc space-y-2 pl-6">
            {OPERATIONS.map((item) => (
              <li key={item}>{t(`advanced.who.items.${item}`)}</li>
            ))}
          </ul>
          <p>{t('advanced.who.beyond')}</p>
          <p>{t('advanced.who.declaration')}</p>
          <p>{t('advanced.who.certificate')}</p>
        </section>

        <section aria-labelledby="the-exam" className="space-y-4">
          <h2 id="the-exam" className={H2}>
            {t('advanced.exam.title')}
          </h2>
          {EXAM.map((item) => (
            <p key={item} data-testid={item === 'reported' ? 'exam-reported' : undefined}>
              {t(`advanced.exam.${item}`, values)}
            </p>
          ))}
        </section>

        <section aria-labelledby="the-flight-review" className="space-y-4">
          <h2 id="the-flight-review" className={H2}>
            {t('advanced.review.title')}
          </h2>
          <p>{t('advanced.review.what')}</p>
          <p>{t('advanced.review.exercisesLead')}</p>
          <ol className="list-[lower-roman] space-y-1 pl-8" data-testid="review-exercises">
            {EXERCISES.map((item) => (
              <li key={item}>{t(`advanced.review.exercises.${item}`)}</li>
            ))}
          </ol>
          {REVIEW.map((item) => (
            <p key={item}>{t(`advanced.review.${item}`)}</p>
          ))}
        </section>

        <section aria-labelledby="official-and-reported" className="space-y-4">
          <h2 id="official-and-reported" className={H2}>
            {t('advanced.status.title')}
          </h2>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-300 text-slate-900">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    {t('advanced.status.item')}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t('advanced.status.figure')}
                  </th>
                  <th scope="col" className="py-2">
                    {t('advanced.status.source')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {STATUS_ROWS.map((row) => (
                  <tr key={row}>
                    <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                      {t(`advanced.status.rows.${row}.item`)}
                    </th>
                    <td className="py-2 pr-4 whitespace-nowrap">
                      {t(`advanced.status.rows.${row}.figure`)}
                    </td>
                    <td className="py-2">{t(`advanced.status.rows.${row}.source`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby="what-we-offer">
          <Card className="space-y-4">
            <h2 id="what-we-offer" className={H2}>
              {t('advanced.offer.title')}
            </h2>
            {OFFER.map((item) => (
              <p key={item}>{t(`advanced.offer.${item}`, values)}</p>
            ))}
            <div className="flex flex-wrap items-center gap-3 pt-2">
              <LinkButton to="/register">{t('advanced.offer.register')}</LinkButton>
              <LinkButton to="/pricing" variant="secondary">
                {t('advanced.offer.pricing')}
              </LinkButton>
              <Link to="/flight-review" className="font-semibold text-sky-800 hover:underline">
                {t('advanced.offer.kitLink')}
              </Link>
              <Link to="/study" className="font-semibold text-sky-800 hover:underline">
                {t('advanced.offer.basic')}
              </Link>
            </div>
          </Card>
        </section>
      </div>
    </Container>
  );
}
