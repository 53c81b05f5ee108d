import { CloudAccountsPanel } from './CloudAccountsPanel';

/** Settings tab AWS Accounts: the client's AWS accounts with the spec §2 account filters. */
export function AwsAccountsTab() {
  return <CloudAccountsPanel title="AWS Accounts" cloud="aws" />;
}
