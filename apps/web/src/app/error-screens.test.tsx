import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server, TEST_PUBLIC_CONFIG } from '../test/msw-server';
import { renderElement, renderWithProviders } from '../test/render-with-providers';
import { ComponentErrorBoundary } from './ErrorBoundaries';
import { feedbackMailto } from './FeedbackDialog';
import { buildRoutes } from './router';

const MESSAGE = 'Oh snap! Something went wrong, we are unable to load data.';

function Broken(): never {
  throw new Error('chart exploded');
}

function silenceConsoleError() {
  return vi.spyOn(console, 'error').mockImplementation(() => {});
}

describe('404 screen', () => {
  it('has the spec texts, a dashboard link and the support contact from public config', async () => {
    renderWithProviders('/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Sorry, looks like you are lost!')).toBeInTheDocument();
    expect(screen.getByText(/a bad link or a mistyped address may be the cause/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/v3/home');
    const support = await screen.findByRole('link', { name: TEST_PUBLIC_CONFIG.supportEmail });
    expect(support).toHaveAttribute('href', `mailto:${TEST_PUBLIC_CONFIG.supportEmail}`);
  });

  it('falls back to the default support address when public config fails', async () => {
    server.use(http.get('*/api/public-config', () => HttpResponse.json({ detail: 'down' }, { status: 503 })));
    renderWithProviders('/nowhere');
    expect(await screen.findByRole('link', { name: 'support@finlens.local' })).toBeInTheDocument();
  });
});

describe('page-level error', () => {
  it('replaces a page that fails to render, with back and feedback buttons', async () => {
    const consoleError = silenceConsoleError();
    const table = [
      {
        kind: 'page',
        path: '/broken',
        title: 'Broken',
        area: 'General',
        access: 'public',
        element: <Broken />,
      },
    ] as const;
    const { user } = renderWithProviders('/broken', { routes: buildRoutes(table) });
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGE })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Go Back to Previous Page' })).toBeInTheDocument();
    expect(within(alert).getByText('or')).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Report feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report feedback' });
    await user.type(within(dialog).getByRole('textbox', { name: 'What happened?' }), 'Opened the page');
    const send = within(dialog).getByRole('link', { name: 'Send' });
    const href = send.getAttribute('href') ?? '';
    expect(href.startsWith(`mailto:${TEST_PUBLIC_CONFIG.supportEmail}?`)).toBe(true);
    const body = new URLSearchParams(href.split('?')[1]).get('body') ?? '';
    expect(body).toContain('Opened the page');
    expect(body).toContain('Error: chart exploded');
    expect(body).toContain('Path: /broken');
    consoleError.mockRestore();
  });
});

describe('component-level error', () => {
  it('shows the message and a Report feedback button in place of the widget', async () => {
    const consoleError = silenceConsoleError();
    renderElement(
      <div>
        <h1>Dashboard</h1>
        <ComponentErrorBoundary>
          <Broken />
        </ComponentErrorBoundary>
      </div>,
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(MESSAGE)).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Report feedback' })).toBeInTheDocument();
    expect(within(alert).queryByRole('button', { name: 'Go Back to Previous Page' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    consoleError.mockRestore();
  });
});

describe('feedbackMailto', () => {
  it('puts the description, error and path in the body', () => {
    const href = feedbackMailto({
      supportEmail: 'a@b.c',
      description: '',
      errorMessage: null,
      path: '/x?y=1',
    });
    const body = decodeURIComponent(href.split('body=')[1] ?? '');
    expect(body).toBe('(no description)\n\nError: unknown\nPath: /x?y=1');
  });
});
