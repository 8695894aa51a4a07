import { describe, expect, it } from 'vitest';
import { changedReadOnly, sameValue, setByServer, splitReadOnly } from './updates.ts';

const READ_ONLY = { id: 'keeps its id', createdAt: setByServer('createdAt') };

describe('updates that accept what reads return', () => {
  it('sets the read-only fields aside and leaves the rest to the update schema', () => {
    expect(splitReadOnly({ id: 'n1', note: 'Hi', pinned: true }, READ_ONLY)).toEqual({
      kept: { id: 'n1' },
      rest: { note: 'Hi', pinned: true },
    });
    expect(splitReadOnly('not an object', READ_ONLY)).toEqual({ kept: {}, rest: 'not an object' });
    expect(splitReadOnly([1], READ_ONLY)).toEqual({ kept: {}, rest: [1] });
  });

  it('compares values as a read returned them, object keys in any order', () => {
    expect(sameValue({ a: [1, { b: null }], c: 'x' }, { c: 'x', a: [1, { b: null }] })).toBe(true);
    expect(sameValue({ a: 1, gone: undefined }, { a: 1 })).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue([], {})).toBe(false);
  });

  it('names the first read-only field that differs from the entity, or none', () => {
    const entity = { id: 'n1', createdAt: '2026-11-29T00:00:00.000Z', note: 'Hi' };
    expect(changedReadOnly({ id: 'n1', createdAt: entity.createdAt }, entity)).toBeNull();
    expect(changedReadOnly({ id: 'n1', createdAt: '2020-01-01T00:00:00.000Z' }, entity)).toBe(
      'createdAt',
    );
  });
});
