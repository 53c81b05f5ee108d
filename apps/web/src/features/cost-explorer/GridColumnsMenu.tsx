import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';

/**
 * "Columns": shows or hides the grid's amount columns (the total, the forecast, each period); the group column
 * always stays. AG Grid Community has no column chooser of its own.
 */
export function GridColumnsMenu({
  columns,
  hidden,
  onChange,
}: {
  columns: { id: string; label: string }[];
  hidden: string[];
  onChange: (hidden: string[]) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = (id: string) =>
    onChange(hidden.includes(id) ? hidden.filter((h) => h !== id) : [...hidden, id]);
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnOutlined />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Columns
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxHeight: 400 } } }}
      >
        {columns.map(({ id, label }) => (
          <MenuItem
            key={id}
            role="menuitemcheckbox"
            aria-checked={!hidden.includes(id)}
            onClick={() => toggle(id)}
            dense
          >
            <ListItemIcon>
              <Checkbox
                edge="start"
                size="small"
                checked={!hidden.includes(id)}
                tabIndex={-1}
                disableRipple
              />
            </ListItemIcon>
            <ListItemText>{label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
