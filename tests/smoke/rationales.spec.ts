/**
 * Smoke cases for every option explained (issue 29), in the stack `npm start` runs: the admin
 * question payload now carries optionExplanations, learnMore and alsoTaughtIn (read, create,
 * edit), a learnMore naming no heading is refused, and GIFT per-answer feedback imports and
 * exports back. Each question it makes has a stem of its own run and is deleted afterwards.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../scripts/lib/demo-accounts.ts';
import type { AdminQuestion } from '../../shared/src/schemas/content.ts';
import { BASE, ORIGIN, signIn } from './stack.ts';

/** Headers to call the API as the demo admin, signed in as the other smoke cases sign in. */
async function adminHeaders() {
  const { token } = await signIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  return { origin: ORIGIN, authorization: `Bearer ${token}` };
}

test('the admin question API carries rationales and learnMore, and refuses one that leads nowhere', async ({
  request,
}) => {
  const headers = await adminHeaders();
  const listed = await request.get(`${BASE}/api/admin/questions?category=airspace&limit=100`, {
    headers,
  });
  expect(listed.status()).toBe(200);
  const { data } = (await listed.json()) as { data: { questions: AdminQuestion[] } };
  // The seed writes the content files' rationales: some airspace question carries them.
  const seeded = data.questions.find((q) => q.optionExplanations && q.learnMore);
  expect(seeded, 'a seeded airspace question with rationales').toBeDefined();
  expect(seeded!.optionExplanations).toHaveLength(seeded!.options.length);

  const run = randomBytes(4).toString('hex');
  const body = {
    question: `Smoke ${run}: what is the maximum height for a basic operation?`,
    options: ['400 ft AGL', '500 ft AGL'],
    correctAnswer: 0,
    optionExplanations: ['CAR 901.25 sets 400 ft AGL.', '500 ft is not the drone limit.'],
    learnMore: seeded!.learnMore,
    category: 'air-law-regulations',
  };
  const refused = await request.post(`${BASE}/api/admin/questions`, {
    headers,
    data: { ...body, learnMore: { ...seeded!.learnMore!, sectionId: 'no-such-heading' } },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({
    success: false,
    code: 'VALIDATION_ERROR',
    fields: { learnMore: expect.stringContaining('no heading with the id "no-such-heading"') },
  });

  const created = await request.post(`${BASE}/api/admin/questions`, { headers, data: body });
  expect(created.status()).toBe(201);
  const { question } = ((await created.json()) as { data: { question: AdminQuestion } }).data;
  try {
    const read = await request.get(`${BASE}/api/admin/questions/${question.id}`, { headers });
    expect(
      ((await read.json()) as { data: { question: AdminQuestion } }).data.question,
    ).toMatchObject({
      optionExplanations: body.optionExplanations,
      learnMore: body.learnMore,
      version: 1,
    });
    const edited = await request.put(`${BASE}/api/admin/questions/${question.id}`, {
      headers,
      data: { ...body, optionExplanations: ['Reworded: CAR 901.25.', 'Reworded: too high.'] },
    });
    expect(edited.status()).toBe(200);
    expect(
      ((await edited.json()) as { data: { question: AdminQuestion } }).data.question,
    ).toMatchObject({ version: 2, statsSinceVersion: 1 });
  } finally {
    await request.delete(`${BASE}/api/admin/questions/${question.id}`, { headers });
  }
});

test('a GIFT file with per-answer feedback imports and exports the same feedback back', async ({
  request,
}) => {
  const headers = await adminHeaders();
  const run = randomBytes(4).toString('hex');
  const stem = `Smoke ${run}\\: who holds the pilot certificate?`;
  const gift = `${stem} {\n\t=The pilot#Every pilot of an RPA of 250 g to 25 kg.\n\t~Nobody#Wrong\\: it is required.\n}\n`;
  const imported = await request.post(`${BASE}/api/admin/questions/bulk-import`, {
    headers,
    data: { format: 'gift', content: gift, category: 'air-law-regulations' },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const found = await request.get(
    `${BASE}/api/admin/questions?search=${encodeURIComponent(`Smoke ${run}`)}`,
    { headers },
  );
  const { data } = (await found.json()) as { data: { questions: AdminQuestion[] } };
  expect(data.questions).toHaveLength(1);
  try {
    expect(data.questions[0]!.optionExplanations).toEqual([
      'Every pilot of an RPA of 250 g to 25 kg.',
      'Wrong: it is required.',
    ]);
    const exported = await request.get(
      `${BASE}/api/admin/questions/export?format=gift&category=air-law-regulations`,
      { headers },
    );
    expect(exported.status()).toBe(200);
    expect(await exported.text()).toContain(gift);
  } finally {
    await request.delete(`${BASE}/api/admin/questions/${data.questions[0]!.id}`, { headers });
  }
});
