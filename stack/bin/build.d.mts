// Types of build.mjs, for the TypeScript that imports it (the hop bench).
/** The path of an up-to-date build of the CLI (dist/sheaf-stack.mjs). */
export function builtCli(): Promise<string>;
/** The path of an up-to-date build of the library (dist/stack.mjs: startStack and its types). */
export function builtStack(): Promise<string>;
