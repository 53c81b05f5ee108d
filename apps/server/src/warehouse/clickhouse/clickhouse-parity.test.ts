import { describeClickHouseParity } from './clickhouse-parity.test-helper';

describeClickHouseParity(1);
