import type { OneOff } from '@finlens/contracts/scheduler';
import { describe, expect, it } from 'vitest';
import { SCHEDULE } from './scheduler-fixtures.test-helper';
import {
  bars,
  errorsByField,
  hasPendingOneOff,
  moveCell,
  paintCells,
  presetPositions,
  resourcesOf,
  selectionOf,
} from './scheduler-view';

describe('the grid editor rules', () => {
  it('paints cells running or stopped, sorted and unique', () => {
    expect(paintCells([3, 1], [2, 3], true)).toEqual([1, 2, 3]);
    expect(paintCells([1, 2, 3], [2, 9], false)).toEqual([1, 3]);
  });

  it('moves with the arrows inside the 7×24 grid, stopping at its edges', () => {
    expect(moveCell(8, 'ArrowRight')).toBe(9);
    expect(moveCell(8, 'ArrowDown')).toBe(32);
    expect(moveCell(0, 'ArrowUp')).toBe(0);
    expect(moveCell(23, 'ArrowRight')).toBe(23);
    expect(moveCell(167, 'ArrowDown')).toBe(167);
    expect(moveCell(8, 'Tab')).toBeNull();
  });

  it('has the presets as positions', () => {
    expect(presetPositions('office-hours')).toHaveLength(60);
    expect(presetPositions('weekdays-only')).toHaveLength(120);
    expect(presetPositions('nights-off')).toHaveLength(105);
  });

  it('turns the picker selection into the spec resource lists and back', () => {
    const lists = resourcesOf(['ec2-instance|i-1', 'eks-nodegroup|c1/ng1', 'rds-instance|db']);
    expect(lists).toEqual({
      ec2: ['i-1'],
      rds: ['db'],
      rds_cluster: [],
      eks_nodegroup: ['c1/ng1'],
      autoscaling_groups: [],
    });
    expect(selectionOf(lists).sort()).toEqual([
      'ec2-instance|i-1',
      'eks-nodegroup|c1/ng1',
      'rds-instance|db',
    ]);
  });

  it("places a 400's messages at the editor's fields", () => {
    expect(
      errorsByField({
        errors: {
          'positions.1': ['Outside 0–167.'],
          'resources.ec2.0': ['Not in the project.'],
          time_zone: ['Unknown.'],
        },
      }),
    ).toEqual({
      positions: 'positions.1: Outside 0–167.',
      resources: 'resources.ec2.0: Not in the project.',
      time_zone: 'Unknown.',
    });
    expect(errorsByField({ errors: { 'windows.1.days': ['Overlaps.'] } })).toEqual({
      positions: 'windows.1.days: Overlaps.',
    });
    expect(errorsByField('nope')).toEqual({});
  });

  it('lays segments out as shares of the week', () => {
    const from = '2026-11-23T00:00:00.000Z';
    const to = '2026-11-30T00:00:00.000Z';
    const [s] = bars([{ from: '2026-11-24T00:00:00.000Z', to: '2026-11-24T12:00:00.000Z' }], from, to);
    expect(s?.left).toBeCloseTo(100 / 7);
    expect(s?.width).toBeCloseTo(50 / 7);
  });
});

describe('a queued one-off of a schedule', () => {
  const none = { ec2: [], rds: [], rds_cluster: [], eks_nodegroup: [], autoscaling_groups: [] };
  const oneOff = (change: Partial<OneOff>): OneOff => ({
    id: 'x1',
    project: 'p1',
    action: 'stop',
    run_at: '2026-11-26T19:00:00.000Z',
    done_at: null,
    hold_until: null,
    resources: { ...none, ec2: ['i-0dev1'] },
    ...change,
  });

  it('is pending while not run and acting on one of its resources, by id or region:id', () => {
    expect(hasPendingOneOff(SCHEDULE, [oneOff({})])).toBe(true);
    expect(hasPendingOneOff(SCHEDULE, [oneOff({ resources: { ...none, ec2: ['eu-west-3:i-0dev1'] } })])).toBe(
      true,
    );
    expect(hasPendingOneOff(SCHEDULE, [oneOff({ done_at: '2026-11-26T19:00:20.000Z' })])).toBe(false);
    expect(hasPendingOneOff(SCHEDULE, [oneOff({ resources: { ...none, ec2: ['i-0other'] } })])).toBe(false);
    expect(hasPendingOneOff(SCHEDULE, [oneOff({ resources: { ...none, rds: ['i-0dev1'] } })])).toBe(false);
    expect(hasPendingOneOff(SCHEDULE, [oneOff({ project: 'p2' })])).toBe(false);
    expect(hasPendingOneOff(SCHEDULE, [])).toBe(false);
  });
});
