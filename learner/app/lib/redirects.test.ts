import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirects';

const ORIGIN = 'https://dronecertprep.ca';

describe('safeRedirect', () => {
  it.each([
    '/\t/evil.example',
    '/\t\\evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    '/ /evil.example',
    '/\u0000x',
    'dashboard',
  ])('sends %j to the dashboard', (target) => {
    expect(safeRedirect(target, ORIGIN)).toBe('/dashboard');
  });

  it.each(['/study?tab=notes', '/fr/tableau-de-bord', '/account#billing', '/%09/still-ours'])(
    'keeps %j, a path on our site',
    (target) => {
      expect(safeRedirect(target, ORIGIN)).toBe(target);
    },
  );
});
