import type { Route } from './+types/resources';
import { staticPage } from '../root';
import { metaFromLoader } from '../lib/meta';
import { useTranslation } from '../i18n/react';
import { useLocale } from '../i18n/hooks';
import { pageMessages, serverT } from '../i18n/i18n.server';
import { Card, Container, PageHeader } from '@drone-exam/shared/ui/ui';

export const handle = staticPage;

export const meta = metaFromLoader;

export function loader({ context }: Route.LoaderArgs) {
  const t = serverT(context, 'info');
  return {
    meta: { title: t('resources.meta.title'), description: t('resources.meta.description') },
    i18n: pageMessages(context, ['info']),
  };
}

type ResourceKey =
  | 'cars'
  | 'standard921'
  | 'tp15263'
  | 'recency'
  | 'navDrone'
  | 'gfa'
  | 'siteSelection'
  | 'climate'
  | 'level1';
/**
 * Each source's page, and its French page where we have checked it exists; French readers follow
 * the English page otherwise, marked as such.
 */
type Resource = { key: ResourceKey; href?: { en: string; fr?: string } };

/** Official sources named in the fact sheet (domain/rpas-basic-facts.md). */
const GROUPS: Array<{ heading: 'rules' | 'recency' | 'planning' | 'beyond'; items: Resource[] }> = [
  {
    heading: 'rules',
    items: [
      {
        key: 'cars',
        href: {
          en: 'https://laws-lois.justice.gc.ca/eng/regulations/SOR-96-433/page-111.html',
          fr: 'https://laws-lois.justice.gc.ca/fra/reglements/DORS-96-433/',
        },
      },
      {
        key: 'standard921',
        href: {
          en: 'https://tc.canada.ca/en/corporate-services/acts-regulations/list-regulations/canadian-aviation-regulations-sor-96-433/standards/standard-921-remotely-piloted-aircraft',
        },
      },
      {
        key: 'tp15263',
        href: { en: 'https://tc.canada.ca/node/27671' },
      },
    ],
  },
  {
    heading: 'recency',
    items: [
      {
        key: 'recency',
        href: {
          en: 'https://tc.canada.ca/en/aviation/drone-safety/getting-drone-pilot-certificate/remotely-piloted-aircraft-system-rpas-recency-requirements-self-paced-study-program',
          fr: 'https://tc.canada.ca/fr/aviation/securite-drones/obtenir-certificat-pilote-drone/programme-autoformation-destine-mise-jour-connaissances-systemes-aeronefs-telepilotes-satp',
        },
      },
    ],
  },
  {
    heading: 'planning',
    items: [
      {
        key: 'navDrone',
        href: {
          en: 'https://www.navcanada.ca/en/nav-drone-faq.aspx',
        },
      },
      {
        key: 'gfa',
        href: {
          en: 'https://flightplanning.navcanada.ca/cgi-bin/CreePage.pl?Page=info-gfa&TypeDoc=gfa&Langue=anglais',
          fr: 'https://flightplanning.navcanada.ca/cgi-bin/CreePage.pl?Page=info-gfa&TypeDoc=gfa&Langue=francais',
        },
      },
      { key: 'siteSelection' },
      { key: 'climate' },
    ],
  },
  {
    heading: 'beyond',
    items: [
      {
        key: 'level1',
        href: {
          en: 'https://tc.canada.ca/en/aviation/drone-safety/learn-rules-you-fly-your-drone/drone-operation-categories-pilot-certificates/level-1-complex-operations',
        },
      },
    ],
  },
];

export default function Resources() {
  const { t } = useTranslation('info');
  const locale = useLocale();
  return (
    <Container>
      <PageHeader title={t('resources.title')} intro={t('resources.intro')} />
      <div className="space-y-10">
        {GROUPS.map((group) => (
          <section key={group.heading} aria-labelledby={`group-${group.heading}`}>
            <h2 id={`group-${group.heading}`} className="text-xl font-semibold text-slate-900">
              {t(`resources.groups.${group.heading}`)}
            </h2>
            <ul className="mt-4 grid gap-4 md:grid-cols-2">
              {group.items.map((item) => (
                <li key={item.key}>
                  <Card className="h-full">
                    <h3 className="font-semibold text-slate-900">
                      {item.href ? (
                        <a
                          href={item.href[locale] ?? item.href.en}
                          hrefLang={item.href[locale] ? undefined : 'en'}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-sky-800 hover:underline"
                        >
                          {t(`resources.items.${item.key}.title`)}
                          {!item.href[locale] && locale !== 'en' && ` ${t('inEnglish')}`}
                          <span className="sr-only"> {t('opensInNewTab')}</span>
                        </a>
                      ) : (
                        t(`resources.items.${item.key}.title`)
                      )}
                    </h3>
                    <p className="text-sm text-slate-500">{t(`resources.items.${item.key}.by`)}</p>
                    <p className="mt-2 text-slate-700">{t(`resources.items.${item.key}.body`)}</p>
                  </Card>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Container>
  );
}
