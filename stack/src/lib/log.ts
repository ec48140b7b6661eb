// A small logger: one line per event, prefixed with the service; silent in quiet mode (tests).
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, cause?: unknown): void;
  child(scope: string): Logger;
}

export function createLogger(quiet = false, scope = 'stack'): Logger {
  const prefix = `[${scope}]`;
  return {
    info: (m) => {
      if (!quiet) console.log(prefix, m);
    },
    warn: (m) => {
      if (!quiet) console.warn(prefix, m);
    },
    // Errors are always printed: they are what a developer needs to see.
    error: (m, cause) =>
      console.error(
        prefix,
        m,
        ...(cause === undefined
          ? []
          : [cause instanceof Error ? (cause.stack ?? cause.message) : cause]),
      ),
    child: (s) => createLogger(quiet, s),
  };
}
