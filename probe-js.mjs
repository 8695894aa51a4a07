import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
const base = process.env.BASE;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--headless'] });
const ctx = await b.newContext({ baseURL: base });
await ctx.request.post('/api/auth/login', { data: { email: 'premium@dronecertprep.ca', password: 'PremiumPass123!' }, headers: { origin: base } });
for (const path of process.argv.slice(2)) {
  const p = await ctx.newPage();
  const sizes = [];
  p.on('response', async (r) => { if (r.request().resourceType() === 'script') { const body = await r.body(); sizes.push([r.url().split('/').pop(), (gzipSync(body).length/1024).toFixed(1)]); } });
  await p.goto(path, { waitUntil: 'networkidle' });
  console.log(path, sizes.sort((a,b)=>b[1]-a[1]).map(s=>s.join(':')).join('  '));
  await p.close();
}
await b.close();
