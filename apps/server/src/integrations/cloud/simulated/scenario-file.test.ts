import { describe, expect, it } from 'vitest';
import { CONTRACT_SCENARIO } from '../contract-world.test-helper';
import { parseScenario, parseScenarioText, ScenarioError } from './scenario-file';

function withResource(index: number, patch: Record<string, unknown>) {
  const resources: unknown[] = [...CONTRACT_SCENARIO.resources];
  resources[index] = { ...CONTRACT_SCENARIO.resources[index], ...patch };
  return { ...CONTRACT_SCENARIO, resources };
}

function errorOf(input: unknown): string {
  try {
    parseScenario(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    return (error as Error).message;
  }
  throw new Error('parsed');
}

describe('scenario file', () => {
  it('accepts the contract world and fills defaults', () => {
    const scenario = parseScenario(CONTRACT_SCENARIO);
    expect(scenario.transitionSeconds).toBe(60);
    const web = scenario.resources[0];
    expect(web?.kind === 'ec2-instance' && web.lifecycle).toBe('on-demand');
    expect(web?.metrics?.memory).toBe(false);
  });

  it('names the path and field of a bad value', () => {
    expect(errorOf(withResource(3, { metrics: { profile: 'spiky' } }))).toBe(
      'resources[3].metrics.profile: expected one of idle|steady|diurnal|bursty|growing',
    );
    expect(errorOf(withResource(0, { accountId: '12' }))).toBe(
      'resources[0].accountId: expected a 12-digit account id',
    );
    expect(errorOf(withResource(1, { colour: 'red' }))).toBe('resources[1]: unknown field colour');
    expect(errorOf({ ...CONTRACT_SCENARIO, version: 2 })).toMatch(/^version: /);
  });

  it('names an unknown kind', () => {
    expect(errorOf(withResource(2, { kind: 'ec2' }))).toMatch(/^resources\[2\]\.kind: /);
  });

  it('says when the text is not JSON', () => {
    expect(() => parseScenarioText('{"version": 1,')).toThrow(/^not JSON: /);
  });
});
