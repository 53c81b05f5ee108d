import { type Logger, pino } from 'pino';
import type { LogLevel } from './config';

/**
 * Logs go to stderr as JSON lines: stdout carries only the "Finlens listening on …" line
 * that scripts and the end-to-end suite parse.
 */
export function createLogger({ level }: { level: LogLevel }): Logger {
  return pino({ level, base: { app: 'finlens' } }, pino.destination({ fd: 2, sync: false }));
}
