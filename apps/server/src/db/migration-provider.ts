import type { Migration, MigrationProvider } from 'kysely';
import * as m20261122_0001 from './migrations/2026_11_22_0001_instance';
import * as m20261122_0002 from './migrations/2026_11_22_0002_identity';
import * as m20261122_0100 from './migrations/2026_11_22_0100_imports';
import * as m20261122_0200 from './migrations/2026_11_22_0200_jobs';
import * as m20261122_0201 from './migrations/2026_11_22_0201_billing_sources';
import * as m20261122_0300 from './migrations/2026_11_22_0300_sso';
import * as m20261122_0400 from './migrations/2026_11_22_0400_cloud_accounts';
import * as m20261122_0410 from './migrations/2026_11_22_0410_billing_source_poll_lock';
import * as m20261122_0600 from './migrations/2026_11_22_0600_showbacks';
import * as m20261122_0610 from './migrations/2026_11_22_0610_tag_policies';
import * as m20261122_0620 from './migrations/2026_11_22_0620_chargebacks';
import * as m20261122_0621 from './migrations/2026_11_22_0621_chargeback_service_lines';
import * as m20261122_0700 from './migrations/2026_11_22_0700_reports';
import * as m20261122_0800 from './migrations/2026_11_22_0800_cost_targets';
import * as m20261122_0810 from './migrations/2026_11_22_0810_notifications';
import * as m20261122_0820 from './migrations/2026_11_22_0820_anomalies';
import * as m20261122_0830 from './migrations/2026_11_22_0830_import_run_heartbeat';
import * as m20261122_1520 from './migrations/2026_11_22_1520_cost_target_edited_at';
import * as m20261126_0700 from './migrations/2026_11_26_0700_cloud_inventory';
import * as m20261126_0930 from './migrations/2026_11_26_0930_simulated_cloud_state';
import * as m20261126_1200 from './migrations/2026_11_26_1200_scheduler';
import * as m20261126_1210 from './migrations/2026_11_26_1210_savings_ledger';
import * as m20261126_1300 from './migrations/2026_11_26_1300_recommendations';
import * as m20261126_1310 from './migrations/2026_11_26_1310_demo_bill_follows_actions';
import * as m20261126_1530 from './migrations/2026_11_26_1530_team_invitations';
import * as m20261126_1540 from './migrations/2026_11_26_1540_commitment_alert_settings';
import * as m20261126_1550 from './migrations/2026_11_26_1550_drop_project_status';
import * as m20261126_1600 from './migrations/2026_11_26_1600_kubernetes_clusters';
import * as m20261126_1605 from './migrations/2026_11_26_1605_scheduler_holiday_country';
import * as m20261126_1830 from './migrations/2026_11_26_1830_kubernetes_cluster_reach';
import * as m20261126_2130 from './migrations/2026_11_26_2130_schedule_ledger_entries';
import * as m20261126_2215 from './migrations/2026_11_26_2215_scheduler_one_off_hold';
import * as m20261126_2300 from './migrations/2026_11_26_2300_scheduler_actions_performed_at';
import * as m20261127_0040 from './migrations/2026_11_27_0040_commitment_rate_overrides';
import * as m20261127_0400 from './migrations/2026_11_27_0400_commitment_sharesave';
import * as m20261127_0800 from './migrations/2026_11_27_0800_kubernetes_simulated_clusters';

/**
 * Static list rather than a folder scan: works the same under tsx, bundlers and tests.
 * Add each new migration file here, keyed by its file name (Kysely applies them in key order).
 */
const migrations: Record<string, Migration> = {
  '2026_11_22_0001_instance': m20261122_0001,
  '2026_11_22_0002_identity': m20261122_0002,
  '2026_11_22_0100_imports': m20261122_0100,
  '2026_11_22_0200_jobs': m20261122_0200,
  '2026_11_22_0201_billing_sources': m20261122_0201,
  '2026_11_22_0300_sso': m20261122_0300,
  '2026_11_22_0400_cloud_accounts': m20261122_0400,
  '2026_11_22_0410_billing_source_poll_lock': m20261122_0410,
  '2026_11_22_0600_showbacks': m20261122_0600,
  '2026_11_22_0610_tag_policies': m20261122_0610,
  '2026_11_22_0620_chargebacks': m20261122_0620,
  '2026_11_22_0621_chargeback_service_lines': m20261122_0621,
  '2026_11_22_0700_reports': m20261122_0700,
  '2026_11_22_0800_cost_targets': m20261122_0800,
  '2026_11_22_0810_notifications': m20261122_0810,
  '2026_11_22_0820_anomalies': m20261122_0820,
  '2026_11_22_0830_import_run_heartbeat': m20261122_0830,
  '2026_11_22_1520_cost_target_edited_at': m20261122_1520,
  '2026_11_26_0700_cloud_inventory': m20261126_0700,
  '2026_11_26_0930_simulated_cloud_state': m20261126_0930,
  '2026_11_26_1200_scheduler': m20261126_1200,
  '2026_11_26_1210_savings_ledger': m20261126_1210,
  '2026_11_26_1300_recommendations': m20261126_1300,
  '2026_11_26_1310_demo_bill_follows_actions': m20261126_1310,
  '2026_11_26_1530_team_invitations': m20261126_1530,
  '2026_11_26_1540_commitment_alert_settings': m20261126_1540,
  '2026_11_26_1550_drop_project_status': m20261126_1550,
  '2026_11_26_1600_kubernetes_clusters': m20261126_1600,
  '2026_11_26_1605_scheduler_holiday_country': m20261126_1605,
  '2026_11_26_1830_kubernetes_cluster_reach': m20261126_1830,
  '2026_11_26_2130_schedule_ledger_entries': m20261126_2130,
  '2026_11_26_2215_scheduler_one_off_hold': m20261126_2215,
  '2026_11_26_2300_scheduler_actions_performed_at': m20261126_2300,
  '2026_11_27_0040_commitment_rate_overrides': m20261127_0040,
  '2026_11_27_0400_commitment_sharesave': m20261127_0400,
  '2026_11_27_0800_kubernetes_simulated_clusters': m20261127_0800,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
