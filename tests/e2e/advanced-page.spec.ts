import { expect, expectNoAxeViolations, test } from './fixtures.ts';

/**
 * The public Advanced Operations page (issue 28): server HTML without script, in both languages,
 * saying which exam figures are only reported, and linked from the landing, the footer, the
 * pricing page and the FAQ. Any console or page error fails the test (fixtures.ts).
 */

const PAGES = {
  en: {
    path: '/advanced',
    title: 'The Advanced Operations certificate',
    sections: [
      'Who needs it',
      'The exam',
      'The flight review',
      'What is official and what is reported',
      'What we offer for it',
    ],
    reported:
      /A candidate reported 50 multiple-choice questions in 60 minutes, in 2019: these figures are reported, not official\./,
    reportedRow: 'Reported by a candidate (2019); no official figure found',
    register: 'Create a free account',
    pricing: 'See pricing',
    basic: 'The Basic path: study modules',
    kit: 'Open the flight review kit',
    lang: 'en-CA',
  },
  fr: {
    path: '/fr/advanced',
    title: 'Le certificat pour les opérations avancées',
    sections: [
      'Qui en a besoin',
      "L'examen",
      'La révision en vol',
      'Ce qui est officiel et ce qui est rapporté',
      "Ce que nous offrons pour s'y préparer",
    ],
    reported:
      /Un candidat a rapporté 50 questions à choix multiples en 60 minutes, en 2019 : ces chiffres sont rapportés, pas officiels\./,
    reportedRow: 'Rapporté par un candidat (2019); aucun chiffre officiel trouvé',
    register: 'Créer un compte gratuit',
    pricing: 'Voir les tarifs',
    basic: "Le parcours de base : modules d'étude",
    kit: 'Ouvrir la trousse de révision en vol',
    lang: 'fr-CA',
  },
} as const;

for (const [locale, copy] of Object.entries(PAGES)) {
  const prefix = locale === 'fr' ? '/fr' : '';

  test(`the Advanced page (${locale}) is server HTML with its sections, the reported figures marked and working links`, async ({
    page,
    request,
    baseURL,
  }) => {
    const served = await request.get(copy.path);
    expect(served.status()).toBe(200);
    const html = await served.text();
    // A visitor page: complete as server HTML, no script at all (the 60 KiB visitor budget).
    expect(html).not.toContain('<script');
    expect(html).toMatch(new RegExp(`<html[^>]* lang="${copy.lang}"`));
    // The other language named for search engines, as on every public page (root.tsx).
    for (const [hreflang, path] of [
      ['en-CA', '/advanced'],
      ['fr-CA', '/fr/advanced'],
      ['x-default', '/advanced'],
    ] as const)
      expect(html.toLowerCase()).toContain(
        `rel="alternate" hreflang="${hreflang}" href="${new URL(path, baseURL).href}"`.toLowerCase(),
      );

    await page.goto(copy.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.title);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([...copy.sections]);
    await expect(page.getByTestId('exam-reported')).toHaveText(copy.reported);
    await expect(page.getByRole('row').filter({ hasText: '50' })).toContainText(copy.reportedRow);
    await expect(page.getByTestId('review-exercises').getByRole('listitem')).toHaveCount(9);
    await expect(page.getByRole('link', { name: copy.kit })).toHaveAttribute(
      'href',
      `${prefix}/flight-review`,
    );
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: copy.register }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/register$`));
    await page.goto(copy.path);
    await page.getByRole('link', { name: copy.pricing }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/pricing$`));
    await page.goto(copy.path);
    await page.getByRole('link', { name: copy.basic }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/study$`));
  });
}

test('the landing, the footer, the pricing page and the FAQ lead to the Advanced page and say premium covers both exams', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(
    page.getByText('One premium purchase unlocks practice for both exams'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'The Advanced path' }).click();
  await expect(page).toHaveURL(/\/advanced$/);

  await page.goto('/pricing');
  await expect(page.getByTestId('premium-offer')).toContainText(
    'Practice for both exams: Basic Operations and Advanced Operations',
  );
  await page.getByRole('link', { name: 'About the Advanced exam and flight review' }).click();
  await expect(page).toHaveURL(/\/advanced$/);

  await page.goto('/fr/faq');
  await page.getByText("L'accès Premium couvre-t-il l'examen sur les opérations avancées?").click();
  await expect(page.getByText(/donne accès à l'entraînement pour les deux examens/)).toBeVisible();
  await page.getByRole('link', { name: 'Le parcours avancé : examen et révision en vol' }).click();
  await expect(page).toHaveURL(/\/fr\/advanced$/);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Opérations avancées' }).click();
  await expect(page).toHaveURL(/\/fr\/advanced$/);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(/<loc>[^<]+\/advanced<\/loc>/);
  expect(sitemap).toMatch(/<loc>[^<]+\/fr\/advanced<\/loc>/);
});
