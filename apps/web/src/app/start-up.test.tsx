import { TOKEN_KEY_STORAGE } from '@finlens/contracts/session';
import { act, screen, waitFor } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render-with-providers';
import { buildRoutes } from './router';
import { DEFAULT_TITLE, formatTitle } from './start-up-hooks';

describe('token_key start-up behaviour', () => {
  it('saves a token_key query parameter to localStorage', async () => {
    renderWithProviders('/accounts/signin/?token_key=abc123');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(window.localStorage.getItem(TOKEN_KEY_STORAGE)).toBe('abc123');
  });

  it('removes a stored value when the URL has none', async () => {
    window.localStorage.setItem(TOKEN_KEY_STORAGE, 'old');
    renderWithProviders('/accounts/signin/');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(window.localStorage.getItem(TOKEN_KEY_STORAGE)).toBeNull();
  });
});

describe('page title', () => {
  it("uses the template '%s - Finlens' and the default 'Finlens'", () => {
    expect(formatTitle('Explorer')).toBe('Explorer - Finlens');
    expect(formatTitle(null)).toBe('Finlens');
    expect(DEFAULT_TITLE).toBe('Finlens');
  });

  it('follows the route on navigation', async () => {
    const { router } = renderWithProviders('/v3/home', { signedIn: true });
    await waitFor(() => expect(document.title).toBe('Home - Finlens'));
    await act(() => router.navigate('/v3/cloud-resource-cost-api/'));
    await waitFor(() => expect(document.title).toBe('Explorer - Finlens'));
  });
});

describe('scroll reset', () => {
  it('scrolls to the top when the path changes, not when only the query changes', async () => {
    const { router } = renderWithProviders('/v3/home', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    await act(() => router.navigate('/v3/home?range=7D'));
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/v3/rules/'));
    // The rules page loads lazily: the scroll comes with the new location, whenever it renders.
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
  });
});

describe('five-bar loader', () => {
  it('shows while a lazy page loads, then the page', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const SlowPage = lazy(async () => {
      await gate;
      return { default: () => <h1>Slow page</h1> };
    });
    const table = [
      {
        kind: 'page',
        path: '/slow',
        title: 'Slow',
        area: 'General',
        access: 'public',
        element: <SlowPage />,
      },
    ] as const;
    renderWithProviders('/slow', { routes: buildRoutes(table) });
    const loader = await screen.findByRole('progressbar', { name: 'Loading' });
    expect(loader.querySelectorAll('[data-testid="loader-bar"]')).toHaveLength(5);
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'Slow page' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows inside the shell while the lazily loaded settings page arrives', async () => {
    renderWithProviders('/v3/settings', { signedIn: true });
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  });
});
