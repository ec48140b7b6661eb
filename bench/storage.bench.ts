// Issue 5's Storage benchmarks: upload and download throughput through /storage/v1 for 1 KB,
// 1 MB and 50 MB objects, next to a plain file copy of the same size on the same disk in the
// same run (the stack's data directory and the baseline files share one temp folder).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startStack } from '../stack/src/index.ts';
import { makeWorkdir } from '../stack/test/support/stack.ts';
import { measure, ms, ratio, table, type BenchSection } from './lib.ts';

const CONFIG = `
[storage]
file_size_limit = "100MiB"

[storage.buckets.bench]
public = false
`;

const SIZES = [
  { label: '1 KB', bytes: 1024, iterations: 300 },
  { label: '1 MB', bytes: 1024 * 1024, iterations: 60 },
  { label: '50 MB', bytes: 50 * 1024 * 1024, iterations: 6 },
];

const mbps = (bytes: number, count: number, seconds: number) =>
  `${((bytes * count) / seconds / 1024 / 1024).toFixed(1)} MB/s`;

export default async function storageBench(): Promise<BenchSection[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-bench-storage-'));
  const workdir = makeWorkdir({ config: CONFIG });
  const stack = await startStack({
    workdir,
    port: 0,
    quiet: true,
    dataDir: path.join(dir, 'stack'),
    env: {},
  });
  const key = stack.keys.serviceRoleKey;
  const headers = { apikey: key, authorization: `Bearer ${key}` };
  const rows: string[][] = [];
  try {
    for (const size of SIZES) {
      const body = randomBytes(size.bytes);
      const source = path.join(dir, `source-${size.bytes}`);
      writeFileSync(source, body);
      const opts = { iterations: size.iterations, warmup: Math.min(3, size.iterations) };

      const copy = await measure(
        (i) => copyFile(source, path.join(dir, `copy-${size.bytes}-${i}`)),
        opts,
      );
      const upload = await measure(async (i) => {
        const res = await fetch(`${stack.url}/storage/v1/object/bench/obj-${size.bytes}-${i}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/octet-stream', 'x-upsert': 'true' },
          body,
        });
        if (!res.ok) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }, opts);
      const read = await measure(() => readFile(source), opts);
      const download = await measure(async (i) => {
        const n = Math.max(0, i) % size.iterations;
        const res = await fetch(`${stack.url}/storage/v1/object/bench/obj-${size.bytes}-${n}`, {
          headers,
        });
        if (!res.ok) throw new Error(`download failed: ${res.status}`);
        const got = await res.arrayBuffer();
        if (got.byteLength !== size.bytes) throw new Error('short download');
      }, opts);
      const write = await measure(
        (i) => writeFile(path.join(dir, `write-${size.bytes}-${i}`), body),
        opts,
      );

      rows.push(
        [
          `${size.label} — plain copyFile (baseline)`,
          ms(copy.p50),
          mbps(size.bytes, copy.count, copy.seconds),
          '1.00×',
        ],
        [
          `${size.label} — plain writeFile`,
          ms(write.p50),
          mbps(size.bytes, write.count, write.seconds),
          ratio(write.p50, copy.p50),
        ],
        [
          `${size.label} — upload (POST /object)`,
          ms(upload.p50),
          mbps(size.bytes, upload.count, upload.seconds),
          ratio(upload.p50, copy.p50),
        ],
        [
          `${size.label} — plain readFile`,
          ms(read.p50),
          mbps(size.bytes, read.count, read.seconds),
          ratio(read.p50, copy.p50),
        ],
        [
          `${size.label} — download (GET /object)`,
          ms(download.p50),
          mbps(size.bytes, download.count, download.seconds),
          ratio(download.p50, copy.p50),
        ],
      );
    }
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(path.dirname(workdir), { recursive: true, force: true });
  }
  return [
    {
      title: 'Storage upload and download throughput (PGlite, local disk)',
      body: `One request at a time through HTTP with the service key (upsert, raw body); the baseline
is a plain \`copyFile\` of a file of the same size in the same folder, same run. Latency is the
median; throughput is bytes moved over wall time. "vs copy" compares medians.

${table(['what', 'p50', 'throughput', 'vs copy'], rows)}`,
    },
  ];
}
