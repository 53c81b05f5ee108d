import { publicConfigRoutes } from '../features/public-config/public-config.routes';
import type { AppConfig } from '../platform/config';
import type { App } from '../platform/http/app';
import { appVersion } from '../platform/version';

/** What the SPA may know of the configuration before sign-in. */
export async function registerPublicConfig(
  app: App,
  { config }: { config: Pick<AppConfig, 'supportEmail' | 'docsUrl'> },
): Promise<void> {
  await app.register(publicConfigRoutes, {
    publicConfig: { supportEmail: config.supportEmail, docsUrl: config.docsUrl, version: appVersion },
  });
}
