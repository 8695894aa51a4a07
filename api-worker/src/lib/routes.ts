import type { Hono } from 'hono';

/** One API route as the smoke suite names it: "GET /api/study/:id". */
export type RouteKey = `${string} ${string}`;

/**
 * Every handler route the app serves, once each, in registration order. Middleware (`use`,
 * registered for every method) is not a route; a path with several handlers (validators, then the
 * handler) is one route.
 */
export function listRoutes(app: Pick<Hono, 'routes'>): RouteKey[] {
  const seen = new Set<RouteKey>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    seen.add(`${route.method} ${route.path}`);
  }
  return [...seen];
}

/** Routes with no smoke case, and smoke cases naming a route the app no longer has. */
export function routeCoverage(routes: readonly RouteKey[], covered: readonly RouteKey[]) {
  const served = new Set(routes);
  const exercised = new Set(covered);
  return {
    missing: routes.filter((route) => !exercised.has(route)),
    unknown: [...exercised].filter((route) => !served.has(route)),
  };
}
