// audit.log on a real file: lines gathered into one write (a write a call cost a read on a data dir
// much of its throughput, issue 36), every line intact and in order, nothing left behind by close().
import fs from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openAuditLog, type AuditEntry } from '../../src/audit/audit-log.js';

const entry = (n: number): AuditEntry => ({
  time: '2026-01-01T00:00:00.000Z',
  requestId: `req_${n}`,
  appId: 'com.example.addon',
  orgId: 'org_1',
  userId: 'usr_1',
  tokenId: 'jti_1',
  method: 'GET',
  path: `/api/addon/v1/customers?page=${n}`,
  status: 200,
  scope: { required: 'customers:read', decision: 'granted' },
  durationMs: 1.5,
});

const linesOf = async (file: string) =>
  (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AuditEntry);

describe('audit.log', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'addon-audit-log-'));
    file = join(dir, 'audit.log');
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the lines of many calls in one write, intact and in order', async () => {
    const log = await openAuditLog(file);
    // A first line, written: the file is open (a stream still opening holds every write for one).
    log.append(entry(0));
    await vi.waitFor(async () => expect(await linesOf(file)).toHaveLength(1), { timeout: 5000 });
    // The stream writes through fs.write, or fs.writev for chunks it buffered: each is a syscall.
    const write = vi.spyOn(fs, 'write');
    const writev = vi.spyOn(fs, 'writev');
    const entries = Array.from({ length: 50 }, (_, n) => entry(n + 1));
    for (const one of entries) log.append(one);
    await vi.waitFor(async () => expect(await linesOf(file)).toHaveLength(51), { timeout: 5000 });
    expect(write.mock.calls.length + writev.mock.calls.length).toBe(1);
    expect(await linesOf(file)).toEqual([entry(0), ...entries]);
    await log.close();
  });

  it('writes every line still gathered when it is closed', async () => {
    const log = await openAuditLog(file);
    const entries = Array.from({ length: 3 }, (_, n) => entry(n));
    for (const one of entries) log.append(one);
    await log.close();
    expect(await linesOf(file)).toEqual(entries);
  });

  it('appends to what a run before wrote, and shows it as recent', async () => {
    const first = await openAuditLog(file);
    first.append(entry(1));
    await first.close();
    const second = await openAuditLog(file);
    second.append(entry(2));
    expect(second.recent(2).map((one) => one.requestId)).toEqual(['req_2', 'req_1']);
    await second.close();
    expect(await linesOf(file)).toEqual([entry(1), entry(2)]);
  });

  it('keeps the newest 1,000 calls for addon logs, newest first, once more have come', async () => {
    const log = await openAuditLog();
    for (let n = 0; n < 1500; n++) log.append(entry(n));
    const kept = log.recent(5000).map((one) => one.requestId);
    expect(kept).toHaveLength(1000);
    expect([kept[0], kept[999]]).toEqual(['req_1499', 'req_500']);
    expect(log.recent(3).map((one) => one.requestId)).toEqual(['req_1499', 'req_1498', 'req_1497']);
    expect(log.recent(0)).toEqual([]);
    await log.close();
  });
});

describe('audit.log on a full disk', () => {
  it('says the failed write once and goes on in memory, without crashing the process', async () => {
    // /dev/full takes an open and answers every write with ENOSPC, as a full disk does.
    const said: string[] = [];
    const log = await openAuditLog('/dev/full', { error: (message) => said.push(message) });
    log.append(entry(1));
    await vi.waitFor(() => expect(said).toHaveLength(1), { timeout: 5000 });
    expect(said[0]).toBe(
      'cannot write /dev/full: no space left on the device (ENOSPC); the audit log goes on in memory only (addon logs)',
    );
    log.append(entry(2));
    expect(log.recent(2).map((one) => one.requestId)).toEqual(['req_2', 'req_1']);
    await log.close();
    expect(said).toHaveLength(1);
  });
});
