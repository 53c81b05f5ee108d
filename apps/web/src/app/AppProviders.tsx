import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { themeFor } from './theme';
import { useThemeStore } from './theme-store';

/** Everything a screen needs above the router: server-state cache and the chosen theme. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const mode = useThemeStore((state) => state.mode);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={themeFor(mode)}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </QueryClientProvider>
  );
}
