import {
  AWAITING_CREDENTIALS,
  type CloudAccount,
  type CloudAccountUpdate,
  type ConnectionCheck,
  type cloudAccountCreateSchema,
  type ImportRun,
} from '@finlens/contracts/cloud-accounts';
import type { AccountInventory } from '@finlens/contracts/inventory';
import type { z } from 'zod';
import type { ProjectWithStatus } from '../../db/project-status';
import type { BillingSourceRow, ImportRunRow } from '../../db/tables';
import {
  openCredentials,
  type ServerIdentityAccounts,
  sourceSignIn,
} from '../../ingest/sources/billing-source-settings';
import type { createBillingSourcesService } from '../../ingest/sources/billing-sources.service';
import type { SecretBox } from '../../platform/crypto/secret-box';
import { fieldError, HttpError, notFound } from '../../platform/http/http-error';
import type { WarehouseStore } from '../../warehouse/open-cost-store';
import { toCloudAccount, toImportRun } from './cloud-account-views';
import type { CloudAccountsRepo } from './cloud-accounts.repo';
import { cloudFormationTemplate, terraformSnippet } from './cloud-templates';
import { type AccountSettings, refuseInternalTargets, toSourceSettings } from './source-input';

/** Each project's inventory state, counts and newest collection, by project id. */
export type AccountInventories = (clientId: string) => Promise<Map<string, AccountInventory>>;

const withInventory = (account: CloudAccount, inventory: AccountInventory | undefined): CloudAccount =>
  inventory === undefined ? account : { ...account, inventory };

type SourcesService = ReturnType<typeof createBillingSourcesService>;
type CreateInput = z.output<typeof cloudAccountCreateSchema>;
type UpdateInput = Omit<CloudAccountUpdate, 'settings'> & { settings?: AccountSettings };

const HISTORY_LIMIT = 50;

/** Settings → AWS Accounts and Cloud Accounts: projects with their billing source, checks and history. */
export function createCloudAccountsService({
  repo,
  sources,
  secretBox,
  warehouse,
  refusedReason,
  serverIdentityAccounts = new Set(),
  accountInventories = async () => new Map(),
}: {
  /** SERVER_IDENTITY_ACCOUNTS: accounts the operator lets read with the server's own AWS identity. */
  serverIdentityAccounts?: ServerIdentityAccounts;
  /** Each project's inventory, by project id (none when inventory is not wired). */
  accountInventories?: AccountInventories;
  repo: CloudAccountsRepo;
  sources: SourcesService;
  secretBox: SecretBox;
  /** The outbound guard's verdict on an endpoint being saved (GuardedHttp.refusedReason). */
  refusedReason: (url: string) => Promise<string | null>;
  /** Removing an account removes its line items; the delete takes its turn with imports. */
  warehouse: Pick<WarehouseStore, 'exclusive' | 'deleteProject'>;
}) {
  const projectOf = async (clientId: string, id: string): Promise<ProjectWithStatus> => {
    const project = await repo.findProject(clientId, id);
    if (project === null) throw notFound();
    return project;
  };
  const sourceOf = async (projectId: string): Promise<BillingSourceRow | null> =>
    (await repo.sourcesOfProject(projectId))[0] ?? null;
  const signsIn = (source: BillingSourceRow | null) =>
    source !== null && sourceSignIn(source, serverIdentityAccounts) !== null;
  const accountView = (
    project: ProjectWithStatus,
    source: BillingSourceRow | null,
    lastRun: ImportRunRow | null,
  ) => toCloudAccount(project, source, lastRun, signsIn(source));
  const view = async (project: ProjectWithStatus): Promise<CloudAccount> =>
    withInventory(
      accountView(project, await sourceOf(project.id), (await repo.runs(project.id, 1))[0] ?? null),
      (await accountInventories(project.client_id)).get(project.id),
    );
  const checkName = async (clientId: string, name: string, exceptId: string | null) => {
    if (await repo.projectNameTaken(clientId, name, exceptId)) {
      throw fieldError('name', ['An account with this name exists already.']);
    }
  };
  const checkAzure = async (clientId: string, settings: AccountSettings) => {
    if (settings.cloud_type === 'azure' && !(await repo.azureEnabled(clientId))) {
      throw fieldError('cloud_type', ['Azure accounts are not enabled for this client.']);
    }
  };

  return {
    async list(clientId: string): Promise<CloudAccount[]> {
      const [projects, allSources, lastRuns, collections] = await Promise.all([
        repo.listProjects(clientId),
        repo.sourcesOfClient(clientId),
        repo.latestRuns(clientId),
        accountInventories(clientId),
      ]);
      return projects.map((project) =>
        withInventory(
          accountView(
            project,
            allSources.find((source) => source.project_id === project.id) ?? null,
            lastRuns.find((run) => run.project_id === project.id) ?? null,
          ),
          collections.get(project.id),
        ),
      );
    },

    async get(clientId: string, id: string): Promise<CloudAccount> {
      return view(await projectOf(clientId, id));
    },

    async create(clientId: string, { name, settings }: CreateInput): Promise<CloudAccount> {
      await checkAzure(clientId, settings);
      await refuseInternalTargets(settings, refusedReason);
      const source = toSourceSettings(name, settings);
      await checkName(clientId, name, null);
      const project = await repo.insertProject({
        clientId,
        name,
        cloudType: settings.cloud_type,
        cloudAccountId: settings.cloud_type === 'aws' ? settings.account_id : null,
      });
      try {
        await sources.create({ ...source, credentials: source.credentials ?? null, projectId: project.id });
      } catch (error) {
        await repo.deleteProject(project.id);
        throw error;
      }
      return view(project);
    },

    async update(clientId: string, id: string, { name, settings }: UpdateInput): Promise<CloudAccount> {
      const project = await projectOf(clientId, id);
      if (name !== undefined) await checkName(clientId, name, id);
      if (settings !== undefined) {
        if (settings.cloud_type !== project.cloud_type) {
          throw fieldError('cloud_type', ['The cloud of an account cannot change.']);
        }
        await refuseInternalTargets(settings, refusedReason);
        const existing = await sourceOf(id);
        const input = toSourceSettings(name ?? project.name, settings, {
          externalId: existing?.external_id ?? null,
        });
        if (existing === null) {
          await sources.create({ ...input, credentials: input.credentials ?? null, projectId: id });
        } else {
          await sources.update(existing.id, input);
        }
      }
      await repo.updateProject(id, {
        name,
        ...(settings?.cloud_type === 'aws' ? { cloudAccountId: settings.account_id } : {}),
      });
      return view(await projectOf(clientId, id));
    },

    /** Stops polling, removes the account's line items from the warehouse, then its source and runs. */
    async remove(clientId: string, id: string): Promise<void> {
      await projectOf(clientId, id);
      for (const source of await repo.sourcesOfProject(id)) await sources.remove(source.id);
      await warehouse.exclusive(() => warehouse.deleteProject(id));
      await repo.deleteProject(id);
    },

    /** Tests settings before they are saved. */
    async check(settings: AccountSettings): Promise<ConnectionCheck> {
      const { credentials, ...input } = toSourceSettings('connection test', settings);
      return sources.check({ ...input, credentials: credentials ?? null });
    },

    /** Tests the saved settings with the stored credentials. */
    async checkSaved(clientId: string, id: string): Promise<ConnectionCheck> {
      const source = await requireSource(await projectOf(clientId, id));
      const serverIdentity = sourceSignIn(source, serverIdentityAccounts) === 'server-identity';
      return sources.check(
        {
          name: source.name,
          kind: source.kind,
          bucket: source.bucket,
          prefix: source.prefix,
          region: source.region,
          endpoint: source.endpoint,
          roleArn: source.role_arn,
          externalId: source.external_id,
          credentials: openCredentials(secretBox, source),
        },
        { serverIdentity },
      );
    },

    /** Enqueues a poll of the account's source; null when one is already queued for the same slot. */
    async importNow(clientId: string, id: string): Promise<{ job_id: string | null }> {
      const source = await requireSource(await projectOf(clientId, id));
      if (!signsIn(source)) throw new HttpError(400, AWAITING_CREDENTIALS);
      return { job_id: await sources.pollNow(source.id) };
    },

    async imports(clientId: string, id: string): Promise<ImportRun[]> {
      await projectOf(clientId, id);
      return (await repo.runs(id, HISTORY_LIMIT)).map(toImportRun);
    },

    async template(clientId: string, id: string, kind: 'cloudformation' | 'terraform'): Promise<string> {
      const project = await projectOf(clientId, id);
      const source = await requireSource(project);
      if (source.kind !== 'aws_s3' || source.external_id === null) {
        throw new HttpError(400, 'Templates are for AWS accounts read through a role with an external ID.');
      }
      const settings = {
        accountName: project.name,
        bucket: source.bucket,
        prefix: source.prefix,
        region: source.region ?? 'us-east-1',
        externalId: source.external_id,
      };
      return kind === 'cloudformation' ? cloudFormationTemplate(settings) : terraformSnippet(settings);
    },
  };

  async function requireSource(project: ProjectWithStatus): Promise<BillingSourceRow> {
    const source = await sourceOf(project.id);
    if (source === null)
      throw new HttpError(400, 'This account has no billing source yet: edit it to add one.');
    return source;
  }
}

export type CloudAccountsService = ReturnType<typeof createCloudAccountsService>;
