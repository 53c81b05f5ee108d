import {
  ContainerSASPermissions,
  generateBlobSASQueryParameters,
  StorageSharedKeyCredential,
} from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedHttp } from '../../platform/outbound/guarded-http';
import { testGuardedHttp } from '../../platform/outbound/test-outbound';
import { azureBlobStore } from './azure-blob-store';
import { newOrRestated } from './billing-delivery';
import { findDeliveries } from './find-deliveries';
import { AZURITE_ACCOUNT, AZURITE_KEY, startTestAzurite, type TestAzurite } from './test-azurite';

const container = 'cost-exports';
const actual = 'finops/finlens-actual/20261001-20261031';
const amortized = 'finops/finlens-amortized/20261001-20261031';
const header = 'Date,CostInBillingCurrency,BillingCurrencyCode\n';

function manifest({
  runId,
  submitted,
  blobs,
}: {
  runId: string;
  submitted: string;
  blobs: string[];
}): string {
  return JSON.stringify({
    manifestVersion: '2024-04-01',
    blobCount: blobs.length,
    exportConfig: { exportName: 'finlens-actual', type: 'ActualCost', dataVersion: '2024-08-01' },
    deliveryConfig: { partitionData: true, dataOverwriteBehavior: 'CreateNewReport', fileFormat: 'Csv' },
    runInfo: {
      executionType: 'Scheduled',
      submittedTime: submitted,
      runId,
      startDate: '2026-10-01T00:00:00',
      endDate: '2026-10-31T00:00:00',
    },
    blobs: blobs.map((blobName) => ({ blobName, byteCount: 1, dataRowCount: 1 })),
  });
}

async function uploadLayout(azure: TestAzurite): Promise<void> {
  // Two daily runs of the actual-cost export: only the later one counts.
  await azure.put(container, `${actual}/run-1/part_0_0001.csv`, `${header}2026-10-01,1.00,EUR\n`);
  await azure.put(
    container,
    `${actual}/run-1/_manifest.json`,
    manifest({
      runId: 'run-1',
      submitted: '2026-10-20T04:00:00Z',
      blobs: [`${actual}/run-1/part_0_0001.csv`],
    }),
  );
  await azure.put(container, `${actual}/run-2/part_0_0001.csv`, `${header}2026-10-01,1.00,EUR\n`);
  await azure.put(container, `${actual}/run-2/part_1_0001.csv`, `${header}2026-10-21,2.00,EUR\n`);
  await azure.put(
    container,
    `${actual}/run-2/_manifest.json`,
    manifest({
      runId: 'run-2',
      submitted: '2026-10-21T04:00:00Z',
      blobs: [`${actual}/run-2/part_0_0001.csv`, `${actual}/run-2/part_1_0001.csv`],
    }),
  );
  // This export names its blobs with the container in front, as some deliveries do.
  await azure.put(container, `${amortized}/run-a/part_0_0001.csv`, `${header}2026-10-01,0.80,EUR\n`);
  await azure.put(
    container,
    `${amortized}/run-a/manifest.json`,
    manifest({
      runId: 'run-a',
      submitted: '2026-10-21T05:00:00Z',
      blobs: [`${container}/${amortized}/run-a/part_0_0001.csv`],
    }),
  );
}

describe('Azure Blob source against azurite on loopback', () => {
  let azure: TestAzurite;
  beforeAll(async () => {
    azure = await startTestAzurite();
    await uploadLayout(azure);
  });
  afterAll(async () => {
    await azure?.stop();
  });

  it("finds each export's month from its latest run, with the run's partitions", async () => {
    const store = azureBlobStore({
      http: testGuardedHttp(),
      container,
      prefix: 'finops',
      access: { kind: 'connection-string', connectionString: azure.connectionString },
    });
    const { deliveries, problems } = await findDeliveries(store);
    expect(problems).toEqual([]);
    expect(
      deliveries.map((d) => [d.periodKey, d.billingPeriod, d.layout, d.runId, d.files.map((f) => f.key)]),
    ).toEqual([
      [
        'azure:finops/finlens-actual:2026-10',
        '2026-10',
        'azure',
        'run-2',
        [`${actual}/run-2/part_0_0001.csv`, `${actual}/run-2/part_1_0001.csv`],
      ],
      [
        'azure:finops/finlens-amortized:2026-10',
        '2026-10',
        'azure',
        'run-a',
        [`${amortized}/run-a/part_0_0001.csv`],
      ],
    ]);
    expect(store.uriOf(`${actual}/run-2/part_1_0001.csv`)).toBe(
      `azure://${container}/${actual}/run-2/part_1_0001.csv`,
    );
  });

  it('reads through a container SAS and reports a new run as a restatement', async () => {
    const sas = generateBlobSASQueryParameters(
      {
        containerName: container,
        permissions: ContainerSASPermissions.parse('rl'),
        expiresOn: new Date(Date.now() + 3_600_000),
      },
      new StorageSharedKeyCredential(AZURITE_ACCOUNT, AZURITE_KEY),
    ).toString();
    const store = azureBlobStore({
      http: testGuardedHttp(),
      container,
      prefix: 'finops/',
      access: { kind: 'sas', accountUrl: azure.accountUrl, sasToken: `?${sas}` },
    });
    const before = await findDeliveries(store);
    const imported = new Map(before.deliveries.map((d) => [d.periodKey, d.fingerprint]));
    expect(newOrRestated(before.deliveries, imported)).toEqual([]);

    await azure.put(
      container,
      `${actual}/run-3/part_0_0001.csv`,
      `${header}2026-10-01,1.00,EUR\n2026-10-22,3.00,EUR\n`,
    );
    await azure.put(
      container,
      `${actual}/run-3/_manifest.json`,
      manifest({
        runId: 'run-3',
        submitted: '2026-10-22T04:00:00Z',
        blobs: [`${actual}/run-3/part_0_0001.csv`],
      }),
    );
    const after = await findDeliveries(store);
    expect(newOrRestated(after.deliveries, imported).map((d) => [d.periodKey, d.runId])).toEqual([
      ['azure:finops/finlens-actual:2026-10', 'run-3'],
    ]);
  });

  it.each([
    'AZURITE',
    'https://[::1]:9/account',
    'https://10.0.0.1/account',
    'https://169.254.169.254/account',
    'https://localhost:9/account',
  ])('refuses an account URL into the server’s own network (%s) without OUTBOUND_ALLOW', async (url) => {
    const store = azureBlobStore({
      http: createGuardedHttp([]),
      container,
      prefix: '',
      access: { kind: 'sas', accountUrl: url === 'AZURITE' ? azure.accountUrl : url, sasToken: 'sv=x&sig=y' },
    });
    await expect(store.listObjects()).rejects.toThrow(/cannot list azure:\/\/cost-exports\/: .*refused: /);
  });

  it('connects a connection string through the guard too', async () => {
    const store = azureBlobStore({
      http: createGuardedHttp([]),
      container,
      prefix: '',
      access: { kind: 'connection-string', connectionString: azure.connectionString },
    });
    await expect(store.listObjects()).rejects.toThrow(/refused: 127\.0\.0\.1 is a loopback address/);
  });

  it('names the container and the Azure error when access is refused', async () => {
    const store = azureBlobStore({
      http: testGuardedHttp(),
      container,
      prefix: '',
      access: { kind: 'sas', accountUrl: azure.accountUrl, sasToken: 'sv=2024-01-01&sig=bad' },
    });
    await expect(store.listObjects()).rejects.toThrow(/cannot list azure:\/\/cost-exports\/: RestError/);
  });
});
