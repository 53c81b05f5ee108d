import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { memo, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { usePublicConfig } from '../features/public-config/api/public-config-query';
import { currentEnvironment } from '../lib/session';
import { buildMenus, type Menu, type MenuItem } from './menus';

const PAID_LABELS = { inform_paid: 'Inform paid package', operate_paid: 'Operate paid package' } as const;

function menuHasPath(menu: Menu, pathname: string): boolean {
  return menu.items.some((entry) => entry.link.kind === 'route' && entry.link.path === pathname);
}

function NavItem({ entry }: { entry: MenuItem }) {
  const { supportEmail, docsUrl } = usePublicConfig();
  const paidChip =
    entry.paid === null ? null : (
      <Chip label="Paid" size="small" color="secondary" title={PAID_LABELS[entry.paid]} sx={{ ml: 1 }} />
    );
  const text = <ListItemText primary={entry.label} />;
  const sx = { pl: 4 };
  switch (entry.link.kind) {
    case 'route':
      return (
        <ListItemButton component={NavLink} to={entry.link.path} sx={sx}>
          {text}
          {paidChip}
        </ListItemButton>
      );
    case 'docs':
      return (
        <ListItemButton component="a" href={docsUrl} target="_blank" rel="noreferrer" sx={sx}>
          {text}
        </ListItemButton>
      );
    case 'support':
      return (
        <ListItemButton component="a" href={`mailto:${supportEmail}`} sx={sx}>
          {text}
        </ListItemButton>
      );
  }
}

function NavSection({ menu, initiallyOpen }: { menu: Menu; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const listId = `nav-${menu.id}`;
  return (
    <li>
      <ListItemButton aria-expanded={open} aria-controls={listId} onClick={() => setOpen((value) => !value)}>
        <ListItemText primary={menu.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List id={listId} dense disablePadding aria-label={menu.label}>
          {menu.items.map((entry) => (
            <NavItem key={entry.id} entry={entry} />
          ))}
        </List>
      </Collapse>
    </li>
  );
}

/**
 * Side navigation built from the menu data; sections are buttons with aria-expanded, items are links. Drawn again
 * only for a new page: a new query on the same page (each click in the Explorer) leaves it as it is.
 */
export function SideNav() {
  const { pathname } = useLocation();
  return <NavMenus pathname={pathname} />;
}

const NavMenus = memo(function NavMenus({ pathname }: { pathname: string }) {
  const menus = buildMenus(currentEnvironment());
  return (
    <nav aria-label="Main">
      <List component="ul" disablePadding>
        {menus.map((menu) => (
          <NavSection key={menu.id} menu={menu} initiallyOpen={menuHasPath(menu, pathname)} />
        ))}
      </List>
    </nav>
  );
});
