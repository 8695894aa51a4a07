import { createLearner, expect, expectNoAxeViolations, test } from './fixtures.ts';

test.describe('class seats', () => {
  test('an instructor buys 2 seats through the test checkout; a learner who joins gets premium from the class, and their answer shows on the roster', async ({
    page,
    switchAccount,
    baseURL,
  }) => {
    test.slow();
    const instructor = await createLearner(baseURL!, { firstName: 'Ina', lastName: 'Structor' });
    const learner = await createLearner(baseURL!, { firstName: 'Sam', lastName: 'Seated' });

    await switchAccount(instructor);
    await page.goto('/classes');
    await page.getByLabel('Class name').fill('E2E seat school');
    await page.getByRole('button', { name: 'Open the class' }).click();
    await page.getByRole('link', { name: 'E2E seat school' }).click();
    await expect(page.getByRole('heading', { name: 'E2E seat school' })).toBeVisible();
    const classUrl = page.url();
    const code = (await page.getByTestId('class-code').textContent())!.trim();
    await expect(page.getByTestId('class-seats')).toHaveText('0 used, 0 left');

    // A bad number is refused beside the field, before any checkout.
    await page.getByLabel('Number of seats').fill('0');
    await page.getByRole('button', { name: 'Buy seats' }).click();
    await expect(page.getByText('Buy at least 1 seat')).toBeVisible();

    await page.getByLabel('Number of seats').fill('2');
    await page.getByRole('button', { name: 'Buy seats' }).click();
    await expect(page).toHaveURL(/\/dev\/checkout\?session=cs_dev_/);
    await expect(page.getByText('2 premium seats for E2E seat school')).toBeVisible();
    await page.getByRole('button', { name: 'Pay CA$10.00' }).click();
    await expect(page).toHaveURL(/\/classes\/[^/?]+\?seats=success$/);
    await expect(page.getByText('Thank you: your seats are paid.')).toBeVisible();
    await expect(page.getByTestId('class-seats')).toHaveText('0 used, 2 left');
    await expectNoAxeViolations(page);

    await switchAccount(learner);
    await page.goto('/classes');
    await page.getByLabel('Class code').fill(code);
    await page.getByLabel('I agree to share this with the instructor of this class').check();
    await page.getByRole('button', { name: 'Join the class' }).click();
    await expect(page.getByText('You joined E2E seat school.')).toBeVisible();

    await page.goto('/account');
    await expect(page.getByTestId('premium-status')).toContainText('Active');
    await expect(page.getByTestId('premium-from-class')).toHaveText('Premium from your class');
    await expect(page.getByTestId('purchase-history')).toContainText('Premium from your class');
    await expectNoAxeViolations(page);

    await page.goto('/practice');
    await expect(page.getByRole('heading', { name: 'Start a quiz' })).toBeVisible();
    await page.getByRole('button', { name: 'Start Quiz' }).click();
    await expect(page).toHaveURL(/\/quiz\/[a-z0-9]+$/);
    await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible();
    // One answer (a click before hydration is lost, so it is tried until it is taken).
    const feedback = page.getByText(/^(Correct!|Incorrect\. The correct answer is [A-D]\.)$/);
    await expect(async () => {
      await page.getByRole('list', { name: 'Answers' }).getByRole('button').first().click();
      await expect(feedback).toBeVisible({ timeout: 2_000 });
    }).toPass();

    // The instructor sees the seat used and the learner's answer counted on the roster.
    await switchAccount(instructor);
    await page.goto(classUrl.split('?')[0]!);
    await expect(page.getByTestId('class-seats')).toHaveText('1 used, 1 left');
    const row = page.getByTestId('roster-row').filter({ hasText: 'Sam Seated' });
    await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  });
});
