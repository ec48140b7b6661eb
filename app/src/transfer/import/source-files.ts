// The files a person hands to the importer — picked one by one, picked as a folder, dropped
// (folders included), or inside ZIP archives — as one flat list of paths relative to what was
// chosen, '/'-separated. Hidden files (.obsidian, .DS_Store) and macOS archive debris are left out.
import { unzipSync } from 'fflate';

export interface SourceFile {
  /** Relative path, '/'-separated, no leading slash, no '.' or '..' segments. */
  path: string;
  size: number;
  /** The browser's MIME type when it knows one ('' for files from archives). */
  type: string;
  read(): Promise<Uint8Array>;
}

/** A clean relative path, or null for one to leave out (hidden, escaping, empty). */
export function normalisePath(raw: string): string | null {
  const out: string[] = [];
  for (const segment of raw.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (!out.length) return null;
      out.pop();
      continue;
    }
    if (segment.startsWith('.') || segment === '__MACOSX') return null;
    out.push(segment);
  }
  return out.length ? out.join('/') : null;
}

const isZip = (name: string, type: string) =>
  /\.zip$/i.test(name) || type === 'application/zip' || type === 'application/x-zip-compressed';

/** The entries of a ZIP archive as source files (directories and hidden entries left out). */
export function filesInZip(bytes: Uint8Array): SourceFile[] {
  const entries = unzipSync(bytes);
  const files: SourceFile[] = [];
  for (const [name, data] of Object.entries(entries)) {
    if (name.endsWith('/')) continue;
    const path = normalisePath(name);
    if (!path) continue;
    files.push({ path, size: data.length, type: '', read: async () => data });
  }
  return files;
}

async function expand(file: File, path: string | null): Promise<SourceFile[]> {
  if (!path) return [];
  if (isZip(file.name, file.type)) return filesInZip(new Uint8Array(await file.arrayBuffer()));
  return [
    {
      path,
      size: file.size,
      type: file.type,
      read: async () => new Uint8Array(await file.arrayBuffer()),
    },
  ];
}

/** Files from an <input type="file"> (with or without `webkitdirectory`). */
export async function fromFileList(list: FileList | File[]): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for (const file of Array.from(list))
    files.push(...(await expand(file, normalisePath(file.webkitRelativePath || file.name))));
  return files;
}

function entries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

async function walk(entry: FileSystemEntry, out: SourceFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    out.push(...(await expand(file, normalisePath(entry.fullPath))));
  } else if (entry.isDirectory && !entry.name.startsWith('.')) {
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    // readEntries hands out a directory in batches until it returns none.
    for (let batch = await entries(reader); batch.length; batch = await entries(reader))
      for (const child of batch) await walk(child, out);
  }
}

/** Files (and whole folders) dropped on the page. */
export async function fromDataTransfer(data: DataTransfer): Promise<SourceFile[]> {
  const roots = Array.from(data.items)
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (roots.every((entry) => entry === null)) return fromFileList(data.files);
  const out: SourceFile[] = [];
  for (const entry of roots) if (entry) await walk(entry, out);
  return out;
}
