import { describe, expect, it } from 'vitest';
import { tagPolicyInputSchema, tagPolicyPatchSchema, valueAllowed } from './tag-explorer';

describe('valueAllowed', () => {
  it('without values or pattern, any non-empty value', () => {
    const policy = { allowed_values: [], allowed_pattern: null };
    expect(valueAllowed(policy, 'anything')).toBe(true);
    expect(valueAllowed(policy, '')).toBe(false);
  });

  it('a listed value or a whole-value pattern match', () => {
    const policy = { allowed_values: ['web'], allowed_pattern: 'prod|stag(e|ing)' };
    expect(valueAllowed(policy, 'web')).toBe(true);
    expect(valueAllowed(policy, 'staging')).toBe(true);
    expect(valueAllowed(policy, 'preprod')).toBe(false);
    expect(valueAllowed(policy, 'production')).toBe(false);
    expect(valueAllowed(policy, 'Web')).toBe(false);
  });
});

describe('tag policy schemas', () => {
  it('defaults the optional fields on create, leaves them out of a patch', () => {
    expect(tagPolicyInputSchema.parse({ name: ' Team ', tag_keys: ['user_team'] })).toEqual({
      name: 'Team',
      tag_keys: ['user_team'],
      allowed_values: [],
      allowed_pattern: null,
      account_ids: [],
      services: [],
      enabled: true,
    });
    expect(tagPolicyPatchSchema.parse({ enabled: false })).toEqual({ enabled: false });
  });

  it('names the bad field', () => {
    const paths = (input: unknown) =>
      tagPolicyInputSchema.safeParse(input).error?.issues.map((issue) => issue.path.join('.'));
    expect(paths({ name: 'x', tag_keys: [] })).toEqual(['tag_keys']);
    expect(paths({ name: 'x', tag_keys: ['k'], allowed_pattern: '([' })).toEqual(['allowed_pattern']);
    expect(paths({ name: 'x', tag_keys: ['k'], services: ['  '] })).toEqual(['services.0']);
  });
});
