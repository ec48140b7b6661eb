// The stack's public entry for TypeScript callers (tests, scripts, the CLI).
export {
  startStack,
  statusOf,
  type RunningStack,
  type StackOptions,
  type StackStatus,
} from './stack.ts';
export { loadConfig, ConfigError, type Config } from './config/config.ts';
export { MigrationError } from './db/migrate.ts';
