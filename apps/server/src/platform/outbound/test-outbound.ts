import { createGuardedHttp } from './guarded-http';

/** The guard as tests configure it: their receivers, S3 and Azure stand-ins listen on 127.0.0.1. */
export const TEST_OUTBOUND_ALLOW = '127.0.0.1';

export const testGuardedHttp = () => createGuardedHttp([TEST_OUTBOUND_ALLOW]);
