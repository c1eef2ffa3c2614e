import type { DataSource } from 'typeorm';
import { City } from '../../cities/city.entity.js';
import { EnterpriseBilling } from '../../enterprises/enterprise-billing.entity.js';
import { Enterprise } from '../../enterprises/enterprise.entity.js';
import { DEMO_ENTERPRISES } from './demo-enterprises.data.js';

/**
 * The demo companies (about 50 dealers, resellers, auction houses, cooperatives and farms), loaded on a
 * database that has none, so the back office shows real-looking content on first run.
 */
export async function seedDemoEnterprises(dataSource: DataSource): Promise<string[]> {
  const enterprises = dataSource.getRepository(Enterprise);
  if ((await enterprises.count()) > 0) return [];
  const cities = new Map((await dataSource.getRepository(City).find()).map((city) => [city.cityId, city]));
  const now = Date.now();
  await dataSource.transaction(async (manager) => {
    for (const [index, demo] of DEMO_ENTERPRISES.entries()) {
      const city = demo.city_id ? cities.get(demo.city_id) : undefined;
      // Registration dates spread over the last year, oldest first.
      const createdAt = new Date(now - (DEMO_ENTERPRISES.length - index) * 7 * 24 * 3600 * 1000);
      const saved = await manager.getRepository(Enterprise).save(
        manager.getRepository(Enterprise).create({
          razao: demo.razao,
          fantasia: demo.fantasia,
          cnpj: demo.cnpj,
          inscricaoEstadual: demo.inscricao_estadual,
          endereco: demo.endereco,
          numero: demo.numero,
          complemento: demo.complemento,
          bairro: demo.bairro,
          cep: demo.cep,
          cityId: city ? demo.city_id : null,
          fone: demo.fone,
          email: demo.email,
          site: demo.site,
          logo: demo.logo,
          representadaLogo: demo.representada_logo,
          ativo: demo.ativo,
          score: 0,
          createdAt,
          updatedAt: createdAt,
        }),
      );
      if (demo.billing) {
        const billingCity = cities.has(demo.billing.city_id) ? demo.billing.city_id : null;
        await manager.getRepository(EnterpriseBilling).insert({ enterpriseId: saved.enterpriseId, ...demo.billing, cityId: billingCity });
      }
    }
  });
  return [];
}
