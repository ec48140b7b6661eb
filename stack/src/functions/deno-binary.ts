// Finds the Deno executable shipped by the `deno` npm package (its platform package holds the
// binary). A missing binary is a setup mistake: it fails the first function start with a clear
// message naming what to install.
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export class DenoMissingError extends Error {
  constructor(detail: string) {
    super(
      `Edge Functions need the Deno binary from the "deno" npm package, which was not found (${detail}). ` +
        'Run `npm install` in the repository, or set SHEAF_DENO_BIN to a deno executable.',
    );
    this.name = 'DenoMissingError';
  }
}

function platformPackage(): string {
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
  if (process.platform === 'linux') return `@deno/linux-${arch}-glibc`;
  if (process.platform === 'darwin') return `@deno/darwin-${arch}`;
  if (process.platform === 'win32') return `@deno/win32-${arch}`;
  return `@deno/${process.platform}-${arch}`;
}

let cached: string | undefined;

/** Absolute path of the deno executable; throws DenoMissingError when there is none. */
export function denoBinary(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SHEAF_DENO_BIN) return executable(env.SHEAF_DENO_BIN);
  if (cached) return cached;
  const pkg = platformPackage();
  const exe = process.platform === 'win32' ? 'deno.exe' : 'deno';
  let file: string;
  try {
    file = path.join(path.dirname(require.resolve(`${pkg}/package.json`)), exe);
  } catch {
    throw new DenoMissingError(`package ${pkg} is not installed`);
  }
  cached = executable(file);
  return file;
}

function executable(file: string): string {
  try {
    accessSync(file, constants.X_OK);
  } catch {
    throw new DenoMissingError(`${file} is missing or not executable`);
  }
  return file;
}
