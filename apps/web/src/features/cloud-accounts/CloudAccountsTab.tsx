import { CloudAccountsPanel } from './CloudAccountsPanel';

/** Settings tab Cloud Accounts: every cloud account of the client (AWS and, with the Azure flag, Azure). */
export function CloudAccountsTab() {
  return <CloudAccountsPanel title="Cloud Accounts" cloud="all" />;
}
