import { describe, expect, it } from 'vitest';
import { call } from '../../test/helpers.ts';

const message = {
  name: 'Eve',
  email: 'eve@example.com',
  subject: 'general',
  message: 'Hello,\nI have a question.',
};

describe('POST /api/contact', () => {
  it.each([
    ['name', 'Eve\r\nBcc: victim@example.com'],
    ['name', 'Eve\u202e'],
    ['message', 'Hi\u0000'],
  ])('refuses a %s with hidden characters', async (field, value) => {
    const { status, json } = await call('/api/contact', { body: { ...message, [field]: value } });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      success: false,
      fields: { [field]: 'Remove the control or text-direction characters from this field' },
    });
  });

  it('takes a message on several lines', async () => {
    const { status } = await call('/api/contact', { body: message });
    expect(status).toBe(201);
  });
});
