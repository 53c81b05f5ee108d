import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** How to create the OpenID Connect application at the identity provider (ADR 0003). */
export function SsoSetupHelp() {
  return (
    <Paper variant="outlined" component="section" aria-label="Setup help" sx={{ p: 2, mb: 3, maxWidth: 720 }}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        Setting up your identity provider
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
        <li>
          Create an OpenID Connect web application that uses the authorization code flow with PKCE (S256).
        </li>
        <li>Allow the scopes openid email profile and register the redirect URI shown here.</li>
        <li>
          Enter the provider's issuer URL (https), the application's client ID and client secret, and the
          email domain of your people, then enable SSO.
        </li>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        People with an address in that domain then get "Sign in with SSO" on the sign-in page. Someone who
        signs in this way for the first time joins as a member; an admin can change the role under Team
        Members.
      </Typography>
    </Paper>
  );
}
