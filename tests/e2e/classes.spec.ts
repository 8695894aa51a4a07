import { createLearner, expect, expectNoAxeViolations, test } from './fixtures.ts';

const MODULE = 'weather-for-drone-pilots';

test.describe('classes', () => {
  test('an instructor opens a class and assigns a module; a learner joins with consent and reads it; the roster shows it done, and no longer lists them once they leave', async ({
    page,
    switchAccount,
    baseURL,
  }) => {
    test.slow();
    const instructor = await createLearner(baseURL!, { firstName: 'Ina', lastName: 'Structor' });
    const learner = await createLearner(baseURL!, { firstName: 'Mia', lastName: 'Member' });

    // The instructor opens a class and sets an assignment.
    await switchAccount(instructor);
    await page.goto('/classes');
    await page.getByLabel('Class name').fill('E2E ground school');
    await page.getByRole('button', { name: 'Open the class' }).click();
    await expect(page.getByText('Your class is open.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'E2E ground school' }).click();
    await expect(page.getByRole('heading', { name: 'E2E ground school' })).toBeVisible();
    const rosterUrl = page.url();
    const code = (await page.getByTestId('class-code').textContent())!.trim();
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    await expect(page.getByText('No learner has joined yet.')).toBeVisible();
    await page.getByLabel('Module').selectOption(MODULE);
    await page.getByLabel('Due date').fill('2027-01-15');
    await page.getByRole('button', { name: 'Set the assignment' }).click();
    await expect(page.getByText('Assignment set.')).toBeVisible();
    await expect(page.getByTestId('class-assignment')).toContainText('0 of 0 done');

    // The learner reads what the instructor would see, and joins only once they agree.
    await switchAccount(learner);
    await page.goto('/classes');
    await expect(page.getByTestId('join-sees')).toHaveText(
      'If you join, your instructor will see: your name, your readiness, your topics, your quiz scores, the modules you completed, your assignment status and the last day you were active.',
    );
    await expect(page.getByTestId('join-never')).toHaveText(
      'Your instructor will never see: your email address, your notes, your bookmarks or your answers to individual questions.',
    );
    await page.getByLabel('Class code').fill(code);
    await page.getByRole('button', { name: 'Join the class' }).click();
    await expect(
      page.getByText('Agree to share your progress with the instructor to join'),
    ).toBeVisible();
    await page.getByLabel('I agree to share this with the instructor of this class').check();
    await page.getByRole('button', { name: 'Join the class' }).click();
    await expect(page.getByText('You joined E2E ground school.')).toBeVisible();
    await expectNoAxeViolations(page);

    // The assignment is on their dashboard, to do until they read the module.
    await page.goto('/dashboard');
    const assignment = page.getByTestId('assignment');
    await expect(assignment).toContainText('To do');
    await assignment.getByRole('link', { name: `Read the module ${MODULE}` }).click();
    await expect(page).toHaveURL(new RegExp(`/study/${MODULE}$`));
    const toggle = page.getByRole('switch', { name: 'Mark as completed' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await page.goto('/dashboard');
    await expect(page.getByTestId('assignment')).toContainText('Done');

    // The instructor's roster shows it done.
    await switchAccount(instructor);
    await page.goto(rosterUrl);
    const row = page.getByTestId('roster-row').filter({ hasText: 'Mia Member' });
    await expect(row.getByTestId('assignments-done')).toHaveText('1 of 1');
    await expect(page.getByTestId('class-assignment')).toContainText('1 of 1 done');
    await expectNoAxeViolations(page);

    // The learner leaves; the same roster link answers without them.
    await switchAccount(learner);
    await page.goto('/classes');
    await page.getByRole('button', { name: 'Leave the class' }).click();
    await expect(page.getByText('You left the class.')).toBeVisible();
    await switchAccount(instructor);
    await page.goto(rosterUrl);
    await expect(page.getByText('No learner has joined yet.')).toBeVisible();
    await expect(page.getByTestId('roster-row')).toHaveCount(0);
  });
});
