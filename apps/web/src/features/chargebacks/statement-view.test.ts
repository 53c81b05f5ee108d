import { describe, expect, it } from 'vitest';
import { closedMonths, markupsOf, nextActions } from './statement-view';

describe('statement view', () => {
  it('lists closed months newest first, across a year', () => {
    expect(closedMonths('2026-02-14', 3)).toEqual(['2026-01', '2025-12', '2025-11']);
  });

  it('keeps typed markups that are numbers and not zero', () => {
    expect(markupsOf({ web: '10', db: '', ops: '0', x: 'abc', y: '-5.5' })).toEqual({ web: 10, y: -5.5 });
  });

  it('offers issue for drafts, re-issue for the newest issued version, void until void', () => {
    expect(nextActions({ status: 'draft', superseded_by_id: null })).toEqual({
      issue: true,
      reissue: false,
      void: true,
    });
    expect(nextActions({ status: 'issued', superseded_by_id: 'v2' })).toEqual({
      issue: false,
      reissue: false,
      void: true,
    });
    expect(nextActions({ status: 'void', superseded_by_id: null })).toEqual({
      issue: false,
      reissue: false,
      void: false,
    });
  });
});
