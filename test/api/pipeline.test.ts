import { afterEach, describe, expect, it } from 'vitest';
import type { Refusal } from '../../src/api/pipeline.js';
import { cleanUp, inProcess } from '../helpers.js';

afterEach(cleanUp);

describe('the request pipeline (token -> rate limit -> audit -> scope)', () => {
  it('answers 401 before anything else, without rate-limit headers or an audit line', async () => {
    const em = await inProcess();
    const unauthorized: Array<Record<string, string>> = [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer not.a.jwt' },
    ];
    for (const headers of unauthorized) {
      const res = await em.call('POST', 'customers', { headers, body: { bogus: true } });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        statusCode: 401,
        error: 'Unauthorized',
        code: expect.any(String),
        message: expect.any(String),
      });
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    expect(em.audit(10)).toEqual([]);
  });

  it('tells each call refused before the audit (401, 429) to onRefused, with why, never the token or query', async () => {
    const em = await inProcess({ rateLimit: 1 });
    const refused: Refusal[] = [];
    em.onRefused((refusal) => refused.push(refusal));
    const live: string[] = [];
    em.onEvent(({ name }) => live.push(name));
    const expired = (await em.token({ variant: 'expired' })).token;
    await em.call('GET', 'customers?secret=hush', { headers: { authorization: `Bearer ${expired}` } });
    await em.call('POST', 'customers', { headers: { authorization: 'Basic abc' }, body: {} });
    const { token } = await em.token({ scopes: ['customers.read'] });
    expect((await em.call('GET', 'customers', { token })).status).toBe(200);
    expect((await em.call('GET', 'customers', { token })).status).toBe(429);
    // A 403 of the scope comes after the audit, which has it; it is no refusal of these.
    const narrow = (await em.token({ scopes: [], orgId: 'org_other' })).token; // another rate window
    await em.call('GET', 'invoices', { token: narrow });
    expect(refused).toEqual([
      {
        at: expect.any(String),
        requestId: expect.stringMatching(/^req_/),
        method: 'GET',
        path: '/api/addon/v1/customers',
        status: 401,
        code: 'token_expired',
        reason: 'the session token has expired; reopen the add-on to get a new one',
      },
      expect.objectContaining({ method: 'POST', status: 401, code: 'malformed_authorization' }),
      expect.objectContaining({
        status: 429,
        code: 'rate_limited',
        reason: expect.stringContaining('rate limit of 1'),
      }),
    ]);
    expect(JSON.stringify(refused)).not.toContain(expired.split('.')[2]);
    expect(JSON.stringify(refused)).not.toContain('hush');
    expect(live.filter((name) => name === 'refused')).toHaveLength(3);
    expect(em.audit(10).map((entry) => entry.status)).toEqual([403, 200]);
  });

  it('checks the scope before the body, with requiredScope and grantedScopes', async () => {
    const em = await inProcess();
    const { token } = await em.token({ scopes: ['customers.read'] });
    const res = await em.call('POST', 'customers', { token, body: { not: 'valid' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      code: 'insufficient_scope',
      message: expect.stringContaining('customers.write'),
      requiredScope: 'customers.write',
      grantedScopes: ['customers.read'],
    });
    expect(res.headers['x-ratelimit-remaining']).toBe('999');
    const broken = await em.call('POST', 'customers', { token, body: '{"name": ' });
    expect(broken.body.code).toBe('insufficient_scope');
    const huge = await em.call('POST', 'customers', { token, body: { name: 'x'.repeat(2 * 1024 * 1024) } });
    expect(huge.body.code).toBe('insufficient_scope');
  });

  it('honours wildcards: customers.* covers delete, * covers everything', async () => {
    const em = await inProcess();
    const resource = (await em.token({ scopes: ['customers.*'] })).token;
    const all = (await em.token({ scopes: ['*'] })).token;
    const created = await em.call('POST', 'customers', { token: resource, body: { name: 'Acme' } });
    expect(created.status).toBe(201);
    expect((await em.call('GET', 'invoices', { token: resource })).status).toBe(403);
    expect((await em.call('GET', 'invoices', { token: all })).status).toBe(200);
    expect((await em.call('DELETE', `customers/${created.body.data._id}`, { token: resource })).status).toBe(204);
  });

  it('rate-limits per app per organization with the spec headers, before the scope check', async () => {
    const em = await inProcess({ rateLimit: 3 });
    const { token } = await em.token({ scopes: ['customers.read'] });
    const otherOrg = (await em.token({ scopes: ['customers.read'], orgId: 'org_other' })).token;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await em.call('GET', 'customers', { token })).status);
    const limited = await em.call('POST', 'customers', { token, body: { name: 'x' } });
    expect(statuses).toEqual([200, 200, 200]);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(limited.headers).toMatchObject({
      'x-ratelimit-limit': '3',
      'x-ratelimit-remaining': '0',
      'retry-after': expect.stringMatching(/^\d+$/),
    });
    expect(Number(limited.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    expect((await em.call('GET', 'customers', { token: otherOrg })).status).toBe(200);
    await em.advanceClock(3_600_000);
    const fresh = (await em.token({ scopes: ['customers.read'] })).token;
    expect((await em.call('GET', 'customers', { token: fresh })).headers['x-ratelimit-remaining']).toBe('2');
  });

  it('audits every call that passed the rate limit, with the scope decision and never the token', async () => {
    const em = await inProcess({ rateLimit: 2 });
    const { token, claims } = await em.token({ scopes: ['customers.read'] });
    await em.call('GET', 'customers?limit=1', { token });
    await em.call('POST', 'customers', { token, body: { name: 'x' } });
    await em.call('GET', 'customers', { token }); // 429: not audited
    const [post, get, ...more] = em.audit(10); // newest first
    expect(more).toEqual([]);
    expect(get).toMatchObject({
      appId: 'com.example.demo-addon',
      orgId: 'org_demo',
      userId: 'usr_demo',
      tokenId: claims.jti,
      method: 'GET',
      path: '/api/addon/v1/customers?limit=1',
      status: 200,
      scope: { required: 'customers.read', decision: 'granted' },
    });
    expect(post).toMatchObject({ method: 'POST', status: 403, scope: { decision: 'denied' } });
    expect(JSON.stringify([post, get])).not.toContain(token.split('.')[2]);
  });

  it('answers 401 once the clock passes the token expiry', async () => {
    const em = await inProcess();
    const { token } = await em.token();
    expect((await em.call('GET', 'customers', { token })).status).toBe(200);
    await em.advanceClock(61 * 60_000);
    const res = await em.call('GET', 'customers', { token });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('token_expired');
  });

  it('answers CORS preflights for any origin without a token', async () => {
    const em = await inProcess();
    const res = await em.call('OPTIONS', 'customers', {
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('sends the CORS headers to a browser (a request with an Origin), 401s included, and none to other clients', async () => {
    const em = await inProcess();
    const { token } = await em.token({});
    const origin = { origin: 'http://localhost:5173' };
    const fromPage = await em.call('GET', 'customers', { token, headers: origin });
    expect(fromPage.headers['access-control-allow-origin']).toBe('*');
    expect(fromPage.headers['access-control-expose-headers']).toBe(
      'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After',
    );
    expect(fromPage.headers.vary).toBe('Origin');
    const refused = await em.call('GET', 'customers', { headers: origin });
    expect(refused.status).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    const fromBackend = await em.call('GET', 'customers', { token });
    expect(fromBackend.status).toBe(200);
    expect(fromBackend.headers['access-control-allow-origin']).toBeUndefined();
    expect(fromBackend.headers['access-control-expose-headers']).toBeUndefined();
    expect(fromBackend.headers.vary).toBe('Origin');
    expect(fromBackend.headers['x-ratelimit-remaining']).toBeDefined();
  });
});
