import type { Command } from 'commander';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** A command as completion sees it: its words, the flags it takes, and its subcommands. */
interface Node {
  name: string;
  description: string;
  flags: Array<{ flag: string; description: string; takesValue: boolean }>;
  children: Node[];
}

const visible = (command: Command) => !(command as unknown as { _hidden?: boolean })._hidden;

function nodeOf(command: Command): Node {
  return {
    name: command.name(),
    description: command.description(),
    flags: [
      ...command.options
        .filter((option) => option.long && !option.hidden)
        .map((option) => ({
          flag: option.long!,
          description: option.description,
          takesValue: option.required || option.optional,
        })),
      { flag: '--help', description: 'display help for command', takesValue: false },
    ],
    children: command.commands.filter(visible).map(nodeOf),
  };
}

/**
 * The completion script for `shell`, made from the program itself, so a command or flag added to
 * the CLI completes without anyone editing a script: commands, their subcommands (`faults add`) and
 * their flags.
 */
export function completionScript(shell: Shell, program: Command): string {
  const root = nodeOf(program);
  if (shell === 'fish') return fishScript(root);
  const bash = bashScript(root);
  // zsh runs bash completion functions through bashcompinit, as many CLIs ship theirs.
  return shell === 'zsh'
    ? `autoload -U +X compinit && compinit\nautoload -U +X bashcompinit && bashcompinit\n${bash}`
    : bash;
}

const words = (list: string[]) => list.join(' ');
const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Every command path (`faults`, `faults add`), with its node; the root's path is ''. */
function pathsOf(root: Node): Array<[string, Node]> {
  const below = (node: Node, prefix: string): Array<[string, Node]> =>
    node.children.flatMap((child) => {
      const path = prefix ? `${prefix} ${child.name}` : child.name;
      return [[path, child] as [string, Node], ...below(child, path)];
    });
  return [['', root], ...below(root, '')];
}

function bashScript(root: Node): string {
  const paths = pathsOf(root);
  // A word extends the path when the path it makes is a command's: the rest are arguments.
  const known = paths
    .filter(([path]) => path)
    .map(([path]) => `      ${quoted(path)}) path=${quoted(path)} ;;`)
    .join('\n');
  const follows = paths
    .map(([path, node]) => {
      const next = words([...node.children.map((c) => c.name), ...node.flags.map((f) => f.flag)]);
      return `    ${quoted(path)}) options=${quoted(next)} ;;`;
    })
    .join('\n');
  return `# addon completion for bash: eval "$(addon completion bash)", or save it as bash-completion's completions/addon
_addon() {
  local current="\${COMP_WORDS[COMP_CWORD]}" path="" word i options=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    [[ "$word" == -* ]] && continue
    case "\${path:+$path }$word" in
${known}
    esac
  done
  case "$path" in
${follows}
  esac
  COMPREPLY=($(compgen -W "$options" -- "$current"))
}
complete -o default -F _addon addon
`;
}

function fishScript(root: Node): string {
  const lines = ['# addon completion for fish: addon completion fish > ~/.config/fish/completions/addon.fish'];
  lines.push(`complete -c addon -f`);
  for (const command of root.children) {
    lines.push(`complete -c addon -n '__fish_use_subcommand' -a ${command.name} -d ${quoted(command.description)}`);
    const inCommand = `__fish_seen_subcommand_from ${command.name}`;
    for (const child of command.children)
      lines.push(`complete -c addon -n ${quoted(inCommand)} -a ${child.name} -d ${quoted(child.description)}`);
    for (const flag of command.flags)
      lines.push(
        `complete -c addon -n ${quoted(inCommand)} -l ${flag.flag.slice(2)}${flag.takesValue ? ' -r' : ''} -d ${quoted(flag.description)}`,
      );
  }
  for (const flag of root.flags)
    lines.push(`complete -c addon -n '__fish_use_subcommand' -l ${flag.flag.slice(2)} -d ${quoted(flag.description)}`);
  return lines.join('\n') + '\n';
}
