import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { City } from '../../src/cities/city.entity.js';
import { openDatabase } from '../../src/database/database.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { loadMunicipalities, seedReferenceData } from '../../src/database/seeds/reference-data.js';
import { dropDatabase, testConfig } from '../support/test-app.js';

const config = testConfig();
let dataSource: DataSource;

beforeAll(async () => {
  dataSource = await openDatabase(config.db);
});

afterAll(async () => {
  if (dataSource?.isInitialized) await dataSource.destroy();
  await dropDatabase(config);
});

describe('migrations and reference data', () => {
  it('creates the schema from migrations only, and can revert every one and re-apply them', async () => {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    expect(applied.map((migration) => migration.name)).toEqual(MIGRATIONS.map((migration) => new migration().name));
    expect(await dataSource.query('SELECT COUNT(*) AS n FROM cities')).toEqual([{ n: expect.anything() }]);

    for (let i = 0; i < MIGRATIONS.length; i += 1) await dataSource.undoLastMigration({ transaction: 'each' });
    await expect(dataSource.query('SELECT COUNT(*) FROM cities')).rejects.toThrow();
    await expect(dataSource.query('SELECT COUNT(*) FROM admins')).rejects.toThrow();
    await dataSource.runMigrations({ transaction: 'each' });
    expect(await dataSource.showMigrations()).toBe(false);
  }, 120_000); // three passes over the whole schema: slow DDL on MariaDB

  it('ships all 5,570 Brazilian municipalities with distinct IBGE codes and valid UFs', () => {
    const municipalities = loadMunicipalities();
    expect(municipalities).toHaveLength(5570);
    expect(new Set(municipalities.map((city) => city.cityId)).size).toBe(5570);
    expect(new Set(municipalities.map((city) => city.code)).size).toBe(27);
    for (const city of municipalities) expect(String(city.cityId)).toMatch(/^[1-5]\d{6}$/);
    expect(municipalities.find((city) => city.cityId === 3550308)).toEqual({ cityId: 3550308, name: 'São Paulo', code: 'SP' });
  });

  it('seeds the municipalities, cargos and ocupações once, and again changes nothing', async () => {
    const first = await seedReferenceData(dataSource);
    expect(first.cities).toBe(5570);
    const second = await seedReferenceData(dataSource);
    expect(second).toEqual(first);
    const brasilia = await dataSource.getRepository(City).findOneByOrFail({ cityId: 5300108 });
    expect(brasilia).toMatchObject({ name: 'Brasília', code: 'DF', nameSearch: 'brasilia' });
  });
});
