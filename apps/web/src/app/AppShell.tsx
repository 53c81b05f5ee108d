import { HOME_PATH } from '@finlens/contracts/routes';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense } from 'react';
import { Outlet, Link as RouterLink } from 'react-router';
import { BarsLoader } from '../components/BarsLoader';
import { UserMenu } from '../features/auth/components/UserMenu';
import { MtdSpendChip } from './MtdSpendChip';
import { SideNav } from './SideNav';
import { StartupGate } from './StartupGate';
import { ThemeToggle } from './ThemeToggle';

const DRAWER_WIDTH = 272;
/** The search box's width in the app bar; its placeholder keeps the same room while the box loads. */
const SEARCH_BOX_SX = { width: { xs: 200, md: 360 }, mr: 2 } as const;

// The search box (MUI Autocomplete, about 12 KB gzip) is its own chunk, loaded right after the frame paints:
// no screen waits for it, and the sign-in page never loads it.
const GlobalSearchBox = lazy(async () => ({
  default: (await import('../features/search/components/GlobalSearchBox')).GlobalSearchBox,
}));

/** The frame of every signed-in page: app bar, side navigation, and the page once start-up has loaded. */
export function AppShell() {
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar>
          <Button component={RouterLink} to={HOME_PATH} color="inherit" sx={{ fontSize: '1.1rem' }}>
            Finlens
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Suspense fallback={<Box sx={{ ...SEARCH_BOX_SX, height: 40 }} />}>
            <GlobalSearchBox sx={SEARCH_BOX_SX} />
          </Suspense>
          <MtdSpendChip />
          <UserMenu />
          <Tooltip title="Settings">
            <IconButton component={RouterLink} to="/v3/settings" color="inherit" aria-label="Settings">
              <SettingsOutlined />
            </IconButton>
          </Tooltip>
          <ThemeToggle />
        </Toolbar>
      </AppBar>
      <Drawer
        variant="permanent"
        sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
      >
        <Toolbar />
        <SideNav />
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
        <Toolbar />
        <StartupGate>
          <Suspense fallback={<BarsLoader />}>
            <Outlet />
          </Suspense>
        </StartupGate>
      </Box>
    </Box>
  );
}
