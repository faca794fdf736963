import type { Command } from 'commander';

/**
 * An example or two for each command's `--help`, by command path. A test walks the program and
 * fails on a command without examples, so a new command brings its own.
 */
export const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  dev: [
    'addon dev',
    'addon dev --addon-url http://localhost:5173/ --scopes customers.read,invoices.read',
    'addon dev --ephemeral --seed --no-open',
  ],
  token: ['addon token', 'addon token --scopes customers.read --expires-in 10m --json', 'addon token --alg-none'],
  clock: ['addon clock', 'addon clock --json'],
  'clock advance': ['addon clock advance 90s', 'addon clock advance 1h30m'],
  logs: ['addon logs -n 20', 'addon logs --follow --json'],
  seed: ['addon seed', 'addon seed --org org_acme --size 50'],
  events: ['addon events', 'addon events --json'],
  trigger: [
    'addon trigger invoice.paid',
    'addon trigger invoice.paid --record inv_7fddade65fa2257f',
    'addon trigger customer.created --data \'{"name":"Zoë"}\'',
  ],
  api: [
    "addon api GET '/customers?limit=5'",
    'addon api POST /customers --data \'{"name":"Acme Ltd"}\' --scopes customers.write',
  ],
  deliveries: ['addon deliveries', 'addon deliveries --status failed --event invoice.paid'],
  'deliveries show': ['addon deliveries show 8fb1decb', 'addon deliveries show 8fb1decb --json'],
  'deliveries replay': ['addon deliveries replay 8fb1decb'],
  inbox: ['addon inbox demo', 'addon inbox demo --json'],
  faults: ['addon faults', 'addon faults --json'],
  'faults list': ['addon faults list'],
  'faults add': [
    'addon faults add --path /invoices --status 503 --times 2',
    'addon faults add --webhooks --event invoice.paid --duplicate',
  ],
  'faults clear': ['addon faults clear 1', 'addon faults clear'],
  scopes: ['addon scopes', 'addon scopes --json'],
  install: [
    'addon install --org org_beta',
    'addon install --org org_beta --grant invoices.read,customers.read --roles admin,accountant',
  ],
  uninstall: ['addon uninstall --org org_beta'],
  users: ['addon users', 'addon users --org org_beta --json'],
  state: ['addon state save before-demo', 'addon state restore before-demo'],
  'state list': ['addon state list'],
  'state save': ['addon state save month-end'],
  'state restore': ['addon state restore month-end'],
  'state reset': ['addon state reset'],
  'state rm': ['addon state rm month-end'],
  'state export': ['addon state export world.json'],
  'state import': ['addon state import world.json'],
  scenario: ['addon scenario run scenarios/month-end.json'],
  'scenario run': [
    'addon scenario run scenarios/month-end.json',
    'addon scenario run world.json --org org_acme --webhooks off',
  ],
  listen: [
    'addon listen --forward-to http://127.0.0.1:8787/webhooks',
    'addon listen --events invoice.paid,customer.created --json',
  ],
  exec: ['addon exec -- npm test', 'addon exec --scopes customers.read -- node scripts/smoke.js'],
  check: ['addon check', 'addon check --only webhook,backend --report junit=reports/addon-check.xml'],
  explore: ['addon explore', 'addon explore --seed 7 --runs 500 --steps 30 --invariants addon.invariants.js --json'],
  coverage: [
    'addon coverage',
    'addon coverage .addon/coverage --min operations=80,responses=40 --report html=coverage/platform.html',
  ],
  mcp: [
    'addon mcp --start',
    'addon mcp --emulator http://127.0.0.1:4455 --read-only',
    'addon mcp --print-config claude > .mcp.json',
  ],
  init: ['addon init my-addon', 'addon init my-addon --template full-stack'],
  completion: ['eval "$(addon completion bash)"', 'addon completion fish > ~/.config/fish/completions/addon.fish'],
};

/** The path of a command below the program: `faults add`. */
export function pathOf(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  return names.join(' ');
}

/** Adds each command's examples to its help, its subcommands' too. */
export function addExamples(command: Command): void {
  for (const child of command.commands) {
    const examples = EXAMPLES[pathOf(child)];
    if (examples) child.addHelpText('after', `\nExamples:\n${examples.map((e) => `  ${e}`).join('\n')}`);
    addExamples(child);
  }
}
