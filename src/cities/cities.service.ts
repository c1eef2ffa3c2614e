import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { toSearchText } from '../common/search-text.js';
import { referenceCache } from '../common/reference-cache.js';
import { CitiesRepository } from './cities.repository.js';
import { City } from './city.entity.js';

/** How long the municipalities are kept before being read again. */
const REFERENCE_TTL_MS = 10 * 60_000;

export const CITY_SEARCH_LIMIT = 100;

const UFS = new Set('AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' '));

export interface CityView {
  city_id: number;
  name: string;
  code: string;
}

@Injectable()
export class CitiesService {
  /**
   * Every municipality by id (about 5,600 rows), read once every few minutes, so list pages and forms never
   * query it for names.
   */
  private readonly byId = referenceCache(REFERENCE_TTL_MS, async () => new Map((await this.cities.find()).map((city) => [city.cityId, city])));
  /** The same municipalities by name as searches compare it (no accents, no case): the ids of that name, per UF. */
  private readonly byName = referenceCache(REFERENCE_TTL_MS, async () => {
    const index = new Map<string, City[]>();
    for (const city of (await this.byId()).values()) {
      const key = toSearchText(city.name);
      index.set(key, [...(index.get(key) ?? []), city]);
    }
    return index;
  });

  constructor(
    @InjectRepository(City) private readonly cities: Repository<City>,
    private readonly repository: CitiesRepository,
  ) {}

  /** One city, or null. */
  async find(id: number): Promise<City | null> {
    return (await this.byId()).get(id) ?? null;
  }

  /**
   * The municipalities of a name (accents and case ignored), in one UF when `uf` is given: what a spreadsheet's
   * "Cidade" and "UF" columns name. More than one means the name needs its UF.
   */
  async named(name: string, uf?: string | null): Promise<City[]> {
    const found = (await this.byName()).get(toSearchText(name.slice(0, 100))) ?? [];
    const code = uf?.trim().toUpperCase();
    return code ? found.filter((city) => city.code === code) : found;
  }

  /** The given cities, by id. */
  async byIds(ids: number[]): Promise<Map<number, City>> {
    if (ids.length === 0) return new Map();
    const index = await this.byId();
    return new Map(ids.flatMap((id) => (index.has(id) ? [[id, index.get(id)!] as const] : [])));
  }

  /**
   * Up to 100 municipalities whose name contains the search (accents and case ignored) or whose UF is
   * the search; "Londrina - PR", "londrina/pr" and "londrina pr" narrow a name to one UF. Names that start
   * with the search come first, then the UF's municipalities.
   */
  async search(busca = ''): Promise<CityView[]> {
    const text = toSearchText(busca);
    const withUf = /^(.+?)[\s,/-]+([a-z]{2})$/.exec(text);
    const rows =
      withUf && UFS.has(withUf[2].toUpperCase())
        ? await this.repository.search(withUf[1], { code: withUf[2].toUpperCase(), only: true }, CITY_SEARCH_LIMIT)
        : await this.repository.search(text, UFS.has(text.toUpperCase()) ? { code: text.toUpperCase(), only: false } : null, CITY_SEARCH_LIMIT);
    return rows.map((city) => ({ city_id: city.cityId, name: city.name, code: city.code }));
  }
}
