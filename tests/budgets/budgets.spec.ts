/**
 * The bundle budgets (scripts/lib/budgets.ts) on the stack and build every browser test uses, so
 * CI starts the product once: each page's JavaScript within its budget, no admin code and no whole
 * message catalog in the learner's bundles. `npm run budgets` measures the same on its own stack.
 */
import { expect, test } from '@playwright/test';
import {
  adminLeaks,
  catalogsInScripts,
  composition,
  describeComposition,
  measurePage,
  PAGE_BUDGETS,
  readBundleReport,
} from '../../scripts/lib/budgets.ts';

for (const page of PAGE_BUDGETS) {
  test(`${page.name}: at most ${page.budgetKiB} KiB of JavaScript at load, gzipped`, async ({
    browser,
    baseURL,
  }) => {
    const { kib, files } = await measurePage(browser, baseURL!, page, { untilIdle: false });
    const listing = files.map((file) => `${(file.bytes / 1024).toFixed(1)} KiB ${file.path}`);
    console.info(
      `${page.name}: ${kib.toFixed(1)} KiB gz at load in ${files.length} files; ${describeComposition(composition(files, readBundleReport()))}`,
    );
    expect(kib, listing.join('\n')).toBeLessThanOrEqual(page.budgetKiB);
  });
}

test('no admin code in the learner bundles', () => {
  expect(adminLeaks()).toEqual([]);
});

test('no language catalog in the learner scripts (each page gets its own)', () => {
  expect(catalogsInScripts()).toEqual([]);
});
