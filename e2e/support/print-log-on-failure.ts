import { beforeEach } from 'vitest';
import { printServerLog } from './suite-ready';

// A setup file of the e2e project (vitest.config.ts): every spec's failing test prints the end of the suite
// server's log, whichever server helpers the spec uses (a spec with a server of its own prints that one's too).
beforeEach(({ onTestFailed, task }) => {
  onTestFailed(() => printServerLog(`"${task.name}" failed`));
});
