import { HOME_PATH, isProtectedPath, SIGN_IN_PATH, signInPathWithNext } from '@finlens/contracts/routes';
import { screen, waitFor } from '@testing-library/react';
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render-with-providers';
import { SPEC_PROTECTED_AREAS, SPEC_PUBLIC_PATHS, SPEC_REDIRECTS, SPEC_V3_PATHS } from '../test/spec-routes';
import { NotFoundPage } from './NotFoundPage';
import { ROUTE_TABLE } from './route-table';
import type { AppRoute, PageRoute } from './route-types';

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);
const tablePaths = new Set(ROUTE_TABLE.map((route) => normalise(route.path)));

/** Concrete URLs for a pattern: sample values for parameters; optional segments with and without. */
function sampleUrls(pattern: string): string[] {
  const filled = (withOptional: boolean) =>
    pattern
      .replace(/\/:(\w+)\?/g, (_match, name: string) => (withOptional ? `/sample-${name}` : ''))
      .replace(/:(\w+)/g, (_match, name: string) => `sample-${name}`)
      .replace(/\*$/, 'no-such-page')
      .replace(/^no-such-page$/, '/no-such-page');
  return pattern.includes('?') ? [filled(true), filled(false)] : [filled(true)];
}

function expectedHeading(route: PageRoute): string {
  return isValidElement(route.element) && route.element.type === NotFoundPage ? '404' : route.title;
}

async function expectPage(route: PageRoute, router: ReturnType<typeof renderWithProviders>['router']) {
  expect(await screen.findByRole('heading', { level: 1, name: expectedHeading(route) })).toBeInTheDocument();
  expect(router.state.matches.at(-1)?.route.id).toBe(route.path);
  await waitFor(() => expect(document.title).toBe(`${route.title} - Finlens`));
}

const cases = ROUTE_TABLE.flatMap((route) => sampleUrls(route.path).map((url) => [url, route] as const));
const caseName = (url: string, route: AppRoute) => `${url} (${route.kind} ${route.path}, ${route.access})`;

describe('the route table holds every route of spec §2', () => {
  it.each([...SPEC_PUBLIC_PATHS, ...SPEC_V3_PATHS])('%s', (path) => {
    expect(tablePaths.has(normalise(path))).toBe(true);
  });

  it.each(SPEC_REDIRECTS)('redirect %s → %s', (from, to) => {
    expect(ROUTE_TABLE).toContainEqual(expect.objectContaining({ kind: 'redirect', path: from, to }));
  });

  it.each(SPEC_PROTECTED_AREAS)('protected area %s has a page and a catch-all', (area) => {
    expect(tablePaths.has(`${area}*`)).toBe(true);
    expect(ROUTE_TABLE.some((route) => route.path === area && route.access === 'protected')).toBe(true);
  });

  it('has unique paths', () => {
    expect(tablePaths.size).toBe(ROUTE_TABLE.length);
  });
});

describe.each([false, true])('walking every route (signed in: %s)', (signedIn) => {
  it.each(cases.map(([url, route]) => [caseName(url, route), url, route] as const))(
    '%s',
    async (_name, url, route) => {
      const { router } = renderWithProviders(url, { signedIn });
      const location = () => router.state.location;

      if (route.access === 'protected' && !signedIn) {
        await waitFor(() => expect(location().pathname).toBe(SIGN_IN_PATH));
        expect(location().pathname + location().search).toBe(signInPathWithNext(url));
        expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
        return;
      }
      if (route.access === 'guest' && signedIn) {
        // jsdom serves localhost: development lands on /v3/, which goes on to /v3/home.
        await waitFor(() => expect(location().pathname).toBe(HOME_PATH));
        return;
      }
      if (route.kind === 'redirect') {
        // A redirect may land on another guard: sign-in when signed in goes home, a protected target
        // when signed out goes to sign-in.
        const finalTarget =
          route.to === SIGN_IN_PATH && signedIn
            ? HOME_PATH
            : isProtectedPath(route.to) && !signedIn
              ? SIGN_IN_PATH
              : route.to;
        await waitFor(() => expect(location().pathname).toBe(finalTarget));
        return;
      }
      await expectPage(route, router);
    },
  );
});

describe('redirect chains', () => {
  it('/partner signed out ends at sign-in with next=/switching-view/', async () => {
    const { router } = renderWithProviders('/partner');
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        signInPathWithNext('/switching-view/'),
      ),
    );
  });

  it('keeps the query string in next', async () => {
    const { router } = renderWithProviders('/v3/search/?q=ec2&page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe(SIGN_IN_PATH));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/v3/search/?q=ec2&page=2');
  });

  it('an unknown path outside the areas shows the 404 screen signed out', async () => {
    renderWithProviders('/definitely/not/here');
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Sorry, looks like you are lost!')).toBeInTheDocument();
  });

  it('an unknown /v3 path shows the 404 screen inside the shell when signed in', async () => {
    renderWithProviders('/v3/not-a-page', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
