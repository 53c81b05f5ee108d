import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type ThemeMode = 'light' | 'dark';

interface ThemeState {
  mode: ThemeMode;
  toggle: () => void;
}

export const THEME_STORAGE_KEY = 'finlens-theme';

/** Light by default (spec §3 "theme (default light)"), the choice persisted in localStorage. */
export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      mode: 'light',
      toggle: () => set((state) => ({ mode: state.mode === 'light' ? 'dark' : 'light' })),
    }),
    { name: THEME_STORAGE_KEY, storage: createJSONStorage(() => window.localStorage) },
  ),
);
