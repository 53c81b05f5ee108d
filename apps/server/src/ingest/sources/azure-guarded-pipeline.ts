import type { ContainerClient } from '@azure/storage-blob';
import { newPipeline, type Pipeline, type RequestPolicyFactory } from '@azure/storage-blob';
import type { GuardedHttp } from '../../platform/outbound/guarded-http';
import { OutboundRefused } from '../../platform/outbound/outbound-guard';

/**
 * A storage pipeline whose every request leaves through the outbound guard's agents: a policy sets the
 * request's agent, which the SDK's Node HTTP client then uses instead of its own. The policy runs before the
 * SDK's retries and refuses a target up front, so a refusal is not retried for a minute like a network error.
 */
export function guardedPipeline(credential: ContainerClient['credential'], http: GuardedHttp): Pipeline {
  const pipeline = newPipeline(credential);
  const useGuardedAgent: RequestPolicyFactory = {
    create: (next) => ({
      sendRequest: async (request) => {
        const refused = await http.refusedReason(request.url);
        if (refused !== null) throw new OutboundRefused(`refused: ${refused}`);
        request.agent = request.url.startsWith('https:') ? http.httpsAgent : http.httpAgent;
        return next.sendRequest(request);
      },
    }),
  };
  pipeline.factories.push(useGuardedAgent);
  return pipeline;
}
