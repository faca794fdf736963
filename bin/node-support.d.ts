/** The supported Node.js releases, in words (bin/node-support.js). */
export declare const SUPPORTED: string;
/** One line saying why `version` will not do, or null when it will. */
export declare function unsupportedNode(version: string): string | null;
