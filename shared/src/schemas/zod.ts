import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it may; the learner's CSP forbids eval
// (no 'unsafe-eval'), so the probe is refused and reported as a violation on every form page.
// Jitless parsing is what Zod falls back to anyway.
z.config({ jitless: true });

export { z };
