import { describe, it } from 'vitest';
import { callOk, ORIGIN, signedInUser } from '../../test/helpers.ts';
import { expectWithinBudget } from '../../test/budget.ts';

describe('payment calls stay within the D1 budget', () => {
  it('GET /api/payments/pricing', async () => {
    await expectWithinBudget(() => callOk('/api/payments/pricing'));
  });

  it('GET /api/payments/history', async () => {
    const user = await signedInUser();
    const { id } = await callOk<{ id: string }>('/api/payments/create-checkout-session', {
      token: user.token,
      body: {
        priceId: 'practice_30d',
        successUrl: `${ORIGIN}/account?payment=success`,
        cancelUrl: `${ORIGIN}/account?payment=cancelled`,
      },
    });
    await callOk(`/api/payments/dev-checkout/${id}/pay`, { token: user.token, method: 'POST' });
    await expectWithinBudget(() =>
      callOk('/api/payments/history?page=1&limit=10', { token: user.token }),
    );
  });

  it('POST /api/payments/create-checkout-session', async () => {
    const user = await signedInUser();
    await expectWithinBudget(() =>
      callOk('/api/payments/create-checkout-session', {
        token: user.token,
        body: {
          priceId: 'practice_30d',
          successUrl: `${ORIGIN}/account?payment=success`,
          cancelUrl: `${ORIGIN}/account?payment=cancelled`,
        },
      }),
    );
  });
});
