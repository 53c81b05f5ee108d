import type { ActionResult, CloudAction } from '../../integrations/cloud/cloud-actions';
import type { CloudAccount, CloudPort } from '../../integrations/cloud/cloud-port';

/** What a step left, for the action log. */
export interface StepDone {
  stateAfter: string | null;
  answer: unknown;
}

/**
 * What moving one subject to its desired state takes: the action's name for the log, and the call (null when
 * there is nothing to do it with, e.g. no saved sizes to restore, said by `missing`). A plain cloud action (a
 * start or stop with nothing to save first) also offers `batch`, so a tick sends many of them in one port call.
 */
export interface Step {
  action: string;
  run: (() => Promise<StepDone>) | null;
  missing?: string;
  batch?: {
    port: CloudPort;
    account: CloudAccount;
    action: CloudAction;
    after(result: ActionResult): StepDone;
  };
}
