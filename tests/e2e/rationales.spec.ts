import { DEMO_ACCOUNTS, expect, test } from './fixtures.ts';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

test('an admin writes why each option is right or wrong and where it is taught, checked beside each field', async ({
  page,
  signIn,
  allowConsoleError,
}) => {
  // The API's refusal of a section the module does not have is a 400 the browser logs.
  allowConsoleError(/status of 400/);
  await signIn(DEMO_ACCOUNTS.admin);
  const id = stamp();
  const text = `Which airspace class needs a NAV CANADA authorisation (${id})?`;
  await page.goto('/admin/content/questions/new');
  await page.getByRole('textbox', { name: 'Question', exact: true }).fill(text);
  await page.getByLabel('Option A', { exact: true }).fill('Class C');
  await page.getByLabel('Option B', { exact: true }).fill('Class G');
  await page.getByRole('radio', { name: /^A/ }).check();

  // One rationale alone is refused beside the option that lacks one.
  await page
    .getByLabel('Why option A is right or wrong', { exact: true })
    .fill('Class C is controlled airspace.');
  await page.getByRole('button', { name: 'Save Question' }).click();
  const whyB = page.getByLabel('Why option B is right or wrong', { exact: true });
  await expect(whyB).toBeFocused();
  await expect(whyB).toHaveAccessibleDescription(
    'Every option needs its explanation, or leave them all out',
  );

  // A section the module does not have is refused by the API, beside the learn-more fields.
  await whyB.fill('Class G is uncontrolled: no authorisation is needed.');
  await page.getByLabel('Learn more: module slug').fill('airspace-charts-and-navigation');
  await page.getByLabel('Learn more: section id').fill('no-such-section');
  await page.getByRole('button', { name: 'Save Question' }).click();
  await expect(page.getByLabel('Learn more: module slug')).toHaveAccessibleDescription(
    'The module "airspace-charts-and-navigation" has no heading with the id "no-such-section"',
  );

  await page.getByLabel('Learn more: section id').fill('the-seven-classes-at-a-glance');
  await page.getByRole('button', { name: 'Save Question' }).click();
  await expect(page.getByText('Question saved')).toBeVisible();
  await page.getByLabel('Search questions').fill(id);
  await page.getByRole('link', { name: text }).click();
  await expect(page.getByLabel('Why option A is right or wrong', { exact: true })).toHaveValue(
    'Class C is controlled airspace.',
  );
  await expect(page.getByLabel('Why option B is right or wrong', { exact: true })).toHaveValue(
    'Class G is uncontrolled: no authorisation is needed.',
  );
  await expect(page.getByLabel('Learn more: section id')).toHaveValue(
    'the-seven-classes-at-a-glance',
  );
});
