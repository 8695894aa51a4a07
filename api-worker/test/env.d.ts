declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
    JWT_SECRET: string;
    /** Made per run by vitest.config.ts. */
    VAPID_PUBLIC_KEY: string;
    VAPID_PRIVATE_KEY: string;
  }
}

/** The vitest plugin's own module: settles every waitUntil promise registered so far. */
declare module 'cloudflare:test-internal' {
  export function waitForGlobalWaitUntil(): Promise<void>;
}
