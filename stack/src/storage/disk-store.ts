// The local-disk byte store under <dataDir>/storage: tmp/ for uploads in flight (cleared at
// start), versions/<aa>/<version> for committed bytes. Temp files and versions live on the same
// file system, so publishing is an atomic rename.
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, readFile } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ByteStore, StagedUpload } from './byte-store.ts';

const VERSION = /^[0-9a-f-]{36}$/;

/**
 * Node's callback readFile, as a promise: it reads a small file in native code, where
 * fs/promises' readFile makes a promise of each of open, fstat, read and close (about half the
 * CPU again per small download, measured in one process).
 */
const readWhole = promisify(readFile);

export async function createDiskStore(root: string): Promise<ByteStore> {
  const tmpDir = path.join(root, 'tmp');
  const versionsDir = path.join(root, 'versions');
  await rm(tmpDir, { recursive: true, force: true });
  await mkdir(tmpDir, { recursive: true });
  await mkdir(versionsDir, { recursive: true });

  const fileOf = (version: string) => {
    if (!VERSION.test(version)) throw new Error(`not a version id: ${version}`);
    return path.join(versionsDir, version.slice(0, 2), version);
  };

  // The version folders made so far: a write into one skips its mkdir (one file system call
  // of the few an upload makes), and makes it again if the folder went away meanwhile.
  const made = new Set<string>();
  const into = async (target: string, put: () => Promise<void>) => {
    const dir = path.dirname(target);
    if (!made.has(dir)) {
      await mkdir(dir, { recursive: true });
      made.add(dir);
    }
    try {
      await put();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(dir, { recursive: true });
      await put();
    }
  };

  return {
    async stage(chunks, maxBytes, tooLarge) {
      const tmp = path.join(tmpDir, randomUUID());
      const out = createWriteStream(tmp, { flags: 'wx' });
      const hash = createHash('md5');
      let size = 0;
      const opened = new Promise<void>((resolve, reject) => {
        out.once('open', () => resolve());
        out.once('error', reject);
      });
      try {
        await opened;
        for await (const chunk of chunks) {
          size += chunk.byteLength;
          if (size > maxBytes) throw tooLarge();
          hash.update(chunk);
          // events.once takes its listeners off again, whichever event comes.
          if (!out.write(chunk)) await once(out, 'drain');
        }
        await new Promise<void>((resolve, reject) => {
          out.once('error', reject);
          out.end(() => resolve());
        });
      } catch (error) {
        out.destroy();
        await rm(tmp, { force: true });
        throw error;
      }
      let done = false;
      const staged: StagedUpload = {
        size,
        etag: `"${hash.digest('hex')}"`,
        async publish(version) {
          const target = fileOf(version);
          await into(target, () => rename(tmp, target));
          done = true;
        },
        async discard() {
          if (!done) await rm(tmp, { force: true });
          done = true;
        },
      };
      return staged;
    },

    async copy(fromVersion, toVersion) {
      const target = fileOf(toVersion);
      // Versions are immutable, so a hard link is a safe copy; fall back to a real copy.
      await into(target, () =>
        link(fileOf(fromVersion), target).catch((error: NodeJS.ErrnoException) => {
          // A missing source or folder is answered by into(); anything else gets a real copy.
          if (error.code === 'ENOENT') throw error;
          return copyFile(fileOf(fromVersion), target);
        }),
      );
    },

    async read(version, range) {
      // Open first so a missing file fails here (ENOENT), not later inside the response stream.
      const handle = await open(fileOf(version), 'r');
      return handle.createReadStream({
        start: range?.start,
        end: range?.end,
        autoClose: true,
        highWaterMark: 1024 * 1024,
      });
    },

    readAll: (version) => readWhole(fileOf(version)),

    async list() {
      const entries = await readdir(versionsDir, { recursive: true, withFileTypes: true });
      return entries.filter((e) => e.isFile() && VERSION.test(e.name)).map((e) => e.name);
    },

    async remove(versions) {
      await Promise.all(
        versions
          .filter((v) => VERSION.test(v))
          .map((v) =>
            unlink(fileOf(v)).catch((error: NodeJS.ErrnoException) => {
              if (error.code !== 'ENOENT') throw error;
            }),
          ),
      );
    },
  };
}
