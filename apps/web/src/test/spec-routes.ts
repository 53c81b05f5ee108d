/**
 * Every route of spec §2, transcribed from the spec independently of the route table, so the route-table
 * test can prove that the table holds each of them. `(:x)` in the spec is an optional segment `:x?`.
 */
export const SPEC_PUBLIC_PATHS = [
  '/accounts/signup_internal_user/',
  '/accounts/signup_user/',
  '/accounts/signup_clara_user/',
  '/accounts/ftr/',
  '/accounts/forgot-password/',
  '/accounts/reset-password/confirm/:uid/:token',
  '/accounts/reset-password-email-sent/',
  '/accounts/password-reset-success/',
  '/accounts/signin/',
];

export const SPEC_PROTECTED_AREAS = [
  '/payments/',
  '/switching-view/',
  '/billing/',
  '/v3/',
  '/clara/',
  '/playground/',
  '/solution-provider/',
];

export const SPEC_REDIRECTS: ReadonlyArray<readonly [string, string]> = [
  ['/', '/accounts/signin/'],
  ['/accounts/ftr_user/', '/accounts/ftr/'],
  ['/partner', '/switching-view/'],
];

const CC = '/v3/compute-copilot';
const ESS = '/v3/essentials';
const SB = '/v3/cost/showbacks-allocation-api/:key';

export const SPEC_V3_PATHS = [
  // Rules and resources
  '/v3/rules/',
  '/v3/rule-details/',
  '/v3/resources-cost/',
  '/v3/rules-dashboard/:key',
  '/v3/cost/unused/',
  '/v3/cost/underutilized-resources/',
  // Cost
  '/v3/cost/tag-explorer/',
  '/v3/cost/chargeback/',
  '/v3/cost/chargebacks-center/',
  '/v3/cost/chargebacks-center-legacy/',
  '/v3/cost/recommendations/',
  '/v3/cost/recommendations/:type',
  '/v3/cost/reserved/',
  '/v3/cost/map-migrated/:id?',
  // Workloads
  '/v3/workload-v2/',
  '/v3/workload-v2/:workloadId',
  '/v3/workload-v2/:id/:name/resource-detail/:type',
  '/v3/workload-assessment-v2/:workload_id/:workload_assessment_id/:name/:lense',
  '/v3/workload-v2/detail/wafr-report',
  '/v3/workload-v2/detail/ftr-report',
  '/v3/workload-v2/detail/hipaa-report',
  '/v3/workload-v2/detail/soc2-report',
  '/v3/workload-v2/detail/cis-report',
  '/v3/war/',
  '/v3/workload/',
  // Essentials
  ...['summary/', 'scheduler/', 'storage/', 'rightsizing/', 'idle-resources/', 'recommendations/'].map(
    (page) => `${ESS}/${page}`,
  ),
  `${ESS}/recommendations/:name`,
  ...['scheduler', 'storage', 'rightsizing', 'idle-resources'].map(
    (page) => `${ESS}/${page}-details/:type/:scheduler_id`,
  ),
  // Compute copilot
  `${CC}/summary/`,
  `${CC}/cm/dashboard/`,
  `${CC}/eks/dashboard/`,
  `${CC}/v2/eks/dashboard/`,
  `${CC}/eks/details/`,
  `${CC}/asg/dashboard/`,
  `${CC}/visibility-dashboard/`,
  `${CC}/visibility-dashboard/:type/:id/`,
  `${CC}/container-rightsizing/`,
  `${CC}/container-scheduler/`,
  `${CC}/databricks-dashboard/`,
  `${CC}/:type/details/:id/`,
  // Other
  '/v3/convertible-ri/',
  '/v3/cri-analysis/',
  '/v3/business-contexts/forecast/',
  '/v3/cloud-resource-cost-api/',
  '/v3/reports-api/',
  '/v3/create-target/:id?',
  '/v3/update-target/:id',
  '/v3/targets-api/',
  // Showbacks
  '/v3/cost/showbacks-api/',
  '/v3/cost/showbacks-detail-api/:key/',
  `${SB}/`,
  `${SB}/allocation-rules/`,
  `${SB}/unallocated-resources/`,
  `${SB}/allocation-rule-resources/:id/`,
  `${SB}/showback-resources/`,
  // General
  '/v3/home',
  '/v3/organization-overview',
  '/v3/dashboards/',
  '/v3/dashboard/list/',
  '/v3/dashboard-creation/:key?',
  '/v3/view-dashboards/',
  '/v3/burn-down-tracker/',
  '/v3/business-unit-economics/',
  '/v3/referral-program/',
  '/v3/admin/referral-dashboard/',
  '/v3/cfo-dashboard/',
  '/v3/settings',
  '/v3/settings/manageAccount',
  '/v3/settings/manageAccount-hidden',
  '/v3/graphql-ide/',
  '/v3/search/',
  '/v3/search/detail/:key/',
  // Assistant and feed
  '/v3/clara/',
  '/v3/clara/threads/:threadId',
  '/v3/clara/threads/:threadId/messages',
  '/v3/clara/projects/:projectId',
  '/v3/clara/projects/:projectId/threads/:threadId',
  '/v3/feed/',
  '/v3/feed/task/',
  '/v3/feed/threads/',
  // MAP discovery
  '/v3/map-discovery/',
  ...['dashboard', 'data-collection', 'workload-analysis', 'migration-planning', 'migration-execution'].map(
    (page) => `/v3/map-discovery/${page}`,
  ),
  // Compliance
  '/v3/security-dashboard/:id',
  '/v3/hipaa-dashboard',
  '/v3/soc2-dashboard',
  '/v3/cis-dashboard',
];
