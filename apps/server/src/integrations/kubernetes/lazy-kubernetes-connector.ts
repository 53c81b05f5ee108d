import { lazy } from '../../platform/lazy';
import type { GuardedHttp } from '../../platform/outbound/guarded-http';
import type { KubernetesConnector, KubernetesPort } from './kubernetes-port';

/**
 * createKubernetesConnector, loaded on a cluster port's first call: @kubernetes/client-node is over a thousand
 * modules, which a server without a real cluster (the demo's are simulated) never needs.
 */
export function createLazyKubernetesConnector(
  http: Pick<GuardedHttp, 'httpsAgentWith'>,
): KubernetesConnector {
  const connector = lazy(async () => (await import('./kubernetes-client')).createKubernetesConnector(http));
  return (connection) => {
    const port = lazy(async (): Promise<KubernetesPort> => (await connector())(connection));
    return {
      check: async () => (await port()).check(),
      listNamespaces: async () => (await port()).listNamespaces(),
      listWorkloads: async (...args) => (await port()).listWorkloads(...args),
      readScale: async (...args) => (await port()).readScale(...args),
      scale: async (...args) => (await port()).scale(...args),
    };
  };
}
