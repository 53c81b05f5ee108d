import { describeTagExplorerOnClickHouse } from './tag-explorer-clickhouse.test-helper';

describeTagExplorerOnClickHouse(1);
