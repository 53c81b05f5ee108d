/** The Chargebacks Center of spec §2, linked from the other chargeback pages. */
export const CENTER_PATH = '/v3/cost/chargebacks-center/';
