import { describe, expect, it } from 'vitest';
import { call, signedInUser } from '../../test/helpers.ts';
import { download } from './test-fixtures.ts';

const DAY_MS = 86_400_000;

/** Every admin endpoint this folder serves, with a body where the method needs one. */
const ENDPOINTS: Array<{ method: string; path: string; body?: unknown }> = [
  { method: 'GET', path: '/api/admin/stats' },
  { method: 'GET', path: '/api/admin/recent-activity' },
  { method: 'GET', path: '/api/admin/reports/admin_report.csv' },
  { method: 'GET', path: '/api/admin/users' },
  { method: 'PATCH', path: '/api/admin/users/someone', body: { isActive: false } },
  { method: 'DELETE', path: '/api/admin/users/someone' },
  { method: 'GET', path: '/api/admin/quiz-attempts' },
  { method: 'GET', path: '/api/admin/quiz-attempts/export.csv' },
  { method: 'GET', path: '/api/admin/quiz-analytics' },
  { method: 'GET', path: '/api/admin/analytics' },
  { method: 'GET', path: '/api/admin/analytics/modules' },
  { method: 'GET', path: '/api/admin/analytics/questions' },
  { method: 'GET', path: '/api/admin/email/stats' },
  {
    method: 'POST',
    path: '/api/admin/email/test',
    body: { to: 'a@example.com', templateType: 'welcome' },
  },
  {
    method: 'POST',
    path: '/api/admin/email/bulk',
    body: { userIds: ['someone'], templateType: 'welcome' },
  },
  { method: 'GET', path: '/api/admin/email/campaigns' },
  { method: 'GET', path: '/api/admin/email/campaigns/some-campaign' },
  { method: 'GET', path: '/api/admin/email/log' },
  { method: 'GET', path: '/api/admin/classes' },
  { method: 'POST', path: '/api/admin/classes/some-class/suspend' },
  { method: 'POST', path: '/api/admin/classes/some-class/unsuspend' },
];

describe('the admin API guard', () => {
  it('refuses visitors (401), learners and premium learners (403) on every admin endpoint', async () => {
    const learner = await signedInUser();
    const premium = await signedInUser({ premiumUntil: Date.now() + 30 * DAY_MS });
    for (const endpoint of ENDPOINTS) {
      const options = { method: endpoint.method, body: endpoint.body };
      const visitor = await call(endpoint.path, options);
      expect(visitor.status, `${endpoint.method} ${endpoint.path} as a visitor`).toBe(401);
      for (const caller of [learner, premium]) {
        const { status, json } = await call(endpoint.path, { ...options, token: caller.token });
        expect(status, `${endpoint.method} ${endpoint.path} as ${caller.email}`).toBe(403);
        expect(json).toMatchObject({ success: false, code: 'FORBIDDEN' });
      }
    }
  });

  it('lets an admin through', async () => {
    const admin = await signedInUser({ role: 'admin' });
    for (const endpoint of ENDPOINTS.filter(
      (e) => e.method === 'GET' && !e.path.includes('some'),
    )) {
      const { status } = await download(endpoint.path, admin.token);
      expect(status, endpoint.path).toBe(200);
    }
  });
});
