/** The manufacturer logos shipped in public/images/fabricantes, seeded into the logos table. */
export interface ManufacturerLogo {
  file: string;
  name: string;
}

/** The placeholder shown where a company has no logo or its image fails to load. */
export const DEFAULT_LOGO_FILE = 'default.svg';

export const MANUFACTURER_LOGOS: ManufacturerLogo[] = [
  { file: 'agrale.svg', name: 'Agrale' },
  { file: 'baldan.svg', name: 'Baldan' },
  { file: 'case-ih.svg', name: 'Case IH' },
  { file: 'claas.svg', name: 'Claas' },
  { file: 'fendt.svg', name: 'Fendt' },
  { file: 'jacto.svg', name: 'Jacto' },
  { file: 'john-deere.svg', name: 'John Deere' },
  { file: 'jumil.svg', name: 'Jumil' },
  { file: 'kubota.svg', name: 'Kubota' },
  { file: 'kuhn.svg', name: 'Kuhn' },
  { file: 'ls-tractor.svg', name: 'LS Tractor' },
  { file: 'mahindra.svg', name: 'Mahindra' },
  { file: 'massey-ferguson.svg', name: 'Massey Ferguson' },
  { file: 'new-holland.svg', name: 'New Holland' },
  { file: 'semeato.svg', name: 'Semeato' },
  { file: 'stara.svg', name: 'Stara' },
  { file: 'tatu-marchesan.svg', name: 'Tatu Marchesan' },
  { file: 'valtra.svg', name: 'Valtra' },
  { file: 'vence-tudo.svg', name: 'Vence Tudo' },
  { file: 'yanmar.svg', name: 'Yanmar' },
];
