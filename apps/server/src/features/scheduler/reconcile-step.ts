/**
 * What moving one subject to its desired state takes: the action's name for the log, and the call (null when
 * there is nothing to do it with, e.g. no saved sizes to restore, said by `missing`).
 */
export interface Step {
  action: string;
  run: (() => Promise<{ stateAfter: string | null; answer: unknown }>) | null;
  missing?: string;
}
