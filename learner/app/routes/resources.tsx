import type { Route } from './+types/resources';
import { staticPage } from '../root';
import { pageMeta } from '../lib/meta';
import { Card, Container, PageHeader } from '@drone-exam/shared/ui/ui';

export const handle = staticPage;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Resources',
    'Official Transport Canada and NAV CANADA material for basic drone pilots.',
  );

type Resource = { title: string; by: string; href?: string; body: string };

/** Official sources named in the fact sheet (domain/rpas-basic-facts.md). */
const GROUPS: Array<{ heading: string; items: Resource[] }> = [
  {
    heading: 'The rules',
    items: [
      {
        title: 'Canadian Aviation Regulations, Part IX (Remotely Piloted Aircraft Systems)',
        by: 'Justice Laws Website',
        href: 'https://laws-lois.justice.gc.ca/eng/regulations/SOR-96-433/page-111.html',
        body: 'The regulations themselves, with the section numbers in force since the 2025 amendments.',
      },
      {
        title: 'Standard 921 — Remotely Piloted Aircraft',
        by: 'Transport Canada',
        href: 'https://tc.canada.ca/en/corporate-services/acts-regulations/list-regulations/canadian-aviation-regulations-sor-96-433/standards/standard-921-remotely-piloted-aircraft',
        body: 'Exam pass marks, flight reviews and the recurrent-training activities that keep you recent.',
      },
      {
        title: 'TP 15263 — Knowledge Requirements for Pilots of RPAS',
        by: 'Transport Canada',
        href: 'https://tc.canada.ca/node/27671',
        body: 'What the basic and advanced exams test, area by area.',
      },
    ],
  },
  {
    heading: 'Staying recent',
    items: [
      {
        title: 'RPAS Recency Requirements Self-Paced Study Program (2026–2027)',
        by: 'Transport Canada',
        href: 'https://tc.canada.ca/en/aviation/drone-safety/getting-drone-pilot-certificate/remotely-piloted-aircraft-system-rpas-recency-requirements-self-paced-study-program',
        body: 'A recurrent-training activity that renews your 24-month recency; keep your completed copy.',
      },
    ],
  },
  {
    heading: 'Planning a flight',
    items: [
      {
        title: 'NAV Drone',
        by: 'NAV CANADA',
        href: 'https://www.navcanada.ca/en/nav-drone-faq.aspx',
        body: 'The map of airspace around you (map.navdrone.ca) and, for advanced pilots, requests to fly in controlled airspace.',
      },
      {
        title: 'Graphic Area Forecast (GFA)',
        by: 'NAV CANADA',
        href: 'https://flightplanning.navcanada.ca/cgi-bin/CreePage.pl?Page=info-gfa&TypeDoc=gfa&Langue=anglais',
        body: 'How the GFA charts of clouds, weather, icing and turbulence are issued and read.',
      },
      {
        title: 'Drone Site Selection Tool',
        by: 'National Research Council Canada',
        body: 'Shows airspace and nearby aerodromes for a location.',
      },
      {
        title: 'Canadian Climate Normals',
        by: 'Environment and Climate Change Canada',
        body: 'Historical climate for planning when and where to fly.',
      },
    ],
  },
  {
    heading: 'Beyond basic operations',
    items: [
      {
        title: 'Level 1 Complex operations',
        by: 'Transport Canada',
        href: 'https://tc.canada.ca/en/aviation/drone-safety/learn-rules-you-fly-your-drone/drone-operation-categories-pilot-certificates/level-1-complex-operations',
        body: 'Lower-risk flights beyond visual line-of-sight, in force since 4 November 2025.',
      },
    ],
  },
];

export default function Resources() {
  return (
    <Container>
      <PageHeader
        title="Official resources"
        intro="Go to the source. These are the documents and tools the exam and our modules are built on."
      />
      <div className="space-y-10">
        {GROUPS.map((group) => (
          <section key={group.heading} aria-labelledby={`group-${group.heading}`}>
            <h2 id={`group-${group.heading}`} className="text-xl font-semibold text-slate-900">
              {group.heading}
            </h2>
            <ul className="mt-4 grid gap-4 md:grid-cols-2">
              {group.items.map((item) => (
                <li key={item.title}>
                  <Card className="h-full">
                    <h3 className="font-semibold text-slate-900">
                      {item.href ? (
                        <a
                          href={item.href}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-sky-800 hover:underline"
                        >
                          {item.title}
                          <span className="sr-only"> (opens in a new tab)</span>
                        </a>
                      ) : (
                        item.title
                      )}
                    </h3>
                    <p className="text-sm text-slate-500">{item.by}</p>
                    <p className="mt-2 text-slate-700">{item.body}</p>
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
