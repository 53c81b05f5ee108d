import { describe, expect, it } from 'vitest';
import { ACCESS_RULES, type Caller, decideAccess } from './roles';

const member: Caller = { emailVerified: true, role: 'member', restricted: false, partnerUserRole: null };

describe('decideAccess', () => {
  it('lets anyone through an anonymous rule and nobody else without a caller', () => {
    expect(decideAccess('anonymous', null)).toBe('allow');
    for (const rule of ACCESS_RULES.filter((r) => r !== 'anonymous')) {
      expect(decideAccess(rule, null)).toBe('unauthenticated');
    }
  });

  it('stops an unverified email at every rule beyond authenticated', () => {
    const unverified = { ...member, emailVerified: false };
    expect(decideAccess('authenticated', unverified)).toBe('allow');
    expect(decideAccess('verified', unverified)).toBe('unverified');
    expect(decideAccess('admin', { ...unverified, role: 'admin' })).toBe('unverified');
  });

  it.each([
    ['verified', member, 'allow'],
    ['unrestricted', member, 'allow'],
    ['unrestricted', { ...member, restricted: true }, 'forbidden'],
    ['admin', member, 'forbidden'],
    ['admin', { ...member, role: 'admin' }, 'allow'],
    ['partner', member, 'forbidden'],
    ['partner', { ...member, partnerUserRole: 'member' }, 'allow'],
    ['partner_admin', { ...member, partnerUserRole: 'member' }, 'forbidden'],
    ['partner_admin', { ...member, partnerUserRole: 'admin' }, 'allow'],
  ] as const)('%s for %o is %s', (rule, caller, expected) => {
    expect(decideAccess(rule, caller as Caller)).toBe(expected);
  });
});
