import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSource } from './local-source';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-local-source-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function put(root: string, key: string, content = 'a,b\n1,2\n') {
  await mkdir(dirname(join(root, key)), { recursive: true });
  await writeFile(join(root, key), content);
}

const names = async (path: string) => (await localSource(path).listFiles()).map((f) => f.displayName);

describe('local source', () => {
  it('lists every billing file of a folder without manifests, and a single file', async () => {
    const root = join(dir, 'plain');
    await put(root, 'b/part-2.csv.gz');
    await put(root, 'a/part-1.csv');
    await put(root, 'notes.txt');
    expect(await names(root)).toEqual(['a/part-1.csv', 'b/part-2.csv.gz']);
    expect(await names(join(root, 'a/part-1.csv'))).toEqual(['part-1.csv']);
  });

  it('follows the CUR 2.0 manifest: a stale chunk beside the current files is left out', async () => {
    const root = join(dir, 'export');
    const data = 'cur/data/BILLING_PERIOD=2026-01';
    await put(root, `${data}/cur-00001.csv.gz`);
    await put(root, `${data}/cur-00002.csv.gz`);
    await put(
      root,
      'cur/metadata/BILLING_PERIOD=2026-01/cur-Manifest.json',
      JSON.stringify({ executionId: 'run-2', dataFiles: [`s3://bucket/exports/${data}/cur-00001.csv.gz`] }),
    );
    expect(await names(root)).toEqual([`${data}/cur-00001.csv.gz`]);
  });

  it('names the manifest when it lists a file the folder lacks', async () => {
    const root = join(dir, 'incomplete');
    await put(
      root,
      'cur/metadata/BILLING_PERIOD=2026-02/cur-Manifest.json',
      JSON.stringify({ dataFiles: ['s3://bucket/cur/data/BILLING_PERIOD=2026-02/cur-00001.snappy.parquet'] }),
    );
    await expect(names(root)).rejects.toThrow(
      /^cur\/metadata\/BILLING_PERIOD=2026-02\/cur-Manifest\.json: the manifest lists .*cur-00001\.snappy\.parquet, which is not in this folder/,
    );
  });

  it('names a path that does not exist', async () => {
    await expect(names(join(dir, 'missing'))).rejects.toThrow(/missing: no such file or folder/);
  });
});
