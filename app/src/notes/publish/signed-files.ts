// The signed URLs a public page shows its images with. Each check of the page brings fresh URLs
// (valid for `lifeSeconds`); a URL already shown is kept while it has more than half its life
// left — so images do not load again on every check — and replaced after, well before it runs out.

export interface SignedFile {
  url: string;
  /** When this URL was received (ms). */
  at: number;
}

/** The URLs to show now, and the paths whose URL changed (their images must follow). */
export function renewSignedFiles(
  kept: ReadonlyMap<string, SignedFile>,
  fresh: Record<string, string>,
  now: number,
  lifeSeconds: number,
): { files: Map<string, SignedFile>; renewed: string[] } {
  const files = new Map<string, SignedFile>();
  const renewed: string[] = [];
  for (const [path, url] of Object.entries(fresh)) {
    const old = kept.get(path);
    if (old && now - old.at < (lifeSeconds * 1000) / 2) files.set(path, old);
    else {
      files.set(path, { url, at: now });
      if (old) renewed.push(path);
    }
  }
  return { files, renewed };
}
