import { describe, it } from 'vitest';
import { call, callOk, createUser, signedInUser } from '../../test/helpers.ts';
import { expectWithinBudget } from '../../test/budget.ts';

describe('account calls stay within the D1 budget', () => {
  it('GET /api/auth/profile', async () => {
    const user = await signedInUser();
    await expectWithinBudget(() => callOk('/api/auth/profile', { token: user.token }));
  });

  it('PATCH /api/auth/profile', async () => {
    const user = await signedInUser();
    await expectWithinBudget(() =>
      callOk('/api/auth/profile', {
        method: 'PATCH',
        token: user.token,
        body: { firstName: 'Bessie', lastName: 'Coleman' },
      }),
    );
  });

  it('GET /api/auth/reset-password/:token', async () => {
    await expectWithinBudget(() => callOk('/api/auth/reset-password/some-token-from-an-email'));
  });

  it('POST /api/auth/resend-verification', async () => {
    const user = await createUser({ emailVerified: false });
    await expectWithinBudget(() =>
      call('/api/auth/resend-verification', { body: { email: user.email } }),
    );
  });

  it('POST /api/auth/forgot-password', async () => {
    const user = await createUser();
    await expectWithinBudget(() =>
      callOk('/api/auth/forgot-password', { body: { email: user.email } }),
    );
  });
});
