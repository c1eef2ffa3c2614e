import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, Repository } from 'typeorm';
import { escapeLike, LIKE_ESCAPE } from '../common/search-text.js';
import { City } from './city.entity.js';

/** The municipalities' SQL: the search by name or UF. */
@Injectable()
export class CitiesRepository {
  constructor(@InjectRepository(City) private readonly cities: Repository<City>) {}

  /**
   * Up to `limit` municipalities whose name contains `name` (search text: no accents, no case): only those of
   * `uf.code` when `uf.only`, else those too whose UF is `uf.code` (the search itself names a UF). Names that
   * start with `name` come first, then the UF's municipalities, then the rest; with no `name`, every
   * municipality by name.
   */
  search(name: string, uf: { code: string; only: boolean } | null, limit: number): Promise<City[]> {
    const query = this.cities.createQueryBuilder('city').select(['city.cityId', 'city.name', 'city.code']);
    if (uf?.only) {
      query.where(`city.name_search LIKE :contains ${LIKE_ESCAPE}`, { contains: `%${escapeLike(name)}%` }).andWhere('city.code = :uf', { uf: uf.code });
      query.setParameter('prefix', `${escapeLike(name)}%`);
    } else if (name) {
      query.where(
        new Brackets((where) => {
          where.where(`city.name_search LIKE :contains ${LIKE_ESCAPE}`, { contains: `%${escapeLike(name)}%` });
          if (uf) where.orWhere('city.code = :uf', { uf: uf.code });
        }),
      );
      query.setParameter('prefix', `${escapeLike(name)}%`);
      query.setParameter('uf', uf ? uf.code : '');
    }
    if (name) {
      // Names that start with the search, then the municipalities of the UF it names, then the rest.
      query.orderBy(`CASE WHEN city.name_search LIKE :prefix ${LIKE_ESCAPE} THEN 0 WHEN city.code = :uf THEN 1 ELSE 2 END`, 'ASC');
      query.addOrderBy('city.name_search', 'ASC');
    } else {
      query.orderBy('city.name_search', 'ASC');
    }
    return query.addOrderBy('city.code', 'ASC').limit(limit).getMany();
  }
}
