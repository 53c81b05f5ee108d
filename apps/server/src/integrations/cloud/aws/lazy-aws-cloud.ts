import { lazy } from '../../../platform/lazy';
import type { CloudPort } from '../cloud-port';
import type { AwsCloudOptions } from './aws-cloud';

/**
 * createAwsCloud, loaded on the port's first call: the adapter's AWS SDK clients are thousands of modules, which a
 * server whose accounts are all simulated (the demo, the tests) or that has none never needs.
 */
export function createLazyAwsCloud(options: AwsCloudOptions = {}): CloudPort {
  const port = lazy(async () => (await import('./aws-cloud')).createAwsCloud(options));
  return {
    listRegions: async (...args) => (await port()).listRegions(...args),
    listResources: async (...args) => (await port()).listResources(...args),
    getMetrics: async (...args) => (await port()).getMetrics(...args),
    scalingActivities: async (...args) => (await port()).scalingActivities(...args),
    scheduledActions: async (...args) => (await port()).scheduledActions(...args),
    listReservations: async (...args) => (await port()).listReservations(...args),
    listSavingsPlans: async (...args) => (await port()).listSavingsPlans(...args),
    act: async (...args) => (await port()).act(...args),
    actMany: async (...args) => (await port()).actMany(...args),
  };
}
