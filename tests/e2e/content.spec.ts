import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, test } from './fixtures.ts';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

async function publishedModules(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/statistics');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { publishedModules: number } }).data.publishedModules;
}

function csvFile(name: string, rows: string[]) {
  return {
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(['question,options,correctAnswer,category,tags', ...rows].join('\n')),
  };
}

async function openImport(page: Page) {
  await page.goto('/admin/content/questions');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Import questions' })).toBeFocused();
  return page.getByLabel('Question file (.csv, .json, .gift or .txt)');
}

/** A JSON file to upload: the value as JSON, or a string as it is (for a broken file). */
const jsonFile = (name: string, value: unknown) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)),
});

const textFile = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.from(lines.join('\n')),
});

test.describe('study modules', () => {
  test('an admin writes a module in markdown, previews it as learners will see it, and publishes it', async ({
    page,
    signIn,
    request,
    browser,
  }) => {
    const before = await publishedModules(request);
    const id = stamp();
    const title = `Night Flying ${id}`;
    await signIn(DEMO_ACCOUNTS.admin);
    await page.goto('/admin/content');
    await page.getByRole('link', { name: 'New Module' }).click();
    await expect(page.getByRole('heading', { name: 'New Module' })).toBeVisible();

    await page.getByLabel('Title').fill(title);
    await expect(page.getByLabel('Slug')).toHaveValue(`night-flying-${id}`);
    await page
      .getByLabel('Description')
      .fill('Lights, visibility and planning for flights at night.');
    const tags = page.getByLabel('Tags', { exact: true });
    for (const tag of ['Night ', 'night', '  ', 'lighting']) {
      await tags.fill(tag);
      await tags.press('Enter');
    }
    await expect(page.getByRole('list', { name: 'Tags added' }).getByRole('listitem')).toHaveText([
      /^night/,
      /^lighting/,
    ]);

    await page
      .getByLabel('Markdown', { exact: true })
      .fill(
        [
          `# ${title}`,
          '',
          '## Lighting',
          '',
          'Carry **position lights** that let you see the aircraft at all times.',
          '',
          '- Anti-collision light',
          '- Position lights',
          '',
          'Read the [Transport Canada guidance](https://tc.canada.ca) first. <script>alert(1)</script>',
        ].join('\n'),
      );
    const preview = page.getByTestId('module-preview');
    await expect(preview.getByRole('heading', { level: 2, name: 'Lighting' })).toHaveAttribute(
      'id',
      'lighting',
    );
    await expect(preview.locator('strong')).toHaveText('position lights');
    await expect(preview.getByRole('link', { name: 'Transport Canada guidance' })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(preview).toContainText('<script>alert(1)</script>');
    await expect(preview.locator('script')).toHaveCount(0);
    await expect(page.getByTestId('module-text-stats')).toHaveText(/^\d+ words · 2 min read$/);
    await expect(page.getByLabel('Estimated read time (minutes)')).toHaveValue('2');

    await page.getByRole('button', { name: 'Save Module' }).click();
    await expect(page).toHaveURL(/\/admin\/content\/modules$/);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('Draft');
    expect(await publishedModules(request)).toBe(before);

    await row.getByRole('button', { name: `Publish ${title}` }).click();
    await expect(row).toContainText('Published');
    await expect(row.getByRole('button', { name: `Unpublish ${title}` })).toBeVisible();
    // Learners see it now: the public figures count it, and a visitor finds it in /study.
    await expect.poll(() => publishedModules(request)).toBe(before + 1);
    const visitor = await browser.newPage();
    await visitor.goto('/study');
    await visitor
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .click();
    await expect(visitor).toHaveURL(new RegExp(`/study/night-flying-${id}$`));
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByRole('heading', { level: 2, name: 'Lighting' })).toBeVisible();
    await expect(visitor.locator('#module-article strong')).toHaveText('position lights');
    await visitor.close();

    await page.getByLabel('Status', { exact: true }).selectOption('published');
    await page.getByLabel('Search modules').fill(id);
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { name: 'Edit Module' })).toBeVisible();
    await expect(page.getByLabel('Markdown', { exact: true })).toHaveValue(/## Lighting/);
  });

  test('a slug another module has is refused beside the field, and a draft is deleted after confirming', async ({
    page,
    signIn,
    allowConsoleError,
  }) => {
    // The browser logs the API's 409 for the taken slug.
    allowConsoleError(/status of 409/);
    await signIn(DEMO_ACCOUNTS.admin);
    const id = stamp();
    await page.goto('/admin/content/modules/new');
    await page.getByRole('button', { name: 'Save Module' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Description is required')).toBeVisible();
    await expect(page.getByLabel('Title')).toBeFocused();

    await page.getByLabel('Title').fill(`Duplicate ${id}`);
    await page.getByLabel('Slug').fill('canadian-drone-regulations');
    await page.getByLabel('Description').fill('A module whose slug is already taken.');
    await page.getByRole('button', { name: 'Save Module' }).click();
    const taken =
      'A module with the slug "canadian-drone-regulations" already exists. Choose another slug.';
    await expect(page.getByText(taken)).toBeVisible();
    await expect(page.getByLabel('Slug')).toBeFocused();

    await page.getByLabel('Slug').fill(`duplicate-${id}`);
    await page.getByRole('button', { name: 'Save Module' }).click();
    await expect(page).toHaveURL(/\/admin\/content\/modules$/);
    await page.getByRole('button', { name: `Delete Duplicate ${id}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this module?' });
    await expect(dialog).toContainText('This action cannot be undone.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('link', { name: `Duplicate ${id}` })).toBeVisible();
    await page.getByRole('button', { name: `Delete Duplicate ${id}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('link', { name: `Duplicate ${id}` })).toHaveCount(0);
  });
  test('an admin exports the modules as JSON, is told why a bad file is refused, imports a new module and deletes it from its editor', async ({
    page,
    signIn,
    allowConsoleError,
  }) => {
    // The browser logs the API's 400 for the module without a title.
    allowConsoleError(/status of 400/);
    await signIn(DEMO_ACCOUNTS.admin);
    await page.goto('/admin/content/modules');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^study-modules-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as Array<
      Record<string, unknown>
    >;
    expect(exported.map((module) => module.slug)).toContain('canadian-drone-regulations');

    const file = page.getByLabel('Module file to import');
    await file.setInputFiles(jsonFile('broken.json', '[{"title": '));
    await expect(page.getByRole('alert')).toContainText('Invalid JSON format');
    await file.setInputFiles(jsonFile('object.json', { title: 'Not a list' }));
    await expect(page.getByRole('alert')).toContainText(
      'JSON file must contain an array of study modules',
    );

    const id = stamp();
    const copy = {
      ...exported.find((module) => module.slug === 'canadian-drone-regulations')!,
      slug: `imported-${id}`,
      title: `Imported ${id}`,
      status: 'draft',
    };
    await file.setInputFiles(jsonFile('untitled.json', [{ ...copy, title: '' }]));
    await expect(page.getByRole('alert')).toContainText('Import failed');
    await expect(page.getByRole('alert')).toContainText(/Module 1: /);
    await expect(page.getByRole('link', { name: `Imported ${id}` })).toHaveCount(0);

    await file.setInputFiles(jsonFile('one.json', [copy]));
    await expect(
      page.getByRole('status').filter({ hasText: 'Imported study modules: 1 created, 0 updated.' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: `Imported ${id}` })).toBeVisible();

    // Deleted from its editor, it is gone from the list.
    await page.getByRole('link', { name: `Imported ${id}` }).click();
    await expect(page.getByRole('heading', { name: 'Edit Module' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete Module' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this module?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page).toHaveURL(/\/admin\/content\/modules$/);
    await expect(page.getByText(`"Imported ${id}" was deleted`)).toBeVisible();
    await expect(page.getByRole('link', { name: `Imported ${id}` })).toHaveCount(0);
  });
});

/**
 * Deletes the active questions a test imported (their text carries its stamp), so no other spec's
 * quiz draws them: a human-factors one without option rationales was drawn by rationales.spec's
 * review once, and failed it.
 */
async function removeFromBank(page: Page, id: string, count: number) {
  const listed = await page.request.get(`/api/admin/questions?search=${id}&limit=100`);
  const imported = ((await listed.json()) as { data: { questions: Array<{ id: string }> } }).data
    .questions;
  expect(imported).toHaveLength(count);
  for (const question of imported) {
    const deleted = await page.request.delete(`/api/admin/questions/${question.id}`, {
      headers: { origin: new URL(page.url()).origin },
    });
    expect(deleted.ok(), await deleted.text()).toBeTruthy();
  }
}

test.describe('question bank', () => {
  test('an admin imports a CSV with an error, reads the row message, fixes the file and imports it', async ({
    page,
    signIn,
    allowConsoleError,
  }) => {
    // The browser logs the API's 409 for the repeated import at the end.
    allowConsoleError(/status of 409/);
    await signIn(DEMO_ACCOUNTS.admin);
    const id = stamp();
    const good = `"Which lights must a drone show at night, ${id}?",Position lights;None,0,operations,night;lighting`;
    const fileInput = await openImport(page);

    await fileInput.setInputFiles(
      csvFile('bank.csv', [good, `How far from a heliport ${id}?,1 NM;3 NM,2,airspace,`]),
    );
    const alert = page.getByRole('alert').filter({ hasText: 'nothing was imported' });
    await expect(alert).toContainText('1 of 2 rows has errors, so nothing was imported');
    await expect(page.getByTestId('import-errors')).toHaveText(
      'Row 2: correctAnswer must point at one of the options',
    );

    await fileInput.setInputFiles(csvFile('empty.csv', []));
    await expect(page.getByRole('alert').filter({ hasText: 'CSV file' })).toHaveText(
      'CSV file only contains headers, no data rows found',
    );

    await fileInput.setInputFiles(
      csvFile('bank.csv', [good, `How far from a heliport ${id}?,1 NM;3 NM,1,airspace,`]),
    );
    const summary = page.getByRole('status').filter({ hasText: 'Import summary' });
    await expect(summary).toContainText('Successful: 2');
    await expect(summary).toContainText('Failed: 0');

    await page.getByLabel('Search questions').fill(id);
    await expect(page.getByRole('link', { name: new RegExp(`heliport ${id}`) })).toBeVisible();
    await expect(
      page.getByRole('link', { name: new RegExp(`show at night, ${id}`) }),
    ).toBeVisible();

    // Importing the same file again finds both questions already in the bank.
    await page
      .getByLabel('Question file (.csv, .json, .gift or .txt)')
      .setInputFiles(
        csvFile('bank.csv', [good, `How far from a heliport ${id}?,1 NM;3 NM,1,airspace,`]),
      );
    await expect(page.getByRole('alert').filter({ hasText: 'Import failed' })).toContainText(
      'Import failed: 2 of 2 rows are already in the bank, so nothing was imported',
    );
    await expect(page.getByTestId('import-errors')).toContainText(
      'Row 1: Duplicate of a question already in the bank',
    );
    await removeFromBank(page, id, 2);
  });

  test('an admin imports a Moodle GIFT file and an Aiken file, reads a line-numbered error, and exports GIFT', async ({
    page,
    signIn,
  }) => {
    await signIn(DEMO_ACCOUNTS.admin);
    const id = stamp();
    const gift = (secondAnswers: string) => [
      '// Exported from Moodle',
      '$CATEGORY: $course$/top/Default for Drones 101',
      '',
      `::Lights::Which lights must a drone show at night (${id})? {`,
      '\t=Position and anti-collision lights',
      '\t~None',
      "\t####CAR 901.39\\: the pilot must see the aircraft's position.",
      '}',
      '',
      '$CATEGORY: Weather and NOTAMs',
      '',
      `Can you fly through cloud (${id})? ${secondAnswers}`,
    ];
    const fileInput = await openImport(page);

    // A true/false question is refused by its line, and nothing is imported.
    await fileInput.setInputFiles(textFile('moodle.gift', gift('{FALSE}')));
    const refused = page.getByRole('alert').filter({ hasText: 'nothing was imported' });
    await expect(refused).toContainText('2 lines have errors, so nothing was imported');
    await expect(page.getByTestId('import-errors').getByRole('listitem')).toHaveText([
      /^Line 2: "\$course\$\/top\/Default for Drones 101" is not one of the bank's categories/,
      'Line 12: True/false questions are not supported: only multiple choice, as in {=right ~wrong}',
    ]);

    // Fixed, with a category chosen for the questions whose category the bank does not know.
    await page.getByLabel('Category for GIFT and Aiken questions').selectOption('airspace');
    await fileInput.setInputFiles(textFile('moodle.gift', gift('{=No ~Yes ~Only in class G}')));
    const summary = page.getByRole('status').filter({ hasText: 'Import summary' });
    await expect(summary).toContainText('Successful: 2');
    await expect(summary).toContainText('Failed: 0');

    // An Aiken file, its format chosen: the questions take the chosen category.
    await page.getByLabel('Format').selectOption('aiken');
    await page.getByLabel('Category for GIFT and Aiken questions').selectOption('human-factors');
    await fileInput.setInputFiles(
      textFile('quiz.txt', [
        `What does IMSAFE help you check (${id})?`,
        'A) The weather',
        'B) Your fitness to fly',
        'ANSWER: B',
      ]),
    );
    await expect(summary).toContainText('Successful: 1');

    await page.getByLabel('Search questions').fill(id);
    const row = (text: string) =>
      page.getByRole('row', { name: new RegExp(`${text} \\(${id}\\)`) });
    await expect(row('show at night')).toContainText('Airspace');
    await expect(row('through cloud')).toContainText('Weather');
    await expect(row('IMSAFE help you check')).toContainText('Human');

    // Export the airspace questions as GIFT: the file holds the question as it was written.
    await page.getByLabel('Search questions').fill('');
    await page.getByLabel('Category', { exact: true }).selectOption('airspace');
    const toggle = page.getByRole('button', { name: 'Export', exact: true });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Export Airspace questions as')).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^GIFT \(Moodle\)/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^question-bank-airspace-\d{4}-\d{2}-\d{2}\.gift$/,
    );
    const exported = await readFile((await download.path())!, 'utf8');
    expect(exported).toMatch(/^\$CATEGORY: airspace\n/);
    expect(exported).toContain(
      [
        `Which lights must a drone show at night (${id})? {`,
        '\t=Position and anti-collision lights',
        '\t~None',
        "\t####CAR 901.39\\: the pilot must see the aircraft's position.",
        '}',
      ].join('\n'),
    );
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await removeFromBank(page, id, 3);
  });

  test('a large file is imported in the background with its progress shown', async ({
    page,
    signIn,
  }) => {
    await signIn(DEMO_ACCOUNTS.admin);
    const id = stamp();
    const rows = Array.from(
      { length: 620 },
      (_, i) => `Background import ${id} question ${i}?,Yes;No,0,human-factors,,false`,
    );
    const fileInput = await openImport(page);
    // The progress shows from the import's answer (queued) until the Queue has run the job, about
    // half a second on the test stack: watched from inside the page, which sees it however short.
    await page.evaluate(() => {
      const seen = window as unknown as { importProgressShown?: boolean };
      seen.importProgressShown = false;
      new MutationObserver((_, observer) => {
        const bar = document.querySelector('progress[aria-label="Import progress"]');
        if (!bar?.checkVisibility()) return;
        seen.importProgressShown = true;
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await fileInput.setInputFiles({
      name: 'large.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        ['question,options,correctAnswer,category,tags,isActive', ...rows].join('\n'),
      ),
    });
    const summary = page.getByRole('status').filter({ hasText: 'Import summary' });
    await expect(summary).toContainText('Successful: 620', { timeout: 30_000 });
    expect(
      await page.evaluate(
        () => (window as unknown as { importProgressShown?: boolean }).importProgressShown,
      ),
    ).toBe(true);
    await page.getByLabel('Search questions').fill(`background import ${id}`);
    await expect(page.getByText('620 questions, 20 per page')).toBeVisible();
  });

  test('the editor checks every field, saves, and a later edit makes a new version', async ({
    page,
    signIn,
  }) => {
    await signIn(DEMO_ACCOUNTS.admin);
    const id = stamp();
    await page.goto('/admin/content/questions');
    await page.getByRole('link', { name: 'New Question' }).click();
    await expect(page.getByRole('heading', { name: 'New Question' })).toBeVisible();
    await expect(page.getByLabel('Category')).toHaveValue('air-law-regulations');
    await expect(page.getByLabel('Difficulty')).toHaveValue('medium');

    await page.getByRole('button', { name: 'Save Question' }).click();
    await expect(page.getByText('Question text is required')).toBeVisible();
    await expect(page.getByText('Option A is required')).toBeVisible();
    await expect(page.getByText('Option B is required')).toBeVisible();
    await expect(page.getByText('Choose the correct answer')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Question', exact: true })).toBeFocused();

    const text = `What must you check before every flight (${id})?`;
    await page.getByRole('textbox', { name: 'Question', exact: true }).fill(text);
    await page.getByLabel('Option A', { exact: true }).fill('The weather and NOTAMs');
    await page.getByLabel('Option B', { exact: true }).fill('Nothing');
    await page.getByLabel('Option D', { exact: true }).fill('A gap before me');
    await page.getByRole('radio', { name: /^B/ }).check();
    await page.getByRole('button', { name: 'Save Question' }).click();
    await expect(page.getByText('Fill in option C or clear the options after it')).toBeVisible();

    await page.getByLabel('Option D', { exact: true }).fill('');
    await page.getByRole('radio', { name: /^A/ }).check();
    await page.getByLabel('Explanation').fill('CAR 901.27 lists the checks before a flight.');
    await page.getByLabel('Difficulty').selectOption('easy');
    await page.getByLabel('Tags', { exact: true }).fill('pre-flight');
    await page.getByLabel('Tags', { exact: true }).press('Enter');
    await page.getByLabel('Regulation reference').fill('CAR 901.27');
    await page.getByRole('button', { name: 'Save Question' }).click();
    await expect(page).toHaveURL(/\/admin\/content\/questions$/);
    await expect(page.getByText('Question saved')).toBeVisible();

    await page.getByLabel('Search questions').fill(id);
    await page.getByRole('link', { name: text }).click();
    await expect(page.getByRole('heading', { name: 'Edit Question' })).toBeVisible();
    await expect(page.getByText('Version 1.')).toBeVisible();
    await expect(page.getByLabel('Regulation reference')).toHaveValue('CAR 901.27');
    await page.getByLabel('Option C', { exact: true }).fill('The aircraft and its batteries');
    await page.getByLabel(/^Active/).uncheck();
    await page.getByRole('button', { name: 'Save Question' }).click();
    await expect(page).toHaveURL(/\/admin\/content\/questions$/);
    const row = page.getByRole('row', { name: new RegExp(id) });
    await expect(row).toContainText('Inactive');
    await row.getByRole('link').click();
    await expect(page.getByText('Version 2.')).toBeVisible();
    await page.getByRole('link', { name: '← Back to Questions' }).click();
    await expect(page).toHaveURL(/\/admin\/content\/questions$/);
  });

  test('an admin writes a question’s French beside the English, checked before it is saved', async ({
    page,
    signIn,
  }) => {
    await signIn(DEMO_ACCOUNTS.admin);
    const id = stamp();
    const text = `Who may fly a basic operation (${id})?`;
    await page.goto('/admin/content/questions/new');
    await page.getByRole('textbox', { name: 'Question', exact: true }).fill(text);
    await page.getByLabel('Option A', { exact: true }).fill('A holder of a basic certificate');
    await page.getByLabel('Option B', { exact: true }).fill('Anyone');
    await page.getByRole('radio', { name: /^A/ }).check();
    await page.getByRole('button', { name: 'Save Question' }).click();
    await expect(page.getByText('Question saved')).toBeVisible();
    await page.getByLabel('Search questions').fill(id);
    await page.getByRole('link', { name: text }).click();

    const french = page.getByTestId('question-french');
    await expect(french.getByText('French missing')).toBeVisible();
    await french.getByRole('button', { name: 'Save French' }).click();
    await expect(french.getByText('Question text is required')).toBeVisible();

    await french
      .getByLabel('Question (French)')
      .fill(`Qui peut piloter une opération de base (${id})?`);
    await french
      .getByLabel('Option A (French)', { exact: true })
      .fill('Le titulaire d’un certificat de base');
    await french.getByLabel('Option B (French)', { exact: true }).fill('N’importe qui');
    await french.getByRole('button', { name: 'Save French' }).click();
    await expect(page.getByText('French saved')).toBeVisible();
    await expect(french.getByText('French missing')).toBeHidden();
    await expect(french.getByText('Question text is required')).toBeHidden();
  });

  test('the content overview shows the figures the API reports', async ({
    page,
    signIn,
    request,
  }) => {
    await signIn(DEMO_ACCOUNTS.admin);
    const stats = (await (await page.request.get('/api/admin/content/statistics')).json()) as {
      data: { studyModules: { total: number }; questions: { total: number } };
    };
    await page.goto('/admin/content');
    await expect(page.getByText('Total Modules').locator('..')).toContainText(
      String(stats.data.studyModules.total),
    );
    await expect(page.getByText('Questions by Category')).toBeVisible();
    await expect(page.getByText('Air Law Regulations')).toBeVisible();
    await page.getByRole('link', { name: 'New Question' }).click();
    await expect(page).toHaveURL(/\/admin\/content\/questions\/new$/);
    // Without an admin's session the same figures are refused.
    expect((await request.get('/api/admin/content/statistics')).status()).toBe(401);
  });
});
