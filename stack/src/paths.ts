// Where the stack keeps its data: <project>/.sheaf next to the supabase folder by default.
import path from 'node:path';

export function defaultDataDir(workdir: string): string {
  return path.join(path.dirname(path.resolve(workdir)), '.sheaf');
}
