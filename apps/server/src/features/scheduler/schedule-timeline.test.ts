import { describe, expect, it } from 'vitest';
import { actualSegments, observedState } from './schedule-timeline';
import type { ActionRow } from './scheduler.tables';

const t = (hour: number) => Date.parse('2026-11-23T00:00:00Z') + hour * 3_600_000;
const row = (hour: number, values: Partial<ActionRow>): ActionRow => ({
  id: String(hour),
  schedule_id: 's1',
  one_off_id: null,
  project_id: 'p1',
  account_id: '123456789012',
  region: 'us-east-1',
  kind: 'ec2-instance',
  resource_id: 'i-1',
  action: 'stop',
  cause: 'schedule',
  actor: 'scheduler',
  intent_key: String(hour),
  performed_at: new Date(t(hour)),
  state_before: null,
  state_after: null,
  outcome: 'succeeded',
  answer: null,
  ...values,
});
const hours = (segments: ReturnType<typeof actualSegments>) =>
  segments.map((s) => [(s.from - t(0)) / 3_600_000, (s.to - t(0)) / 3_600_000, s.state]);

describe('actual state from the action log', () => {
  it('reads provider states and group sizes', () => {
    expect(observedState('available')).toBe('running');
    expect(observedState('stopping')).toBe('transitional');
    expect(observedState('0/0/0')).toBe('stopped');
    expect(observedState('1/3/5')).toBe('running');
    expect(observedState(null)).toBe('unknown');
  });

  it('holds each sighting until the next: unknown first, a stop, a drift seen, a start', () => {
    const log = [
      row(8, { action: 'start', state_before: 'stopped', state_after: 'pending' }),
      row(20, { action: 'stop', state_before: 'running', state_after: 'stopping' }),
      row(23, { action: 'none', state_before: 'running', outcome: 'drift' }),
    ];
    expect(hours(actualSegments(log, t(4), t(30)))).toEqual([
      [4, 8, 'unknown'],
      [8, 20, 'running'],
      [20, 23, 'stopped'],
      [23, 30, 'running'],
    ]);
  });

  it('starts from the last sighting before the range, and a failed action changes nothing but its sighting', () => {
    const log = [
      row(2, { action: 'stop', state_before: 'running', state_after: 'stopped' }),
      row(10, { action: 'start', state_before: 'stopped', outcome: 'failed' }),
    ];
    expect(hours(actualSegments(log, t(5), t(12)))).toEqual([[5, 12, 'stopped']]);
  });
});
