import { DEVELOPMENT_LANDING_PATH, HOME_PATH, LANDING_PATH, SIGN_IN_PATH } from '@finlens/contracts/routes';
import { type ComponentType, lazy } from 'react';
import { NotFoundPage } from './NotFoundPage';
import { type AppRoute, page, publicPage, redirect } from './route-types';
import { UnbuiltPage } from './UnbuiltPage';

/*
 * THE route table of spec §2: every route of the product, as data. A page that a later issue builds renders
 * the shared unbuilt page until then (one per route, counted by a test whose ceiling only falls). Built
 * pages are lazy chunks; the five-bar loader shows while they load.
 * Trailing slashes are optional in matching (React Router), so '/v3/rules/' also serves '/v3/rules'.
 */

/** A built page as a lazy chunk: the module's named export `name` (pages export by name, not default). */
function lazyPage<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const SettingsPage = lazyPage(() => import('./settings/SettingsPage'), 'SettingsPage');
const EksDashboardPage = lazyPage(
  () => import('../features/containers/EksDashboardPage'),
  'EksDashboardPage',
);
const EksDetailsPage = lazyPage(() => import('../features/containers/EksDetailsPage'), 'EksDetailsPage');
const ContainerRightsizingPage = lazyPage(
  () => import('../features/containers/ContainerRightsizingPage'),
  'ContainerRightsizingPage',
);
const ResourcesCostPage = lazyPage(
  () => import('../features/resources-cost/ResourcesCostPage'),
  'ResourcesCostPage',
);
const RecommendationsPage = lazyPage(
  () => import('../features/recommendations/RecommendationsPage'),
  'RecommendationsPage',
);
const RecommendationDetailPage = lazyPage(
  () => import('../features/recommendations/RecommendationDetailPage'),
  'RecommendationDetailPage',
);
const EssentialsSummaryPage = lazyPage(
  () => import('../features/recommendations/EssentialsSummaryPage'),
  'EssentialsSummaryPage',
);
const SchedulerPage = lazyPage(() => import('../features/scheduler/SchedulerPage'), 'SchedulerPage');
const ContainerSchedulerPage = lazyPage(
  () => import('../features/scheduler/ContainerSchedulerPage'),
  'ContainerSchedulerPage',
);
const SchedulerDetailsRoute = lazyPage(
  () => import('../features/scheduler/SchedulerDetailsRoute'),
  'SchedulerDetailsRoute',
);
const RulesPage = lazyPage(() => import('../features/recommendations/RulesPage'), 'RulesPage');
const RuleChangesPage = lazyPage(
  () => import('../features/recommendations/RuleChangesPage'),
  'RuleChangesPage',
);
const RuleDashboardPage = lazyPage(
  () => import('../features/recommendations/RuleDashboardPage'),
  'RuleDashboardPage',
);
const TypeRecommendationsPage = lazyPage(
  () => import('../features/recommendations/TypeRecommendationsPage'),
  'TypeRecommendationsPage',
);
const SignInPage = lazyPage(() => import('../features/auth/SignInPage'), 'SignInPage');
const SignUpPage = lazyPage(() => import('../features/auth/SignUpPage'), 'SignUpPage');
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const ResetPasswordEmailSentPage = lazyPage(
  () => import('../features/auth/ResetPasswordEmailSentPage'),
  'ResetPasswordEmailSentPage',
);
const PasswordResetSuccessPage = lazyPage(
  () => import('../features/auth/PasswordResetSuccessPage'),
  'PasswordResetSuccessPage',
);
const SwitchingViewPage = lazyPage(
  () => import('../features/switching-view/SwitchingViewPage'),
  'SwitchingViewPage',
);
const ExplorerPage = lazyPage(() => import('../features/cost-explorer/ExplorerPage'), 'ExplorerPage');
const ReportsPage = lazyPage(() => import('../features/reports/ReportsPage'), 'ReportsPage');
const HomePage = lazyPage(() => import('../features/home/HomePage'), 'HomePage');
const OrganizationOverviewPage = lazyPage(
  () => import('../features/organization-overview/OrganizationOverviewPage'),
  'OrganizationOverviewPage',
);
const ChargebackPage = lazyPage(() => import('../features/chargebacks/ChargebackPage'), 'ChargebackPage');
const ChargebacksCenterPage = lazyPage(
  () => import('../features/chargebacks/ChargebacksCenterPage'),
  'ChargebacksCenterPage',
);
const ChargebacksLegacyPage = lazyPage(
  () => import('../features/chargebacks/ChargebacksLegacyPage'),
  'ChargebacksLegacyPage',
);
const CommitmentInventoryPage = lazyPage(
  () => import('../features/commitments/CommitmentInventoryPage'),
  'CommitmentInventoryPage',
);
const ConvertibleRiPage = lazyPage(
  () => import('../features/commitments/ConvertibleRiPage'),
  'ConvertibleRiPage',
);
const AsgDashboardPage = lazyPage(
  () => import('../features/compute-copilot/AsgDashboardPage'),
  'AsgDashboardPage',
);
const DatabricksDashboardPage = lazyPage(
  () => import('../features/compute-copilot/DatabricksDashboardPage'),
  'DatabricksDashboardPage',
);
const VisibilityDashboardPage = lazyPage(
  () => import('../features/compute-copilot/VisibilityDashboardPage'),
  'VisibilityDashboardPage',
);
const VisibilityGroupPage = lazyPage(
  () => import('../features/compute-copilot/VisibilityGroupPage'),
  'VisibilityGroupPage',
);
const CopilotDetailsPage = lazyPage(
  () => import('../features/compute-copilot/CopilotDetailsPage'),
  'CopilotDetailsPage',
);
const CommitmentManagementPage = lazyPage(
  () => import('../features/commitments/CommitmentManagementPage'),
  'CommitmentManagementPage',
);
const OptimizationSummaryPage = lazyPage(
  () => import('../features/commitments/OptimizationSummaryPage'),
  'OptimizationSummaryPage',
);
const InsightsPage = lazyPage(() => import('../features/insights/InsightsPage'), 'InsightsPage');
const SearchPage = lazyPage(() => import('../features/search/SearchPage'), 'SearchPage');
const SearchDetailPage = lazyPage(() => import('../features/search/SearchDetailPage'), 'SearchDetailPage');
const TargetsPage = lazyPage(() => import('../features/cost-targets/TargetsPage'), 'TargetsPage');
const ShowbacksPage = lazyPage(() => import('../features/showbacks/ShowbacksPage'), 'ShowbacksPage');
const ShowbackDetailPage = lazyPage(
  () => import('../features/showbacks/ShowbackDetailPage'),
  'ShowbackDetailPage',
);
const AllocationRulesPage = lazyPage(
  () => import('../features/showbacks/AllocationRulesPage'),
  'AllocationRulesPage',
);
const ResourcesPage = lazyPage(() => import('../features/showbacks/ResourcesPage'), 'ResourcesPage');
const TargetFormPage = lazyPage(() => import('../features/cost-targets/TargetFormPage'), 'TargetFormPage');
const BurnDownPage = lazyPage(() => import('../features/cost-targets/BurnDownPage'), 'BurnDownPage');

const notFound = <NotFoundPage />;

const PUBLIC_ROUTES: AppRoute[] = [
  publicPage('/accounts/signup_internal_user/', 'Sign Up', <SignUpPage variant="internal_user" />),
  publicPage('/accounts/signup_user/', 'Sign Up', <SignUpPage variant="user" />),
  publicPage('/accounts/signup_clara_user/', 'Sign Up', <SignUpPage variant="clara_user" />),
  publicPage('/accounts/ftr/', 'Sign Up', <SignUpPage variant="ftr" />),
  publicPage('/accounts/forgot-password/', 'Forgot Password', <ForgotPasswordPage />),
  publicPage('/accounts/reset-password/confirm/:uid/:token', 'Reset Password', <ResetPasswordPage />),
  publicPage(
    '/accounts/reset-password-email-sent/',
    'Reset Password Email Sent',
    <ResetPasswordEmailSentPage />,
  ),
  publicPage('/accounts/password-reset-success/', 'Password Reset Success', <PasswordResetSuccessPage />),
  publicPage(SIGN_IN_PATH, 'Sign In', <SignInPage />, 'guest'),
  redirect('/', SIGN_IN_PATH, 'public'),
  redirect('/accounts/ftr_user/', '/accounts/ftr/', 'public'),
  redirect('/partner', '/switching-view/', 'public'),
  { kind: 'page', path: '*', title: 'Page Not Found', area: 'General', access: 'public', element: notFound },
];

const AREA_ROUTES: AppRoute[] = [
  redirect(LANDING_PATH, HOME_PATH, 'protected'),
  redirect(DEVELOPMENT_LANDING_PATH, HOME_PATH, 'protected'),
  page('/payments/', 'Payments', 'Billing', <UnbuiltPage />),
  page('/switching-view/', 'Switch Account', 'Partner', <SwitchingViewPage />),
  page('/billing/', 'Billing', 'Billing', <UnbuiltPage />),
  page('/clara/', 'Clara', 'Assistant', <UnbuiltPage />),
  page('/playground/', 'Playground', 'Playground', <UnbuiltPage />),
  page('/solution-provider/', 'Solution Provider', 'Partner', <UnbuiltPage />),
  // Unknown paths inside a protected area: sign-in when signed out, the not-found screen when signed in.
  ...['/payments', '/switching-view', '/billing', '/v3', '/clara', '/playground', '/solution-provider'].map(
    (area): AppRoute => page(`${area}/*`, 'Page Not Found', 'General', notFound),
  ),
];

const RULES_AND_COST_ROUTES: AppRoute[] = [
  page('/v3/rules/', 'Rules', 'Workloads', <RulesPage />),
  page('/v3/rule-details/', 'Rules Change Management', 'Workloads', <RuleChangesPage />),
  page('/v3/resources-cost/', 'Resources Cost', 'Inform', <ResourcesCostPage />),
  page('/v3/rules-dashboard/:key', 'Rules Dashboard', 'Workloads', <RuleDashboardPage />),
  page(
    '/v3/cost/unused/',
    'Unused Resources',
    'Optimize',
    <RecommendationsPage title="Unused Resources" fixed={{ finding: 'unused' }} />,
  ),
  page(
    '/v3/cost/underutilized-resources/',
    'Underutilized Resources',
    'Optimize',
    <RecommendationsPage title="Underutilized Resources" fixed={{ finding: 'underutilized' }} />,
  ),
  page('/v3/cost/tag-explorer/', 'Insights', 'Inform', <InsightsPage />),
  page('/v3/cost/chargeback/', 'Chargeback', 'Inform', <ChargebackPage />),
  page('/v3/cost/chargebacks-center/', 'Chargebacks Center', 'Inform', <ChargebacksCenterPage />),
  page(
    '/v3/cost/chargebacks-center-legacy/',
    'Chargebacks Center (Legacy)',
    'Inform',
    <ChargebacksLegacyPage />,
  ),
  page(
    '/v3/cost/recommendations/',
    'Cost Saving Recommendations',
    'Inform',
    <RecommendationsPage title="Cost Saving Recommendations" typeBase="/v3/cost/recommendations/" paid />,
  ),
  page(
    '/v3/cost/recommendations/:type',
    'Recommendation Details',
    'Inform',
    <TypeRecommendationsPage title="Recommendation Details" paid />,
  ),
  page('/v3/cost/reserved/', 'Commitment Inventory', 'Optimize', <CommitmentInventoryPage />),
  page('/v3/cost/map-migrated/:id?', 'AWS MAP Manager', 'Inform', <UnbuiltPage />),
  page('/v3/convertible-ri/', 'Convertible RI', 'Optimize', <ConvertibleRiPage title="Convertible RI" />),
  page(
    '/v3/cri-analysis/',
    'Convertible RI Analysis',
    'Optimize',
    <ConvertibleRiPage title="Convertible RI Analysis" />,
  ),
  page('/v3/business-contexts/forecast/', 'Business Context Forecast', 'Operate', <UnbuiltPage />),
  page('/v3/cloud-resource-cost-api/', 'Explorer', 'Inform', <ExplorerPage />),
  page('/v3/reports-api/', 'Analysis', 'Inform', <ReportsPage />),
  page('/v3/create-target/:id?', 'Create Cost Target', 'Operate', <TargetFormPage />),
  page('/v3/update-target/:id', 'Update Cost Target', 'Operate', <TargetFormPage />),
  page('/v3/targets-api/', 'Budgets and Cost Targets', 'Operate', <TargetsPage />),
];

const SHOWBACK = '/v3/cost/showbacks-allocation-api/:key';
const SHOWBACK_ROUTES: AppRoute[] = [
  page('/v3/cost/showbacks-api/', 'Cost Allocation', 'Inform', <ShowbacksPage />),
  page('/v3/cost/showbacks-detail-api/:key/', 'Showback Details', 'Inform', <ShowbackDetailPage />),
  page(`${SHOWBACK}/`, 'Showback Allocation', 'Inform', <AllocationRulesPage />),
  page(`${SHOWBACK}/allocation-rules/`, 'Allocation Rules', 'Inform', <AllocationRulesPage />),
  page(
    `${SHOWBACK}/unallocated-resources/`,
    'Unallocated Resources',
    'Inform',
    <ResourcesPage kind="unallocated" />,
  ),
  page(
    `${SHOWBACK}/allocation-rule-resources/:id/`,
    'Allocation Rule Resources',
    'Inform',
    <ResourcesPage kind="rule" />,
  ),
  page(`${SHOWBACK}/showback-resources/`, 'Showback Resources', 'Inform', <ResourcesPage kind="value" />),
];

const WORKLOAD_REPORT = '/v3/workload-v2/detail';
const WORKLOAD_ROUTES: AppRoute[] = [
  page('/v3/workload-v2/', 'Workloads', 'Workloads', <UnbuiltPage />),
  page('/v3/workload-v2/:workloadId', 'Workload', 'Workloads', <UnbuiltPage />),
  page(
    '/v3/workload-v2/:id/:name/resource-detail/:type',
    'Workload Resource Detail',
    'Workloads',
    <UnbuiltPage />,
  ),
  page(
    '/v3/workload-assessment-v2/:workload_id/:workload_assessment_id/:name/:lense',
    'Workload Assessment',
    'Workloads',
    <UnbuiltPage />,
  ),
  page(`${WORKLOAD_REPORT}/wafr-report`, 'WAFR Report', 'Workloads', <UnbuiltPage />),
  page(`${WORKLOAD_REPORT}/ftr-report`, 'FTR Report', 'Workloads', <UnbuiltPage />),
  page(`${WORKLOAD_REPORT}/hipaa-report`, 'HIPAA Report', 'Compliance', <UnbuiltPage />),
  page(`${WORKLOAD_REPORT}/soc2-report`, 'SOC 2 Report', 'Compliance', <UnbuiltPage />),
  page(`${WORKLOAD_REPORT}/cis-report`, 'CIS Report', 'Compliance', <UnbuiltPage />),
  page('/v3/war/', 'Well-Architected Review', 'Workloads', <UnbuiltPage />),
  page('/v3/workload/', 'Workloads (v1)', 'Workloads', <UnbuiltPage />),
  page('/v3/map-discovery/', 'MAP Discovery', 'Workloads', <UnbuiltPage />),
  page('/v3/map-discovery/dashboard', 'MAP Discovery Dashboard', 'Workloads', <UnbuiltPage />),
  page('/v3/map-discovery/data-collection', 'MAP Data Collection', 'Workloads', <UnbuiltPage />),
  page('/v3/map-discovery/workload-analysis', 'MAP Workload Analysis', 'Workloads', <UnbuiltPage />),
  page('/v3/map-discovery/migration-planning', 'MAP Migration Planning', 'Workloads', <UnbuiltPage />),
  page('/v3/map-discovery/migration-execution', 'MAP Migration Execution', 'Workloads', <UnbuiltPage />),
  page('/v3/security-dashboard/:id', 'Security Dashboard', 'Compliance', <UnbuiltPage />),
  page('/v3/hipaa-dashboard', 'HIPAA Dashboard', 'Compliance', <UnbuiltPage />),
  page('/v3/soc2-dashboard', 'SOC 2 Dashboard', 'Compliance', <UnbuiltPage />),
  page('/v3/cis-dashboard', 'CIS Dashboard', 'Compliance', <UnbuiltPage />),
];

const ESSENTIALS = '/v3/essentials';
const ESSENTIALS_ROUTES: AppRoute[] = [
  page(`${ESSENTIALS}/summary/`, 'Essentials Summary', 'Essentials', <EssentialsSummaryPage />),
  page(`${ESSENTIALS}/scheduler/`, 'Resource Scheduler', 'Essentials', <SchedulerPage />),
  page(
    `${ESSENTIALS}/storage/`,
    'Storage Optimization',
    'Essentials',
    <RecommendationsPage title="Storage Optimization" fixed={{ group: 'storage' }} />,
  ),
  page(
    `${ESSENTIALS}/rightsizing/`,
    'Rightsizing',
    'Essentials',
    <RecommendationsPage title="Rightsizing" fixed={{ group: 'rightsizing' }} />,
  ),
  page(
    `${ESSENTIALS}/idle-resources/`,
    'Idle Resources',
    'Essentials',
    <RecommendationsPage title="Idle Resources" fixed={{ group: 'idle-resources' }} />,
  ),
  page(
    `${ESSENTIALS}/recommendations/`,
    'Essentials Recommendations',
    'Essentials',
    <RecommendationsPage title="Essentials Recommendations" typeBase={`${ESSENTIALS}/recommendations/`} />,
  ),
  page(
    `${ESSENTIALS}/recommendations/:name`,
    'Essentials Recommendation',
    'Essentials',
    <TypeRecommendationsPage title="Essentials Recommendation" />,
  ),
  page(
    `${ESSENTIALS}/scheduler-details/:type/:scheduler_id`,
    'Scheduler Details',
    'Essentials',
    <SchedulerDetailsRoute />,
  ),
  page(
    `${ESSENTIALS}/storage-details/:type/:scheduler_id`,
    'Storage Details',
    'Essentials',
    <RecommendationDetailPage title="Storage Details" />,
  ),
  page(
    `${ESSENTIALS}/rightsizing-details/:type/:scheduler_id`,
    'Rightsizing Details',
    'Essentials',
    <RecommendationDetailPage title="Rightsizing Details" />,
  ),
  page(
    `${ESSENTIALS}/idle-resources-details/:type/:scheduler_id`,
    'Idle Resources Details',
    'Essentials',
    <RecommendationDetailPage title="Idle Resources Details" />,
  ),
];

const COPILOT = '/v3/compute-copilot';
const COMPUTE_COPILOT_ROUTES: AppRoute[] = [
  page(`${COPILOT}/summary/`, 'Optimization Summary', 'Compute Copilot', <OptimizationSummaryPage />),
  page(`${COPILOT}/cm/dashboard/`, 'Commitment Management', 'Compute Copilot', <CommitmentManagementPage />),
  page(`${COPILOT}/eks/dashboard/`, 'EKS Dashboard', 'Compute Copilot', <EksDashboardPage />),
  page(
    `${COPILOT}/v2/eks/dashboard/`,
    'EKS Dashboard (v2)',
    'Compute Copilot',
    <EksDashboardPage title="EKS Dashboard (v2)" />,
  ),
  page(`${COPILOT}/eks/details/`, 'EKS Details', 'Compute Copilot', <EksDetailsPage />),
  page(`${COPILOT}/asg/dashboard/`, 'ASG Dashboard', 'Compute Copilot', <AsgDashboardPage />),
  page(
    `${COPILOT}/visibility-dashboard/`,
    'Visibility Dashboard',
    'Compute Copilot',
    <VisibilityDashboardPage />,
  ),
  page(
    `${COPILOT}/visibility-dashboard/:type/:id/`,
    'Visibility Details',
    'Compute Copilot',
    <VisibilityGroupPage />,
  ),
  page(
    `${COPILOT}/container-rightsizing/`,
    'Container Rightsizing',
    'Compute Copilot',
    <ContainerRightsizingPage />,
  ),
  page(
    `${COPILOT}/container-scheduler/`,
    'Container Scheduler',
    'Compute Copilot',
    <ContainerSchedulerPage />,
  ),
  page(
    `${COPILOT}/databricks-dashboard/`,
    'Databricks Dashboard',
    'Compute Copilot',
    <DatabricksDashboardPage />,
  ),
  page(`${COPILOT}/:type/details/:id/`, 'Compute Copilot Details', 'Compute Copilot', <CopilotDetailsPage />),
];

const GENERAL_ROUTES: AppRoute[] = [
  page(HOME_PATH, 'Home', 'General', <HomePage />),
  page('/v3/organization-overview', 'Organization Overview', 'General', <OrganizationOverviewPage />),
  page('/v3/dashboards/', 'Custom Dashboards', 'General', <UnbuiltPage />),
  page('/v3/dashboard/list/', 'Dashboard List', 'General', <UnbuiltPage />),
  page('/v3/dashboard-creation/:key?', 'Dashboard Creation', 'General', <UnbuiltPage />),
  page('/v3/view-dashboards/', 'View Dashboards', 'General', <UnbuiltPage />),
  page('/v3/burn-down-tracker/', 'Cloud and SaaS Contract Tracker', 'Operate', <BurnDownPage />),
  page('/v3/business-unit-economics/', 'Business Unit Economics', 'Operate', <UnbuiltPage />),
  page('/v3/referral-program/', 'Referral Program', 'General', <UnbuiltPage />),
  page('/v3/admin/referral-dashboard/', 'Referral Dashboard', 'General', <UnbuiltPage />),
  page('/v3/cfo-dashboard/', 'CFO Dashboard', 'General', <UnbuiltPage />),
  page('/v3/settings', 'Settings', 'Settings', <SettingsPage />),
  page('/v3/settings/manageAccount', 'Manage Account', 'Settings', <UnbuiltPage />),
  page('/v3/settings/manageAccount-hidden', 'Manage Account (Hidden)', 'Settings', <UnbuiltPage />),
  page('/v3/graphql-ide/', 'GraphQL IDE', 'General', <UnbuiltPage />),
  page('/v3/search/', 'Search', 'General', <SearchPage />),
  page('/v3/search/detail/:key/', 'Search Details', 'General', <SearchDetailPage />),
  page('/v3/clara/', 'Clara', 'Assistant', <UnbuiltPage />),
  page('/v3/clara/threads/:threadId', 'Clara Thread', 'Assistant', <UnbuiltPage />),
  page('/v3/clara/threads/:threadId/messages', 'Clara Thread Messages', 'Assistant', <UnbuiltPage />),
  page('/v3/clara/projects/:projectId', 'Clara Project', 'Assistant', <UnbuiltPage />),
  page(
    '/v3/clara/projects/:projectId/threads/:threadId',
    'Clara Project Thread',
    'Assistant',
    <UnbuiltPage />,
  ),
  page('/v3/feed/', 'Feed', 'Assistant', <UnbuiltPage />),
  page('/v3/feed/task/', 'Feed Tasks', 'Assistant', <UnbuiltPage />),
  page('/v3/feed/threads/', 'Feed Threads', 'Assistant', <UnbuiltPage />),
];

export const ROUTE_TABLE: readonly AppRoute[] = [
  ...PUBLIC_ROUTES,
  ...AREA_ROUTES,
  ...RULES_AND_COST_ROUTES,
  ...SHOWBACK_ROUTES,
  ...WORKLOAD_ROUTES,
  ...ESSENTIALS_ROUTES,
  ...COMPUTE_COPILOT_ROUTES,
  ...GENERAL_ROUTES,
];
