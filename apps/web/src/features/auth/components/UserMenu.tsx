import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDemoModeStore } from '../../../components/demo-mode';
import { useStartupStore } from '../../../lib/startup-store';
import { useClient } from '../../admin/api/client-query';
import { useCurrentUser } from '../api/current-user-query';
import { useSignOut } from '../use-sign-out';

/** App-bar account menu; absent while start-up is idle (signed out, or about to reload after a switch). */
export function UserMenu() {
  const active = useStartupStore((state) => state.phase !== 'idle');
  return active ? <AccountMenu /> : null;
}

/** The user's name and active client, with My Profile, Switch Account and Sign out. */
function AccountMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const { signOut } = useSignOut();
  const demo = useDemoModeStore();
  const { data: profile } = useCurrentUser();
  // The client record is readable only once start-up has passed its checks (verified, client chosen).
  const ready = useStartupStore((state) => state.phase === 'ready');
  const { data: client } = useClient(ready ? (profile?.client_id ?? null) : null);
  const name = profile === undefined ? '' : `${profile.first_name} ${profile.last_name}`.trim();
  const close = () => setAnchor(null);
  const go = (path: string) => {
    close();
    void navigate(path);
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label="Account menu"
        aria-haspopup="menu"
        startIcon={<AccountCircleOutlined />}
        sx={{ textTransform: 'none', mr: 1 }}
      >
        <Box sx={{ textAlign: 'left', lineHeight: 1.2 }}>
          <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 600 }}>
            {name === '' ? (profile?.email ?? '') : name}
          </Typography>
          {client === undefined ? null : (
            <Typography variant="caption" component="span" sx={{ display: 'block', opacity: 0.85 }}>
              {client.name}
            </Typography>
          )}
        </Box>
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem onClick={() => go('/v3/settings?tab=my-profile')}>My Profile</MenuItem>
        <MenuItem onClick={() => go('/switching-view/')}>Switch Account</MenuItem>
        {/* Spec §4: demo mode blurs account and resource values (for screens and screenshots). */}
        <MenuItem role="menuitemcheckbox" aria-checked={demo.on} onClick={demo.toggle}>
          Demo mode: {demo.on ? 'On' : 'Off'}
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void signOut();
          }}
        >
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
