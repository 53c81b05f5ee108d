import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from './theme-store';

const themes: Record<ThemeMode, Theme> = {
  light: createTheme({ palette: { mode: 'light', primary: { main: '#1f5fbf' } } }),
  dark: createTheme({ palette: { mode: 'dark', primary: { main: '#7fb0ff' } } }),
};

export function themeFor(mode: ThemeMode): Theme {
  return themes[mode];
}
