// The Node.js releases the kit runs on, checked before anything of it loads: the bundle uses what
// only these have (process.getBuiltinModule, newer syntax), and would fail on another with a stack
// trace or a syntax error rather than a word. Plain JavaScript that any Node parses.

/** The supported releases, as package.json's engines says them: the maintained ones. */
export const SUPPORTED = 'Node.js 22 (22.17 or later), 24 or 26 and later';

/** One line saying why `version` (process.versions.node) will not do, or null when it will. */
export function unsupportedNode(version) {
  const [major, minor] = version.split('.').map(Number);
  const supported = major === 22 ? minor >= 17 : major === 24 || major >= 26;
  return supported
    ? null
    : `addon-devkit runs on ${SUPPORTED}; this is Node.js ${version}. Install a supported release (nodejs.org, or nvm install 24) and run it again.`;
}
