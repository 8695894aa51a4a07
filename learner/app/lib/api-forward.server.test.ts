import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_UNAVAILABLE, forwardToApi } from './api-forward.server';

afterEach(() => vi.restoreAllMocks());

describe('forwardToApi', () => {
  it('answers a lost Service Binding call with 503 in the error shape, without the runtime’s trace', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const lost = {
      fetch: () =>
        Promise.reject(
          new Error(
            'Network connection lost.\n    at entry.worker.js:1234 (/srv/app/entry.worker.js)',
          ),
        ),
    };
    const response = await forwardToApi(lost, new Request('https://app.test/api/health'));
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('application/json');
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      success: false,
      error: API_UNAVAILABLE,
      code: 'API_UNAVAILABLE',
    });
    expect(text).not.toMatch(/entry\.worker|Network connection lost|\/srv\//);
    expect(logged).toHaveBeenCalledOnce();
  });

  it('passes the API’s own answer through unchanged', async () => {
    const answer = Response.json({ success: false, error: 'Nope' }, { status: 404 });
    const response = await forwardToApi(
      { fetch: () => Promise.resolve(answer) },
      new Request('https://app.test/api/x'),
    );
    expect(response).toBe(answer);
  });
});
