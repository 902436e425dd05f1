// A cart's amount as payd's decimal string, in the cart's own currency (payd
// prices in any ISO 4217 currency a rate source covers, DECISIONS §14).
import { BigNumber, MedusaError } from '@medusajs/framework/utils';
import type { BigNumberInput } from '@medusajs/framework/types';

// The currency's minor units, as ICU knows them from ISO 4217 (by way of
// CLDR): EUR and USD 2, JPY 0, BHD 3. A code that is not three letters is
// refused here; a well-formed code ICU does not know gets 2, and payd, which
// knows which currencies it prices, has the last word on it.
export function minorUnitsOf(currency: string): number {
  if (!/^[A-Z]{3}$/.test(currency)) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `payd: ${JSON.stringify(currency)} is not an ISO 4217 currency code`);
  }
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

// Medusa's amount as payd's decimal string, exactly: written with the
// currency's minor units ("42.50" EUR, "3000" JPY, "5.125" BHD); more digits
// than those are passed as they are, for payd to judge (it refuses more than
// its ISO 4217 table allows, and no amount is ever rounded here).
export function cartAmount(amount: BigNumberInput, currency: string): string {
  const digits = minorUnitsOf(currency);
  const n = new BigNumber(amount).bigNumber!;
  return (n.decimalPlaces() ?? 0) <= digits ? n.toFixed(digits) : n.toFixed();
}

// Two decimal strings name the same amount ("42.5" and "42.50").
export function sameDecimal(a: string, b: string): boolean {
  return new BigNumber(a).bigNumber!.isEqualTo(new BigNumber(b).bigNumber!);
}
