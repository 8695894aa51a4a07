/**
 * `npm run budgets`: the bundle budgets (scripts/lib/budgets.ts) on a stack of its own, or on
 * BASE_URL. Prints each page's JavaScript at load against its budget, what it fetches later, and
 * what its scripts are made of, then each script it loads with its gzipped size and the main
 * modules in it; exits non-zero when a budget is exceeded. VERBOSE=1 also lists the scripts it
 * fetches later. CI measures them in the browser tests (tests/budgets/) instead,
 * on the stack and build those already use.
 */
import { chromium } from '@playwright/test';
import { startStack } from './lib/stack.ts';
import { testBrowserLaunchOptions } from './lib/browser.ts';
import {
  adminLeaks,
  catalogsInScripts,
  composition,
  describeComposition,
  describeScripts,
  measurePage,
  PAGE_BUDGETS,
  readBundleReport,
} from './lib/budgets.ts';

const port = Number(process.env.BUDGET_PORT ?? 3300);
const stack = process.env.BASE_URL
  ? null
  : await startStack({
      port,
      adminPort: port + 1,
      apiPort: port + 2,
      inspectorPort: Number(process.env.BUDGET_INSPECTOR_PORT ?? 9360),
      stateDir: '.wrangler/budget-state',
      build: process.env.SKIP_BUILD !== '1',
    });
let failed = false;
try {
  const baseUrl = process.env.BASE_URL ?? stack!.learnerUrl;
  const browser = await chromium.launch(testBrowserLaunchOptions());
  try {
    const report = readBundleReport();
    for (const page of PAGE_BUDGETS) {
      const { kib, laterKiB, files } = await measurePage(browser, baseUrl, page);
      const atLoad = files.filter((file) => file.atLoad);
      const over = kib > page.budgetKiB;
      failed ||= over;
      console.info(
        `${over ? 'OVER' : 'ok  '}  ${page.name.padEnd(44)} ${kib.toFixed(1).padStart(6)} KiB gz at load in ${atLoad.length} files (budget ${page.budgetKiB} KiB)${laterKiB ? `, then ${laterKiB.toFixed(1)} KiB when idle` : ''}`,
      );
      const made = describeComposition(composition(atLoad, report));
      if (made) console.info(`        ${made}`);
      for (const line of describeScripts(atLoad, report)) console.info(`        ${line}`);
      if (process.env.VERBOSE === '1')
        for (const line of describeScripts(
          files.filter((file) => !file.atLoad),
          report,
        ))
          console.info(`  later ${line}`);
    }
  } finally {
    await browser.close();
  }
  const leaks = adminLeaks();
  if (leaks.length) {
    failed = true;
    console.info(`Admin code in learner bundles:\n  ${leaks.join('\n  ')}`);
  } else {
    console.info('ok    No admin code in the learner bundles');
  }
  const catalogs = catalogsInScripts();
  if (catalogs.length) {
    failed = true;
    console.info(`Message catalogs in the learner's scripts:\n  ${catalogs.join('\n  ')}`);
  } else {
    console.info('ok    No language catalog in the learner scripts (each page gets its own)');
  }
} finally {
  await stack?.stop();
}
process.exit(failed ? 1 : 0);
