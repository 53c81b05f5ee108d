import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AWS_BILLING_SHORT_CODES,
  AWS_REGION_NAMES,
  regionFromUsageType,
  regionName,
} from './billing-regions';

describe('billing short codes and region names (spec §9)', () => {
  it('maps usage-type prefixes to regions, defaulting to us-east-1', () => {
    expect(regionFromUsageType('USW2-BoxUsage:m5.large')).toBe('us-west-2');
    expect(regionFromUsageType('EUC1-DataTransfer-Out-Bytes')).toBe('eu-central-1');
    expect(regionFromUsageType('BoxUsage:t3.micro')).toBe('us-east-1');
    expect(regionFromUsageType('DataTransfer-Out-Bytes')).toBe('us-east-1');
  });

  it('every short code points at a region with a display name', () => {
    for (const region of Object.values(AWS_BILLING_SHORT_CODES))
      expect(AWS_REGION_NAMES[region]).toBeDefined();
  });

  it('names known regions and passes unknown codes through', () => {
    expect(regionName('eu-west-1')).toBe('Europe (Ireland)');
    fc.assert(
      fc.property(fc.string(), (code) => {
        const name = regionName(code);
        expect(name === code || AWS_REGION_NAMES[code] === name).toBe(true);
      }),
    );
  });
});
