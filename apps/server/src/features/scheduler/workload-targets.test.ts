import type { WorkloadTarget } from '@finlens/contracts/kubernetes';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http/http-error';
import type { ScheduleRow } from './scheduler.tables';
import { checkWorkloadTargets, selectorsOverlap } from './workload-targets';

const clusters = { projectsOf: async (ids: readonly string[]) => new Map(ids.map((id) => [id, 'p1'])) };
const target = (over: Partial<WorkloadTarget>): WorkloadTarget => ({
  cluster: 'k1',
  namespace: 'shop',
  kind: 'deployment',
  name: null,
  label_selector: null,
  ...over,
});
const schedule = (name: string, workloads: WorkloadTarget[]) => ({ name, workloads }) as ScheduleRow;
const NIGHTS = schedule('Shop nights off', [target({ label_selector: 'app=web,tier in (api,worker)' })]);

/** The 400 a check throws: its field and message, or null when the targets pass. */
async function refusal(targets: WorkloadTarget[], enabled = true) {
  try {
    await checkWorkloadTargets(targets, 'p1', clusters, [NIGHTS], enabled);
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.statusCode, errors: error.errors };
  }
}

describe('selectorsOverlap', () => {
  it.each([
    ['app=web', 'app=web', true],
    ['app=web', 'tier=batch', true], // a workload can carry both labels
    ['app=web', 'app', true],
    ['app in (web,api)', 'app notin (web)', true],
    ['app!=web', '!app', true],
    ['app=web', 'app=api', false],
    ['app=web', 'app!=web', false],
    ['app==web', '!app', false],
    ['app', '!app', false],
    ['tier in (a, b)', 'tier notin (a,b)', false],
    ['tier in (a,b)', 'tier in (c)', false],
    ['app=web,tier=api', 'tier=worker', false],
  ])('%s against %s: %s', (a, b, overlap) => {
    expect(selectorsOverlap(a, b)).toBe(overlap);
    expect(selectorsOverlap(b, a)).toBe(overlap);
  });
});

describe('checkWorkloadTargets against other enabled schedules', () => {
  it('refuses a selector some workload could match with another schedule’s, naming the field and the schedule', async () => {
    const refused = await refusal([target({ name: 'db' }), target({ label_selector: 'tier=api' })]);
    expect(refused?.status).toBe(400);
    expect(refused?.errors).toEqual({
      'workloads.1.label_selector': [
        'Overlaps "Shop nights off", which scales the deployments of shop matching app=web,tier in (api,worker): a workload matching both would be scaled by both.',
      ],
    });
  });

  it('accepts disjoint selectors, another namespace, kind or cluster, and any target of a disabled schedule', async () => {
    expect(await refusal([target({ label_selector: 'app=web,tier=batch' })])).toBeNull();
    expect(await refusal([target({ label_selector: 'app=api' })])).toBeNull();
    expect(await refusal([target({ namespace: 'batch', label_selector: 'app=web' })])).toBeNull();
    expect(await refusal([target({ kind: 'statefulset', label_selector: 'app=web' })])).toBeNull();
    expect(await refusal([target({ cluster: 'k2', label_selector: 'app=web' })])).toBeNull();
    expect(await refusal([target({ label_selector: 'app=web' })], false)).toBeNull();
  });

  it('still refuses a named workload another schedule names', async () => {
    const named = schedule('Checkout hours', [target({ name: 'checkout' })]);
    await expect(
      checkWorkloadTargets([target({ name: 'checkout' })], 'p1', clusters, [named], true),
    ).rejects.toMatchObject({
      errors: { 'workloads.0.name': ['checkout is already scheduled by "Checkout hours".'] },
    });
  });
});
