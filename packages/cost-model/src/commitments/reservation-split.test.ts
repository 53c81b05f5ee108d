import { describe, expect, it } from 'vitest';
import { splitRules } from './reservation-split';

const split = (operatingSystem: string | null, tenancy: string | null, licenceModel: string | null) => ({
  operatingSystem,
  tenancy,
  licenceModel,
});

describe('splitRules', () => {
  it('lets EC2 reservations flex and take the table only for Linux/UNIX at shared tenancy', () => {
    expect(splitRules('AmazonEC2', split('Linux', 'Shared', 'No License required'))).toEqual({
      sizeFlexible: true,
      tableRated: true,
    });
    expect(splitRules('AmazonEC2', split(null, null, null)).sizeFlexible).toBe(true);
    expect(splitRules('AmazonEC2', split('Windows', 'Shared', 'No License required'))).toEqual({
      sizeFlexible: false,
      tableRated: false,
    });
    expect(splitRules('AmazonEC2', split('Linux', 'Dedicated', null)).sizeFlexible).toBe(false);
    expect(splitRules('AmazonEC2', split('RHEL', 'Shared', null)).tableRated).toBe(false);
  });

  it('keeps RDS size-flexible except licence-included; the table only for open-source engines', () => {
    expect(splitRules('AmazonRDS', split('Aurora MySQL', null, 'No license required'))).toEqual({
      sizeFlexible: true,
      tableRated: true,
    });
    expect(splitRules('AmazonRDS', split('SQL Server', null, 'License included'))).toEqual({
      sizeFlexible: false,
      tableRated: false,
    });
    expect(splitRules('AmazonRDS', split('Oracle', null, 'Bring your own license'))).toEqual({
      sizeFlexible: true,
      tableRated: false,
    });
  });

  it('lets ElastiCache nodes flex within their family; OpenSearch and Redshift reservations never flex', () => {
    expect(splitRules('AmazonElastiCache', split('Redis', null, null)).sizeFlexible).toBe(true);
    expect(splitRules('AmazonES', split(null, null, null)).sizeFlexible).toBe(false);
    expect(splitRules('AmazonRedshift', split(null, null, null)).sizeFlexible).toBe(false);
  });
});
