import type { DataSource } from 'typeorm';
import { toSearchText } from '../common/search-text.js';
import { Logo } from './logo.entity.js';
import { MANUFACTURER_LOGOS } from './manufacturer-logos.js';

/** Records the shipped manufacturer logos (reference data); rows already present are kept. Returns how many were added. */
export async function seedManufacturerLogos(dataSource: DataSource): Promise<number> {
  const repository = dataSource.getRepository(Logo);
  const present = new Set((await repository.find({ select: { fileName: true }, where: { kind: 'fabricante' } })).map((logo) => logo.fileName));
  const missing = MANUFACTURER_LOGOS.filter((logo) => !present.has(logo.file));
  if (missing.length > 0) {
    await repository
      .createQueryBuilder()
      .insert()
      .values(
        missing.map((logo) => ({
          fileName: logo.file,
          name: logo.name,
          nameSearch: toSearchText(logo.name),
          kind: 'fabricante' as const,
          contentType: 'image/svg+xml',
          size: 0,
          createdBy: null,
        })),
      )
      .orIgnore()
      .execute();
  }
  return missing.length;
}
