import { AddressInput } from './address.input.js';

/** A company's billing address (cobrança): the address fields, any of them blank. */
export class BillingInput extends AddressInput {}
