import { describe, expect, it } from 'vitest';
import { afterSignInPath, safeNextPath } from './next-path';

const ORIGIN = 'http://localhost:3000';

describe('safeNextPath', () => {
  it.each([
    ['/v3/rules/', '/v3/rules/'],
    ['/v3/search/?q=ec2&page=2', '/v3/search/?q=ec2&page=2'],
    ['/switching-view/', '/switching-view/'],
  ])('keeps the same-origin path %s', (next, expected) => {
    expect(safeNextPath(next, ORIGIN)).toBe(expected);
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'v3/home',
    '/accounts/signin/?next=/v3/',
  ])('ignores %s', (next) => {
    expect(safeNextPath(next, ORIGIN)).toBeNull();
  });
});

describe('afterSignInPath', () => {
  it('goes to next, else to the development landing page on localhost', () => {
    expect(afterSignInPath('?next=%2Fv3%2Frules%2F')).toBe('/v3/rules/');
    expect(afterSignInPath('?next=https%3A%2F%2Fevil.example%2F')).toBe('/v3/');
    expect(afterSignInPath('')).toBe('/v3/');
  });
});
