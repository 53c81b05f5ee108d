import { type Environment, SECURITY_DASHBOARD_ID } from '@finlens/contracts/routes';

/** Paid packages that gate Inform and Operate items (spec §2, §6). */
type PaidPackage = 'inform_paid' | 'operate_paid';

/** Where an item goes: a route of the route table, or the help links that come from the public config. */
type MenuLink = { kind: 'route'; path: string } | { kind: 'docs' } | { kind: 'support' };

export interface MenuItem {
  id: string;
  label: string;
  link: MenuLink;
  paid: PaidPackage | null;
}

export interface Menu {
  id: string;
  label: string;
  items: readonly MenuItem[];
}

function item(id: string, label: string, path: string, paid: PaidPackage | null = null): MenuItem {
  return { id, label, link: { kind: 'route', path }, paid };
}

/**
 * The menus of spec §2 as data. Internal-domain extras and the partner workloads-v1 link (spec §6) come
 * with the identity issue, which knows the user.
 */
export function buildMenus(environment: Environment): readonly Menu[] {
  return [
    {
      id: 'inform',
      label: 'Inform',
      items: [
        item('explorer', 'Explorer', '/v3/cloud-resource-cost-api/'),
        item('map-manager', 'AWS MAP Manager', '/v3/cost/map-migrated/'),
        item('cost-allocation', 'Cost Allocation', '/v3/cost/showbacks-api/'),
        item('analysis', 'Analysis', '/v3/reports-api/', 'inform_paid'),
        item('insights', 'Insights', '/v3/cost/tag-explorer/', 'inform_paid'),
        item('recommendations', 'Cost Saving Recommendations', '/v3/cost/recommendations/', 'inform_paid'),
      ],
    },
    {
      id: 'operate',
      label: 'Operate',
      items: [
        item('cost-targets', 'Budgets and Cost Targets', '/v3/targets-api/', 'operate_paid'),
        item('unit-economics', 'Business Unit Economics', '/v3/business-unit-economics/', 'operate_paid'),
        item('contract-tracker', 'Cloud and SaaS Contract Tracker', '/v3/burn-down-tracker/', 'operate_paid'),
      ],
    },
    {
      id: 'optimize',
      label: 'Optimize',
      items: [
        item('savings-summary', 'Compute Savings Summary', '/v3/compute-copilot/summary/'),
        item('commitment-analysis', 'Commitment Analysis', '/v3/cri-analysis/'),
        item('storage', 'Storage Optimization', '/v3/essentials/storage/'),
        item('scheduler', 'Resource Scheduler', '/v3/essentials/scheduler/'),
        item('eks', 'EKS', '/v3/compute-copilot/eks/dashboard/'),
        item('containers', 'Container Optimization', '/v3/compute-copilot/container-rightsizing/'),
        item('asg', 'ASG', '/v3/compute-copilot/asg/dashboard/'),
      ],
    },
    {
      id: 'essentials',
      label: 'Essentials',
      items: [
        item('essentials-summary', 'Essentials Summary', '/v3/essentials/summary/'),
        item('essentials-scheduler', 'Scheduler', '/v3/essentials/scheduler/'),
        item('essentials-storage', 'Storage', '/v3/essentials/storage/'),
        item('essentials-rightsizing', 'Rightsizing', '/v3/essentials/rightsizing/'),
        item('essentials-idle', 'Idle Resources', '/v3/essentials/idle-resources/'),
        item('essentials-recommendations', 'Recommendations', '/v3/essentials/recommendations/'),
      ],
    },
    {
      id: 'compute-copilot',
      label: 'Compute Copilot',
      items: [
        item('copilot-summary', 'Optimization Summary', '/v3/compute-copilot/summary/'),
        item('copilot-cm', 'Commitment Management', '/v3/compute-copilot/cm/dashboard/'),
        item('copilot-eks', 'EKS Dashboard', '/v3/compute-copilot/eks/dashboard/'),
        item('copilot-asg', 'ASG Dashboard', '/v3/compute-copilot/asg/dashboard/'),
        item('copilot-visibility', 'Visibility Dashboard', '/v3/compute-copilot/visibility-dashboard/'),
        item(
          'copilot-container-scheduler',
          'Container Scheduler',
          '/v3/compute-copilot/container-scheduler/',
        ),
        item('copilot-databricks', 'Databricks Dashboard', '/v3/compute-copilot/databricks-dashboard/'),
      ],
    },
    {
      id: 'workloads',
      label: 'Workloads',
      items: [
        item('wafr', 'WAFR', '/v3/workload-v2/'),
        item('wafr-report', 'WAFR Report', '/v3/workload-v2/detail/wafr-report'),
        item('aws-map', 'AWS MAP', '/v3/map-discovery/dashboard'),
        item('rules', 'Rules', '/v3/rules/'),
        item('rules-change-management', 'Rules Change Management', '/v3/rule-details/'),
        item('custom-dashboard', 'Custom Dashboard', '/v3/dashboards/'),
      ],
    },
    {
      id: 'compliance',
      label: 'Compliance',
      items: [
        item('soc2', 'SOC 2', '/v3/soc2-dashboard'),
        item('hipaa', 'HIPAA', '/v3/hipaa-dashboard'),
        item('cis', 'CIS', '/v3/cis-dashboard'),
        item('security', 'Security', `/v3/security-dashboard/${SECURITY_DASHBOARD_ID[environment]}`),
      ],
    },
    {
      id: 'help',
      label: 'Help',
      items: [
        { id: 'docs', label: 'Documentation', link: { kind: 'docs' }, paid: null },
        { id: 'support', label: 'Chat with Support', link: { kind: 'support' }, paid: null },
      ],
    },
  ];
}
