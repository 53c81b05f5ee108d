import { stringify } from 'yaml';
import { iamActions } from '../../integrations/cloud/aws/aws-calls';
import { BUCKET_ACTIONS, OBJECT_ACTIONS } from '../../integrations/cloud/aws/iam-grants';
import { cur2ExportSql } from './cur2-export-columns';

/** What the templates need to know about an AWS account's billing source. */
export interface TemplateSettings {
  accountName: string;
  bucket: string;
  prefix: string;
  region: string;
  externalId: string;
}

const ROLE_NAME = 'finlens-billing-read';
const EXPORT_NAME = 'finlens-cur2';
/** Data Exports takes an S3 prefix; an account without one delivers under this. */
const DEFAULT_EXPORT_PREFIX = 'cur2';

// All optional CUR 2.0 families on, so the query can select every column; discounts stay in the map.
const TABLE_CONFIGURATION = {
  INCLUDE_RESOURCES: 'TRUE',
  INCLUDE_SPLIT_COST_ALLOCATION_DATA: 'TRUE',
  INCLUDE_CAPACITY_RESERVATION_DATA: 'TRUE',
  INCLUDE_IAM_PRINCIPAL_DATA: 'TRUE',
  INCLUDE_MANUAL_DISCOUNT_COMPATIBILITY: 'FALSE',
};

const OUTPUT = {
  Format: 'PARQUET',
  Compression: 'PARQUET',
  OutputType: 'CUSTOM',
  Overwrite: 'OVERWRITE_REPORT',
};

function exportPrefix(prefix: string): string {
  const trimmed = prefix.replace(/\/+$/, '');
  return trimmed === '' ? DEFAULT_EXPORT_PREFIX : trimmed;
}

function readStatements(bucket: string, prefix: string) {
  return [
    {
      Effect: 'Allow',
      Action: [...BUCKET_ACTIONS],
      Resource: `arn:aws:s3:::${bucket}`,
    },
    { Effect: 'Allow', Action: [...OBJECT_ACTIONS], Resource: `arn:aws:s3:::${bucket}/${prefix}*` },
  ];
}

// The cloud adapter's own table of calls decides these, so a collector never needs an action not granted here.
const inventoryPolicy = () => ({
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: iamActions('read'), Resource: '*' }],
});
/** Start, stop, scale, snapshot … for the scheduler and remediation: only when the customer opts in. */
const actionsPolicy = () => ({
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: iamActions('act'), Resource: '*' }],
});

/** The policy Data Exports (and legacy CUR) need to deliver into the bucket. */
function deliveryStatement(bucket: string, accountId: unknown) {
  return {
    Effect: 'Allow',
    Principal: { Service: ['billingreports.amazonaws.com', 'bcm-data-exports.amazonaws.com'] },
    Action: ['s3:PutObject', 's3:GetBucketPolicy'],
    Resource: [`arn:aws:s3:::${bucket}`, `arn:aws:s3:::${bucket}/*`],
    Condition: { StringEquals: { 'aws:SourceAccount': accountId } },
  };
}

/**
 * CloudFormation (YAML, long-form intrinsics so any YAML reader parses it): the cross-account read role
 * trusting the Finlens principal with the account's external ID, the optional bucket with its delivery
 * policy, and a CUR 2.0 Data Export (Parquet, overwrite). Data Exports lives in us-east-1: deploy there.
 */
export function cloudFormationTemplate(settings: TemplateSettings): string {
  const { bucket, externalId } = settings;
  const prefix = exportPrefix(settings.prefix);
  const template = {
    AWSTemplateFormatVersion: '2010-09-09',
    Description: `Finlens: read access to the CUR 2.0 export of ${settings.accountName} (deploy in us-east-1)`,
    Parameters: {
      FinlensPrincipalArn: {
        Type: 'String',
        Description: 'ARN of the IAM user or role the Finlens server runs as',
      },
      TimeGranularity: { Type: 'String', AllowedValues: ['HOURLY', 'DAILY'], Default: 'HOURLY' },
      CreateBucket: {
        Type: 'String',
        AllowedValues: ['true', 'false'],
        Default: 'true',
        Description: 'false when the bucket exists already (then allow Data Exports to write to it yourself)',
      },
      AllowActions: {
        Type: 'String',
        AllowedValues: ['true', 'false'],
        Default: 'false',
        Description:
          'true lets Finlens start, stop, resize, snapshot and delete resources (scheduler, remediation)',
      },
    },
    Conditions: {
      CreateBucket: { 'Fn::Equals': [{ Ref: 'CreateBucket' }, 'true'] },
      AllowActions: { 'Fn::Equals': [{ Ref: 'AllowActions' }, 'true'] },
    },
    Resources: {
      FinlensReadRole: {
        Type: 'AWS::IAM::Role',
        Properties: {
          RoleName: ROLE_NAME,
          AssumeRolePolicyDocument: {
            Version: '2012-10-17',
            Statement: [
              {
                Effect: 'Allow',
                Principal: { AWS: { Ref: 'FinlensPrincipalArn' } },
                Action: 'sts:AssumeRole',
                Condition: { StringEquals: { 'sts:ExternalId': externalId } },
              },
            ],
          },
          Policies: [
            {
              PolicyName: 'finlens-cur-read',
              PolicyDocument: { Version: '2012-10-17', Statement: readStatements(bucket, prefix) },
            },
            { PolicyName: 'finlens-inventory-read', PolicyDocument: inventoryPolicy() },
            {
              'Fn::If': [
                'AllowActions',
                { PolicyName: 'finlens-actions', PolicyDocument: actionsPolicy() },
                { Ref: 'AWS::NoValue' },
              ],
            },
          ],
        },
      },
      CurBucket: {
        Type: 'AWS::S3::Bucket',
        Condition: 'CreateBucket',
        DeletionPolicy: 'Retain',
        Properties: { BucketName: bucket },
      },
      CurBucketPolicy: {
        Type: 'AWS::S3::BucketPolicy',
        Condition: 'CreateBucket',
        Properties: {
          Bucket: { Ref: 'CurBucket' },
          PolicyDocument: {
            Version: '2012-10-17',
            Statement: [deliveryStatement(bucket, { Ref: 'AWS::AccountId' })],
          },
        },
      },
      CurExport: {
        Type: 'AWS::BCMDataExports::Export',
        Properties: {
          Export: {
            Name: EXPORT_NAME,
            DataQuery: {
              QueryStatement: cur2ExportSql(),
              TableConfigurations: {
                COST_AND_USAGE_REPORT: {
                  TIME_GRANULARITY: { Ref: 'TimeGranularity' },
                  ...TABLE_CONFIGURATION,
                },
              },
            },
            DestinationConfigurations: {
              S3Destination: {
                S3Bucket: bucket,
                S3Prefix: prefix,
                S3Region: settings.region,
                S3OutputConfigurations: OUTPUT,
              },
            },
            RefreshCadence: { Frequency: 'SYNCHRONOUS' },
          },
        },
      },
    },
    Outputs: {
      RoleArn: {
        Description: 'Paste into Finlens as the role ARN',
        Value: { 'Fn::GetAtt': ['FinlensReadRole', 'Arn'] },
      },
    },
  };
  // lineWidth 0 keeps the export query on one line; YAML 1.1 rules quote date-like strings such as
  // 2010-09-09, so no reader takes a version for a date.
  return stringify(template, { lineWidth: 0, version: '1.1' });
}

const hcl = (value: string) => JSON.stringify(value);
/** Terraform interpolations, kept as literal text inside the generated JSON policies. */
const tf = (expression: string) => `$${'{'}${expression}}`;

/** The same resources as the CloudFormation template, as a Terraform (AWS provider 5+) snippet. */
export function terraformSnippet(settings: TemplateSettings): string {
  const { bucket, externalId } = settings;
  const prefix = exportPrefix(settings.prefix);
  const tableConfiguration = Object.entries(TABLE_CONFIGURATION)
    .map(([key, value]) => `          ${key} = ${hcl(value)}`)
    .join('\n');
  const trust = {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { AWS: tf('var.finlens_principal_arn') },
        Action: 'sts:AssumeRole',
        Condition: { StringEquals: { 'sts:ExternalId': externalId } },
      },
    ],
  };
  const read = { Version: '2012-10-17', Statement: readStatements(bucket, prefix) };
  const delivery = {
    Version: '2012-10-17',
    Statement: [deliveryStatement(bucket, tf('data.aws_caller_identity.current.account_id'))],
  };
  return `# Finlens: read access to the CUR 2.0 export of ${settings.accountName.replace(/\n/g, ' ')}.
# Apply with an AWS provider for us-east-1 (Data Exports lives there).

variable "finlens_principal_arn" {
  type        = string
  description = "ARN of the IAM user or role the Finlens server runs as"
}

variable "time_granularity" {
  type    = string
  default = "HOURLY"
}

variable "allow_actions" {
  type        = bool
  default     = false
  description = "true lets Finlens start, stop, resize, snapshot and delete resources (scheduler, remediation)"
}

variable "create_bucket" {
  type        = bool
  default     = true
  description = "false when the bucket exists already (then allow Data Exports to write to it yourself)"
}

data "aws_caller_identity" "current" {}

resource "aws_iam_role" "finlens_billing_read" {
  name               = ${hcl(ROLE_NAME)}
  assume_role_policy = ${hcl(JSON.stringify(trust))}
}

resource "aws_iam_role_policy" "finlens_cur_read" {
  name   = "finlens-cur-read"
  role   = aws_iam_role.finlens_billing_read.id
  policy = ${hcl(JSON.stringify(read))}
}

resource "aws_iam_role_policy" "finlens_inventory_read" {
  name   = "finlens-inventory-read"
  role   = aws_iam_role.finlens_billing_read.id
  policy = ${hcl(JSON.stringify(inventoryPolicy()))}
}

resource "aws_iam_role_policy" "finlens_actions" {
  count  = var.allow_actions ? 1 : 0
  name   = "finlens-actions"
  role   = aws_iam_role.finlens_billing_read.id
  policy = ${hcl(JSON.stringify(actionsPolicy()))}
}

resource "aws_s3_bucket" "cur" {
  count  = var.create_bucket ? 1 : 0
  bucket = ${hcl(bucket)}
}

resource "aws_s3_bucket_policy" "cur_delivery" {
  count  = var.create_bucket ? 1 : 0
  bucket = aws_s3_bucket.cur[0].id
  policy = ${hcl(JSON.stringify(delivery))}
}

resource "aws_bcmdataexports_export" "finlens_cur2" {
  export {
    name = ${hcl(EXPORT_NAME)}
    data_query {
      query_statement = ${hcl(cur2ExportSql())}
      table_configurations = {
        COST_AND_USAGE_REPORT = {
          TIME_GRANULARITY = var.time_granularity
${tableConfiguration}
        }
      }
    }
    destination_configurations {
      s3_destination {
        s3_bucket = ${hcl(bucket)}
        s3_prefix = ${hcl(prefix)}
        s3_region = ${hcl(settings.region)}
        s3_output_configurations {
          format      = "PARQUET"
          compression = "PARQUET"
          output_type = "CUSTOM"
          overwrite   = "OVERWRITE_REPORT"
        }
      }
    }
    refresh_cadence {
      frequency = "SYNCHRONOUS"
    }
  }
}

output "role_arn" {
  description = "Paste into Finlens as the role ARN"
  value       = aws_iam_role.finlens_billing_read.arn
}
`;
}
