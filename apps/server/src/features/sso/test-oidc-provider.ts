/// <reference path="./oidc-provider.d.ts" />
import Provider from 'oidc-provider';

/** A real OpenID Connect provider on loopback for tests; its dev interactions sign in any account id. */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

export function startTestOidcProvider({
  port,
  redirectUri,
}: {
  port: number;
  redirectUri: string;
}): TestOidcProvider {
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'finlens';
  const clientSecret = 'provider-secret';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // The account id is the email: tests sign in as whoever they name.
    findAccount: (_context, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true, given_name: 'Jane', family_name: 'Doe' }),
    }),
    features: { devInteractions: { enabled: true } },
  });
  const listening = provider.listen(port, '127.0.0.1');
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise((resolve) => listening.close(() => resolve())),
  };
}
