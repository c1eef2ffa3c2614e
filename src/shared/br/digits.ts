/** Keeps the digits of a value, at most `max` of them. */
export function onlyDigits(value: string | null | undefined, max = Infinity): string {
  return (value ?? '').replace(/\D/g, '').slice(0, max);
}

/**
 * Applies a mask such as `000.000.000-00` to the digits typed so far: as the user types, the separators
 * appear only once a digit follows them.
 */
export function applyMask(digits: string, mask: string): string {
  let result = '';
  let index = 0;
  for (const slot of mask) {
    if (index >= digits.length) break;
    if (slot === '0') result += digits[index++];
    else result += slot;
  }
  return result;
}
