import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_PUBLIC_CONFIG } from '../test/msw-server';
import { renderWithProviders } from '../test/render-with-providers';
import { buildMenus } from './menus';
import { THEME_STORAGE_KEY, useThemeStore } from './theme-store';

// The real menus, their building watched: the side navigation builds them each time it is drawn.
vi.mock('./menus', async (importOriginal) => {
  const real = await importOriginal<typeof import('./menus')>();
  return { ...real, buildMenus: vi.fn(real.buildMenus) };
});

describe('app shell navigation', () => {
  it('opens a menu section by keyboard and shows Paid chips on paid items', async () => {
    const { user } = renderWithProviders('/v3/home', { signedIn: true });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const inform = within(nav).getByRole('button', { name: 'Inform' });
    expect(inform).toHaveAttribute('aria-expanded', 'false');
    inform.focus();
    await user.keyboard('{Enter}');
    expect(inform).toHaveAttribute('aria-expanded', 'true');
    const list = within(nav).getByRole('list', { name: 'Inform' });
    expect(within(list).getByRole('link', { name: /Analysis/ })).toHaveTextContent('Paid');
    expect(within(list).getByRole('link', { name: /Cost Saving Recommendations/ })).toHaveTextContent('Paid');
    expect(within(list).getByRole('link', { name: /Explorer/ })).not.toHaveTextContent('Paid');

    await user.click(within(list).getByRole('link', { name: /Explorer/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Explorer' })).toBeInTheDocument();
  });

  it('opens the section of the current page and links help to docs and support', async () => {
    const { user } = renderWithProviders('/v3/targets-api/', { signedIn: true });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('button', { name: 'Operate' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(nav).getByRole('button', { name: 'Help' }));
    expect(await within(nav).findByRole('link', { name: 'Documentation' })).toHaveAttribute(
      'href',
      TEST_PUBLIC_CONFIG.docsUrl,
    );
    expect(within(nav).getByRole('link', { name: 'Chat with Support' })).toHaveAttribute(
      'href',
      `mailto:${TEST_PUBLIC_CONFIG.supportEmail}`,
    );
  });

  it('draws the side navigation again for a new page, not for a new query on the same page', async () => {
    const { router } = renderWithProviders('/v3/home', { signedIn: true });
    await screen.findByRole('navigation', { name: 'Main' });
    vi.mocked(buildMenus).mockClear();
    // A click in the Explorer changes only the query: the navigation stays as it is.
    await act(() => router.navigate('/v3/home?range=7D'));
    expect(router.state.location.search).toBe('?range=7D');
    expect(buildMenus).not.toHaveBeenCalled();
    await act(() => router.navigate('/v3/targets-api/'));
    expect(buildMenus).toHaveBeenCalled();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Inform' }),
    ).toBeInTheDocument();
  });

  it('links to settings from the app bar', async () => {
    const { user } = renderWithProviders('/v3/home', { signedIn: true });
    await user.click(await screen.findByRole('link', { name: 'Settings' }));
    // The Settings page is a lazy chunk: on a busy machine it takes longer than findBy's one second to load.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });
});

describe('theme', () => {
  it('is light by default, toggles to dark from the app bar and persists the choice', async () => {
    useThemeStore.setState({ mode: 'light' });
    const { user } = renderWithProviders('/v3/home', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));
    expect(useThemeStore.getState().mode).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(THEME_STORAGE_KEY) ?? '{}')).toMatchObject({
      state: { mode: 'dark' },
    });
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(useThemeStore.getState().mode).toBe('light');
  });
});
