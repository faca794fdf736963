import type { Command, Option } from 'commander';
import { EXAMPLES, pathOf } from './help-examples.js';

/** Markdown's table cells: a pipe is escaped, so a flag like `on|off` stays in its cell. */
const cell = (text: string) => text.replace(/\|/g, '\\|');

const flagRow = (option: Option) => {
  const given =
    option.defaultValue !== undefined && option.defaultValue !== false
      ? ` (default: ${JSON.stringify(option.defaultValue)})`
      : '';
  return `| \`${cell(option.flags)}\` | ${cell(option.description)}${cell(given)} |`;
};

/** A command's description as a sentence: capitalised, with its full stop. */
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}${text.endsWith('.') ? '' : '.'}`;

/** One command's section: its usage, what it does, its flags and its examples. */
function section(command: Command): string[] {
  const path = pathOf(command);
  const flags = command.options.filter((option) => !option.hidden);
  const examples = EXAMPLES[path] ?? [];
  return [
    `### addon ${path}`,
    '',
    `\`addon ${path} ${command.usage()}\``.replace(/ +`$/, '`'),
    '',
    sentence(command.description()),
    '',
    ...(flags.length ? ['| Flag | What it does |', '|---|---|', ...flags.map(flagRow), ''] : []),
    ...(examples.length ? ['```sh', ...examples, '```', ''] : []),
  ];
}

/**
 * The reference part of docs/cli.md, made from the program itself (`npm run build` writes it;
 * a test checks the file is current): every command and subcommand, its flags with their help, and
 * its examples. What the program cannot say (output shapes, exit codes) is written around it.
 */
export function cliReference(program: Command): string {
  const all = (command: Command): Command[] => command.commands.flatMap((child) => [child, ...all(child)]);
  return all(program).flatMap(section).join('\n').trimEnd() + '\n';
}

export const REFERENCE_START =
  '<!-- The reference below is made by `npm run build` from the CLI itself: do not edit. -->';
export const REFERENCE_END = '<!-- End of the generated reference. -->';

/** docs/cli.md with its reference part made anew. */
export function withReference(doc: string, reference: string): string {
  const start = doc.indexOf(REFERENCE_START);
  const end = doc.indexOf(REFERENCE_END);
  if (start < 0 || end < start) throw new Error('docs/cli.md has lost the markers of its generated reference');
  return `${doc.slice(0, start + REFERENCE_START.length)}\n\n${reference}\n${doc.slice(end)}`;
}
