// Issue 5's Storage benchmarks: upload and download throughput through /storage/v1 for 1 KB,
// 1 MB and 50 MB objects, next to a plain file copy of the same size on the same disk in the
// same run (the stack's data directory and the baseline files share one temp folder).
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
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

/** A bare node:http file server on the same disk: the cost of HTTP itself, for comparison. */
async function plainFileServer(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const file = path.join(dir, `plain-${path.basename(req.url ?? 'x')}`);
    if (req.method === 'PUT')
      pipeline(req, createWriteStream(file)).then(
        () => res.end('{}'),
        () => res.writeHead(500).end(),
      );
    else
      pipeline(createReadStream(file, { highWaterMark: 1024 * 1024 }), res).catch(() => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

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
  const plain = await plainFileServer(dir);
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
      const plainUp = await measure(async (i) => {
        const res = await fetch(`${plain.url}/${size.bytes}-${i}`, { method: 'PUT', body });
        await res.arrayBuffer();
      }, opts);
      const plainDown = await measure(async (i) => {
        const res = await fetch(`${plain.url}/${size.bytes}-${Math.max(0, i) % size.iterations}`);
        if ((await res.arrayBuffer()).byteLength !== size.bytes) throw new Error('short read');
      }, opts);
      const write = await measure(
        (i) => writeFile(path.join(dir, `write-${size.bytes}-${i}`), body),
        opts,
      );

      const row = (what: string, stats: typeof copy) => [
        `${size.label} — ${what}`,
        ms(stats.p50),
        mbps(size.bytes, stats.count, stats.seconds),
        ratio(stats.p50, copy.p50),
      ];
      rows.push(
        row('plain copyFile (baseline)', copy),
        row('plain writeFile', write),
        row('bare node:http PUT to a file', plainUp),
        row('upload (POST /object)', upload),
        row('plain readFile', read),
        row('bare node:http GET of a file', plainDown),
        row('download (GET /object)', download),
      );
    }
  } finally {
    plain.server.close();
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(path.dirname(workdir), { recursive: true, force: true });
  }
  return [
    {
      title: 'Storage upload and download throughput (PGlite, local disk)',
      body: `One request at a time through HTTP with the service key (upsert, raw body); the baseline
is a plain \`copyFile\` of a file of the same size in the same folder, same run; a bare
\`node:http\` server streaming to and from files on the same disk shows what HTTP alone costs. Latency is the
median; throughput is bytes moved over wall time. "vs copy" compares medians.

${table(['what', 'p50', 'throughput', 'vs copy'], rows)}`,
    },
  ];
}
