import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface DemoModeState {
  on: boolean;
  toggle: () => void;
}

/**
 * Spec §4 "Demo mode blurs account and resource values": a per-browser switch (account menu → Demo mode),
 * kept in localStorage, for showing the app on a screen or in screenshots without real account ids.
 */
export const useDemoModeStore = create<DemoModeState>()(
  persist(
    (set) => ({
      on: false,
      toggle: () => set((state) => ({ on: !state.on })),
    }),
    { name: 'finlens-demo-mode', storage: createJSONStorage(() => window.localStorage) },
  ),
);

/** CSS that blurs a value in demo mode (still selectable by screen readers' layout, not legible). */
export const DEMO_BLUR_SX = { filter: 'blur(5px)', userSelect: 'none' } as const;
