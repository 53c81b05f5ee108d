import { PASSWORD_COMMON_MESSAGE, PASSWORD_RULE_MESSAGES } from '@finlens/cost-model/password-rules';
import { describe, expect, it } from 'vitest';
import { isCommonPassword, serverPasswordProblems } from './password-policy';

describe('server password policy', () => {
  it.each(['Password1!', 'P@ssw0rd', 'Qwerty123!', 'Welcome1!', 'Iloveyou1!', 'Admin123!', 'Letmein1!'])(
    'refuses the common password %s although it meets the composition rules',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
      expect(serverPasswordProblems(password)).toEqual([PASSWORD_COMMON_MESSAGE]);
    },
  );

  it.each(['Blue$Harbor42', 'Str0ng!Finpass9', 'Sunny!Harbour42', 'Dem0!Postgres'])(
    'accepts %s',
    (password) => {
      expect(serverPasswordProblems(password)).toEqual([]);
    },
  );

  it('reports the shared rules first: a short password gets the minimum-length message', () => {
    expect(serverPasswordProblems('Ab1!xyz')).toEqual([PASSWORD_RULE_MESSAGES.minLength]);
    expect(serverPasswordProblems('')).toEqual([]);
  });
});
