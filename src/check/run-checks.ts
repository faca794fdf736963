import { createEmulator, type EmulatorOptions } from '../emulator/create-emulator.js';
import { addonEnv, startReadyAddon, type AddonProcess } from '../dev/addon-process.js';
import { backendChecks } from './backend-checks.js';
import { CHECKS, idsOf } from './check-list.js';
import { reportOf, type CheckReport, type CheckResult } from './check-result.js';
import { configValid, subscribeAll, type ConfigReading } from './config-checks.js';
import { pageChecks, type PageCheckOptions } from './page-checks.js';
import { runFindings } from './run-findings.js';
import { resultOf, skip } from './verdict.js';
import { webhookChecks, type Receiver } from './webhook-checks.js';

export interface CheckOptions {
  /** The emulated add-on and platform: `addon.config.json` under the flags, as `addon dev` reads them. */
  emulator: Omit<EmulatorOptions, 'port' | 'dataDir' | 'webhooks'>;
  config: ConfigReading;
  /** The receivers to judge, each with an event it subscribes to. */
  webhooks: Receiver[];
  /** An endpoint of the add-on's backend that reads `Authorization: Bearer`. */
  backendUrl?: string;
  /** The add-on's dev server command (`dev` of addon.config.json), run in `cwd` for the run. */
  addonCommand?: string;
  cwd: string;
  /** Check ids or groups (`webhook`); all when empty. */
  only?: readonly string[];
  strict?: boolean;
  page?: Omit<PageCheckOptions, 'addonUrl'>;
  /** Each line the add-on's dev server prints. */
  onAddonLine?(line: string): void;
  /** Each time more of the selected checks have a result: how many do, of how many. */
  onProgress?(done: number, total: number): void;
  /**
   * Stops the run (Ctrl-C, `addon mcp` stopping): it rejects with the signal's reason at once, and
   * what it started (the add-on's dev server, the emulator) is stopped before it does.
   */
  signal?: AbortSignal;
}

/** Whether `--only` lets check `id` (or its group) run. */
export const selects = (only: readonly string[] | undefined, id: string): boolean =>
  !only?.length || only.includes(id) || only.includes(id.split('.')[0]!);

const skipAll = (group: string, reason: string) => idsOf(group).map((id) => resultOf(id, skip(reason)));

/**
 * `addon check` (docs/check.md): a fresh in-memory emulator on a free port, the add-on's dev server
 * when it has one, then every selected check in a fixed order; the scope and parity findings last,
 * as they read what the whole run did.
 */
export async function runChecks(options: CheckOptions): Promise<CheckReport> {
  const started = performance.now();
  const results: CheckResult[] = [];
  const total = CHECKS.filter(({ id }) => selects(options.only, id)).length;
  let told = 0;
  const add = (found: CheckResult[]) => {
    results.push(...found.filter((r) => selects(options.only, r.id)));
    // Several receivers each give the webhook checks: never more done than selected.
    const done = Math.min(results.length, total);
    // A step that added no selected check tells nothing new: progress is told only as it moves.
    if (done > told) options.onProgress?.((told = done), total);
  };
  const wanted = (group: string) => idsOf(group).some((id) => selects(options.only, id));

  options.signal?.throwIfAborted();
  // A receiver on this machine is what the check judges; the platform never sees its URL (run-findings.ts).
  const emulator = await createEmulator({
    ...options.emulator,
    port: 0,
    demo: options.emulator.demo ?? true,
    localReceivers: true,
  });
  let addon: AddonProcess | null = null;
  // The checks in flight are not waited for once the run is stopped: what they stand on is stopped.
  const stopped = abortion(options.signal);
  try {
    await emulator.listen();
    addon = options.addonCommand ? await startAddon(options, emulator.url, emulator.apiUrl) : null;
    await Promise.race([stopped.promise, checkAll()]);
  } finally {
    stopped.dispose();
    await addon?.stop();
    await emulator.close();
  }
  return reportOf(results, options.strict ?? false, performance.now() - started);

  async function checkAll(): Promise<void> {
    add([configValid(options.config)]);
    const { result, subscribed } = await subscribeAll(emulator, options.webhooks);
    add([result]);
    if (wanted('webhook')) {
      const receivers = [...new Map(subscribed.map((r) => [r.url, r])).values()];
      if (!receivers.length) {
        const reason = options.webhooks.length
          ? 'no receiver could be subscribed: config.subscriptions says why'
          : 'no webhook receiver configured (addon.config.json "webhooks", or --webhook EVENT=URL)';
        add(skipAll('webhook', reason));
      }
      for (const receiver of receivers) add(await webhookChecks(emulator, receiver));
    }
    if (wanted('page')) {
      const addonUrl = emulator.addonUrl;
      add(addonUrl ? await pageChecks(emulator, { ...options.page, addonUrl }) : skipAll('page', 'no add-on URL'));
    }
    if (wanted('backend'))
      add(
        options.backendUrl
          ? await backendChecks(emulator, options.backendUrl)
          : skipAll(
              'backend',
              'no backend endpoint given (--backend-url URL, or "check": { "backendUrl" } in addon.config.json)',
            ),
      );
    add(runFindings(emulator, subscribed));
  }
}

/** A promise that rejects when `signal` aborts, with its reason; `dispose` when it no longer matters. */
function abortion(signal: AbortSignal | undefined): { promise: Promise<never>; dispose(): void } {
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise<never>((_, no) => (reject = no));
  promise.catch(() => {}); // raced, and so observed, only while the run goes on
  const onAbort = () => reject(signal!.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  return { promise, dispose: () => signal?.removeEventListener('abort', onAbort) };
}

async function startAddon(options: CheckOptions, emulatorUrl: string, apiUrl: string): Promise<AddonProcess> {
  const url = options.emulator.addonUrl;
  if (!url) throw new Error('unreachable: the CLI refuses a "dev" command without a "url"');
  return startReadyAddon({
    command: options.addonCommand!,
    cwd: options.cwd,
    url,
    env: addonEnv({ url: emulatorUrl, apiUrl }),
    onLine: (line) => options.onAddonLine?.(line),
    signal: options.signal,
  });
}
