import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { SETTINGS_TABS } from './settings-tabs';

const SETTINGS_TAB_PARAM = 'tab';

/** /v3/settings: the tab list of spec §2; the selected tab lives in the URL (`?tab=<slug>`). */
export function SettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(SETTINGS_TAB_PARAM);
  const selected = SETTINGS_TABS.find((tab) => tab.slug === requested) ?? SETTINGS_TABS[0];
  if (selected === undefined) return null;

  const selectTab = (slug: string) => {
    const next = new URLSearchParams(searchParams);
    next.set(SETTINGS_TAB_PARAM, slug);
    setSearchParams(next);
  };

  return (
    <Box component="section" sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Settings
      </Typography>
      <Tabs
        value={selected.slug}
        onChange={(_event, slug: string) => selectTab(slug)}
        variant="scrollable"
        scrollButtons="auto"
        aria-label="Settings"
      >
        {SETTINGS_TABS.map((tab) => (
          <Tab
            key={tab.slug}
            value={tab.slug}
            label={tab.label}
            id={`settings-tab-${tab.slug}`}
            aria-controls={`settings-panel-${tab.slug}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`settings-panel-${selected.slug}`}
        aria-labelledby={`settings-tab-${selected.slug}`}
      >
        {selected.panel}
      </Box>
    </Box>
  );
}
