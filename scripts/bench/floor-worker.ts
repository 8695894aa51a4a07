/**
 * The floor of `npm run bench`: a bare Hono worker answering the API's success shape, run on the
 * same wrangler as the product, so the API's own cost can be read as a ratio to it.
 */
import { Hono } from 'hono';

export default new Hono().get('*', (c) => c.json({ success: true, data: { ok: true } }));
