// A ZIP archive written as a stream with fflate: entries are added one at a time (text deflated,
// already-compressed files stored) and the archive's bytes are handed out as they are made, so a
// large export never sits in memory whole. UTF-8 names; ZIP64 is not needed below 4 GiB.
import { Zip, ZipDeflate, ZipPassThrough } from 'npm:fflate@0.8.3';

export interface ZipSource {
  name: string;
  /** The entry's bytes, fetched only when its turn comes (null leaves the entry out). */
  data: () => Uint8Array | null | Promise<Uint8Array | null>;
  /** Deflate it (text); otherwise store it as it is (images, PDFs, archives). */
  compress: boolean;
}

/** The archive's bytes, produced entry by entry as the reader asks for them. */
export function zipStream(
  sources: Iterable<ZipSource>,
  modified = new Date(),
): ReadableStream<Uint8Array> {
  const pending: Uint8Array[] = [];
  let failure: unknown = null;
  let ended = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else pending.push(chunk);
    if (final) ended = true;
  });
  const iterator = sources[Symbol.iterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (pending.length === 0 && !ended && failure === null) {
        const next = iterator.next();
        if (next.done) {
          zip.end();
          break;
        }
        const bytes = await next.value.data();
        if (!bytes) continue;
        const entry = next.value.compress
          ? new ZipDeflate(next.value.name, { level: 6 })
          : new ZipPassThrough(next.value.name);
        entry.mtime = modified;
        zip.add(entry);
        entry.push(bytes, true);
      }
      if (failure !== null) return controller.error(failure);
      const chunk = pending.shift();
      if (chunk) controller.enqueue(chunk);
      else if (ended) controller.close();
    },
  });
}

/** Whether a file of this type gains from deflate (text-like formats do; media do not). */
export function compressible(mimeType: unknown, name: string): boolean {
  const type = typeof mimeType === 'string' ? mimeType : '';
  return (
    /^text\/|json|xml|svg|javascript|csv|yaml/.test(type) ||
    /\.(md|txt|csv|json|xml|svg|html?|css|js|ts|ya?ml|log)$/i.test(name)
  );
}
