import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPasswordRules,
  duplicateValues,
  isValidEmail,
  PASSWORD_RULE_MESSAGES,
  PASSWORD_SPECIAL_CHARACTERS,
  passwordProblems,
} from './password-rules';

describe('checkPasswordRules', () => {
  it('accepts a password meeting every rule', () => {
    expect(passwordProblems('Blue$Harbor42')).toEqual([]);
  });

  it('treats an empty password as all-valid', () => {
    expect(Object.values(checkPasswordRules('', { firstName: 'Ada' })).every(Boolean)).toBe(true);
  });

  it.each([
    ['blue$harbor42', 'upperAndLower'],
    ['BLUE$HARBOR42', 'upperAndLower'],
    ['Blue$Harbor', 'digit'],
    ['BlueHarbor42', 'special'],
    ['Blue$Harbor42-Blue$Harbor42', 'maxLength'],
    ['Bl$Har4', 'minLength'],
  ] as const)('%s breaks %s only', (password, rule) => {
    const result = checkPasswordRules(password);
    expect(result[rule]).toBe(false);
    expect(Object.entries(result).filter(([, ok]) => !ok)).toHaveLength(1);
    expect(passwordProblems(password)).toEqual([PASSWORD_RULE_MESSAGES[rule]]);
  });

  it('needs at least 8 characters', () => {
    expect(checkPasswordRules('Aa1!xxxx').minLength).toBe(true);
    expect(checkPasswordRules('Aa1!xxx').minLength).toBe(false);
    expect(passwordProblems('Aa1!xxx')).toEqual([PASSWORD_RULE_MESSAGES.minLength]);
  });

  it('allows exactly 26 characters', () => {
    expect(checkPasswordRules('Aa1!'.padEnd(26, 'x')).maxLength).toBe(true);
    expect(checkPasswordRules('Aa1!'.padEnd(27, 'x')).maxLength).toBe(false);
  });

  it('accepts each special character of !@#$%^&* and no other', () => {
    for (const char of PASSWORD_SPECIAL_CHARACTERS)
      expect(checkPasswordRules(`Ab1${char}`).special).toBe(true);
    expect(checkPasswordRules('Ab1_').special).toBe(false);
    expect(checkPasswordRules('Ab1?').special).toBe(false);
  });

  it('refuses personal information and the company name, ignoring case', () => {
    const context = {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'g.hopper@navy.example',
      companyName: 'Cobol',
    };
    expect(checkPasswordRules('xGRACEx1!A', context).noPersonalInfo).toBe(false);
    expect(checkPasswordRules('HoPPer1!a', context).noPersonalInfo).toBe(false);
    expect(checkPasswordRules('G.Hopper1!', context).noPersonalInfo).toBe(false);
    expect(checkPasswordRules('MyCOBOL1!', context).noPersonalInfo).toBe(false);
    expect(checkPasswordRules('Blue$Harbor42', context).noPersonalInfo).toBe(true);
  });

  it('ignores personal fragments shorter than three characters', () => {
    expect(checkPasswordRules('Album1!x', { firstName: 'Al' }).noPersonalInfo).toBe(true);
  });

  it('property: a password with a personal fragment inside always fails noPersonalInfo', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 3, maxLength: 10 }).filter((s) => s.trim().length >= 3 && s.trim() === s),
        fc.string({ maxLength: 5 }),
        fc.string({ maxLength: 5 }),
        (name, before, after) => {
          const password = `${before}${name.toUpperCase()}${after}`;
          return !checkPasswordRules(password, { lastName: name }).noPersonalInfo;
        },
      ),
    );
  });

  it('property: problems are empty exactly when every rule passes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (password) => {
        const allPass = Object.values(checkPasswordRules(password)).every(Boolean);
        return allPass === (passwordProblems(password).length === 0);
      }),
    );
  });
});

describe('isValidEmail', () => {
  it.each(['ada@example.com', 'first.last+tag@sub.example.co.uk', 'x@localhost'])('%s is valid', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each(['', 'plain', '@example.com', 'a@', 'a b@example.com', 'a@-example.com', 'a@example..com'])(
    '%s is not valid',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});

describe('duplicateValues', () => {
  it('ignores empty entries and compares case-insensitively', () => {
    expect(duplicateValues(['', ' ', 'a@x.io', 'A@x.io ', 'b@x.io', ''])).toEqual(['a@x.io']);
  });
  it('property: a list of distinct non-empty values has no duplicates', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z]{1,8}$/)),
        (values) => duplicateValues(values).length === 0,
      ),
    );
  });
});
