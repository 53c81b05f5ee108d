import { describe, expect, it } from 'vitest';
import { finalEnvironment } from './billing-dimension-rules';

describe('finalEnvironment', () => {
  it('reads the most specific environment tag and folds common spellings', () => {
    expect(finalEnvironment({ user_env: 'Prod' })).toBe('production');
    expect(finalEnvironment({ user_environment: 'dev', env: 'prod' })).toBe('development');
    expect(finalEnvironment({ Environment: 'UAT2' })).toBe('uat2');
    expect(finalEnvironment({ env: 'Sandbox' })).toBe('sandbox');
    expect(finalEnvironment({ team: 'web' })).toBeNull();
    expect(finalEnvironment({ user_env: '  ' })).toBeNull();
  });
});
