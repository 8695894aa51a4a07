import { createLearner, DEMO_ACCOUNTS, expect, expectNoAxeViolations, test } from './fixtures.ts';

test.describe('classes in the admin console', () => {
  test('an admin finds a class and suspends it: its code answers as unknown and its instructor is told; lifted, the code works again', async ({
    page,
    switchAccount,
    baseURL,
  }) => {
    test.slow();
    const instructor = await createLearner(baseURL!, { firstName: 'Ina', lastName: 'Structor' });
    const learner = await createLearner(baseURL!, { firstName: 'Lea', lastName: 'Rner' });
    const name = `Harbour school ${Date.now().toString(36)}`;
    const join = async (code: string) => {
      await page.goto('/classes');
      await page.getByLabel('Class code').fill(code);
      await page.getByLabel('I agree to share this with the instructor of this class').check();
      await page.getByRole('button', { name: 'Join the class' }).click();
    };

    await switchAccount(instructor);
    await page.goto('/classes');
    await page.getByLabel('Class name').fill(name);
    await page.getByRole('button', { name: 'Open the class' }).click();
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const rosterUrl = page.url();
    const code = (await page.getByTestId('class-code').textContent())!.trim();

    // The admin finds the class by a word of its name and suspends it after confirming.
    await switchAccount(DEMO_ACCOUNTS.admin);
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Classes' })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Classes' })).toBeVisible();
    await page.getByLabel('Search classes').fill(name.split(' ').at(-1)!);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Ina Structor');
    await expect(row).toContainText('Active');
    await expectNoAxeViolations(page);
    await row.getByRole('button', { name: `Suspend ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Suspend ${name}?` });
    await expect(dialog).toContainText('nothing is deleted');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Suspend class' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Suspended');

    // The code now answers as an unknown one.
    await switchAccount(learner);
    await join(code);
    await expect(page.getByText('No class has that code')).toBeVisible();

    // The instructor's list and roster say the class is suspended.
    await switchAccount(instructor);
    await page.goto('/classes');
    await expect(
      page.getByRole('listitem').filter({ hasText: name }).getByText('Suspended', { exact: true }),
    ).toBeVisible();
    await page.goto(rosterUrl);
    await expect(page.getByText('An administrator suspended this class')).toBeVisible();
    await expectNoAxeViolations(page);

    // Lifted, the same code works.
    await switchAccount(DEMO_ACCOUNTS.admin);
    await page.goto('/admin/classes');
    await page.getByLabel('Search classes').fill(name.split(' ').at(-1)!);
    await row.getByRole('button', { name: `Lift the suspension of ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Lift the suspension of ${name}?` })
      .getByRole('button', { name: 'Unsuspend class' })
      .click();
    await expect(row).toContainText('Active');

    await switchAccount(learner);
    await join(code);
    await expect(page.getByText(`You joined ${name}.`)).toBeVisible();
  });
});
