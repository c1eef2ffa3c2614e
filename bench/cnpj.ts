/** CNPJs the benchmark makes: valid, and each company number's own. */
function checkDigit(digits: number[], weights: number[]): number {
  const rest = digits.reduce((sum, digit, index) => sum + digit * weights[index], 0) % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The valid CNPJ of a company number (its first 8 digits), branch 0001. */
export function cnpjOf(number: number): string {
  const base = Array.from(`${String(number).padStart(8, '0')}0001`, Number);
  const first = checkDigit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit([...base, first], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base.join('')}${first}${second}`;
}
