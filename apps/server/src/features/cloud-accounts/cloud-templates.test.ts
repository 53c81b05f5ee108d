import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cloudFormationTemplate, terraformSnippet } from './cloud-templates';
import { CUR2_EXPORT_COLUMNS } from './cur2-export-columns';

const settings = {
  accountName: 'Payer',
  bucket: 'acme-cur-exports',
  prefix: 'exports/',
  region: 'eu-west-1',
  externalId: 'finlens-3f9a1c',
};

describe('cloudFormationTemplate', () => {
  const text = cloudFormationTemplate(settings);
  const template = parse(text);

  it('quotes the date-like versions so they stay strings', () => {
    expect(text).toMatch(/^AWSTemplateFormatVersion: "2010-09-09"$/m);
    expect(parse(text, { version: '1.1' }).AWSTemplateFormatVersion).toBe('2010-09-09');
  });

  it('trusts the Finlens principal only with the external ID', () => {
    const statement = template.Resources.FinlensReadRole.Properties.AssumeRolePolicyDocument.Statement[0];
    expect(statement.Principal.AWS).toEqual({ Ref: 'FinlensPrincipalArn' });
    expect(statement.Condition.StringEquals['sts:ExternalId']).toBe('finlens-3f9a1c');
  });

  it('reads only the bucket and prefix of the export', () => {
    const policy = template.Resources.FinlensReadRole.Properties.Policies[0].PolicyDocument;
    expect(policy.Statement.map((s: { Resource: string }) => s.Resource)).toEqual([
      'arn:aws:s3:::acme-cur-exports',
      'arn:aws:s3:::acme-cur-exports/exports*',
    ]);
  });

  it('defines a CUR 2.0 Parquet export of every column, overwriting each period', () => {
    const { Export } = template.Resources.CurExport.Properties;
    expect(template.Resources.CurExport.Type).toBe('AWS::BCMDataExports::Export');
    const sql: string = Export.DataQuery.QueryStatement;
    expect(CUR2_EXPORT_COLUMNS).toHaveLength(131);
    expect(sql.match(/^SELECT (.*) FROM COST_AND_USAGE_REPORT$/)?.[1]?.split(', ')).toEqual([
      ...CUR2_EXPORT_COLUMNS,
    ]);
    expect(sql.length).toBeLessThan(36_000);
    expect(Export.DestinationConfigurations.S3Destination).toMatchObject({
      S3Bucket: 'acme-cur-exports',
      S3Prefix: 'exports',
      S3Region: 'eu-west-1',
      S3OutputConfigurations: { Format: 'PARQUET', Compression: 'PARQUET', Overwrite: 'OVERWRITE_REPORT' },
    });
    expect(template.Parameters.TimeGranularity.AllowedValues).toEqual(['HOURLY', 'DAILY']);
  });
});

describe('terraformSnippet', () => {
  const text = terraformSnippet({ ...settings, prefix: '' });

  it('has balanced blocks and the role, policy, bucket and export resources', () => {
    const opens = text.match(/\{/g)?.length ?? 0;
    expect(opens).toBe(text.match(/\}/g)?.length);
    const resources = [...text.matchAll(/^resource "([\w]+)" "([\w]+)" \{$/gm)].map((m) => m[1]);
    expect(resources).toEqual([
      'aws_iam_role',
      'aws_iam_role_policy',
      'aws_iam_role_policy',
      'aws_iam_role_policy',
      'aws_s3_bucket',
      'aws_s3_bucket_policy',
      'aws_bcmdataexports_export',
    ]);
  });

  it('carries the external ID, the bucket and the default prefix in its JSON policies', () => {
    const trust = text.match(/assume_role_policy = (".*")$/m)?.[1];
    const policy = JSON.parse(JSON.parse(trust ?? '""'));
    expect(policy.Statement[0].Condition.StringEquals['sts:ExternalId']).toBe('finlens-3f9a1c');
    expect(text).toContain('s3_bucket = "acme-cur-exports"');
    expect(text).toContain('s3_prefix = "cur2"');
  });
});
