/**
 * What a reservation must match besides its family and region: the operating system or database engine, the
 * tenancy and the licence model of the usage it covers. A Windows reservation does not cover Linux hours, nor a
 * dedicated one shared hours, so the purchase analysis keeps one curve per split (docs/commitments.md).
 */
export interface UsageSplit {
  /** The product's operating system or engine (`Linux`, `Windows`, `PostgreSQL`, …); null when the bill says none. */
  operatingSystem: string | null;
  /** `Shared`, `Dedicated`, `Host`; null when the bill says none. */
  tenancy: string | null;
  /** `No License required`, `Bring your own license`, `License included`; null when the bill says none. */
  licenceModel: string | null;
}

const known = (value: string | null) => (value === null || value === 'NA' ? null : value);
const LINUX = /^linux(\/unix)?$/i;
const OPEN_SOURCE_ENGINE = /mysql|postgres|mariadb|aurora/i;
const LICENCE_INCLUDED = /licen[cs]e included/i;

export interface SplitRules {
  /**
   * Whether a reservation of the split flexes across the family's sizes by normalised units: EC2 only for
   * Linux/UNIX at shared tenancy, RDS except licence-included engines, ElastiCache nodes (size-flexible within
   * their family since October 2024); OpenSearch and Redshift reservations are bought per instance or node type
   * and never flex. A split the bill does not name keeps the family rule.
   */
  sizeFlexible: boolean;
  /**
   * Whether the documented rate table's figures (Linux/UNIX shared tenancy, open-source engines) apply: a licence
   * billed with the instance is not discounted alike.
   */
  tableRated: boolean;
}

export function splitRules(service: string, split: UsageSplit): SplitRules {
  const os = known(split.operatingSystem);
  const tenancy = known(split.tenancy);
  const licenceIncluded = LICENCE_INCLUDED.test(split.licenceModel ?? '');
  if (service === 'AmazonEC2') {
    const standard = (os === null || LINUX.test(os)) && (tenancy === null || tenancy === 'Shared');
    return { sizeFlexible: standard, tableRated: standard };
  }
  if (service === 'AmazonRDS')
    return {
      sizeFlexible: !licenceIncluded,
      tableRated: !licenceIncluded && (os === null || OPEN_SOURCE_ENGINE.test(os)),
    };
  if (service === 'AmazonES' || service === 'AmazonRedshift')
    return { sizeFlexible: false, tableRated: false };
  return { sizeFlexible: true, tableRated: !licenceIncluded };
}
