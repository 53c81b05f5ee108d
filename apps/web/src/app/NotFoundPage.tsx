import { HOME_PATH } from '@finlens/contracts/routes';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { usePublicConfig } from '../features/public-config/api/public-config-query';

/** The 404 screen of spec §2. */
export function NotFoundPage() {
  const { supportEmail } = usePublicConfig();
  return (
    <Box component="section" sx={{ p: 4, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h1" component="h1" sx={{ fontWeight: 700 }}>
        404
      </Typography>
      <Typography variant="h5" component="p" gutterBottom>
        Sorry, looks like you are lost!
      </Typography>
      <Typography sx={{ mb: 3 }}>
        The page you are looking for does not exist. A bad link or a mistyped address may be the cause.
      </Typography>
      <Button variant="contained" component={RouterLink} to={HOME_PATH} sx={{ mb: 3 }}>
        Back to Dashboard
      </Button>
      <Typography>
        Need help? Contact us at <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
      </Typography>
    </Box>
  );
}
