import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { referenceCache } from '../common/reference-cache.js';
import { Cargo } from './cargo.entity.js';
import { Ocupacao } from './ocupacao.entity.js';

const REFERENCE_TTL_MS = 5 * 60_000;

/** The lists an app user's profile picks from: job titles (cargos) and lines of business (ocupações). */
@Injectable()
export class UserLookupsService {
  /** Every cargo's name by id (read at most once every few minutes). */
  readonly cargoNames = referenceCache(REFERENCE_TTL_MS, async () => new Map((await this.cargos.find()).map((row) => [row.cargoId, row.name])));

  /** Every ocupação's name by id (read at most once every few minutes). */
  readonly ocupacaoNames = referenceCache(REFERENCE_TTL_MS, async () => new Map((await this.ocupacoes.find()).map((row) => [row.ocupacaoId, row.name])));

  constructor(
    @InjectRepository(Cargo) private readonly cargos: Repository<Cargo>,
    @InjectRepository(Ocupacao) private readonly ocupacoes: Repository<Ocupacao>,
  ) {}

  async listCargos(): Promise<{ cargo_id: number; name: string }[]> {
    const rows = await this.cargos.find({ order: { name: 'ASC' } });
    return rows.map((row) => ({ cargo_id: row.cargoId, name: row.name }));
  }

  async listOcupacoes(): Promise<{ ocupacao_id: number; name: string }[]> {
    const rows = await this.ocupacoes.find({ order: { name: 'ASC' } });
    return rows.map((row) => ({ ocupacao_id: row.ocupacaoId, name: row.name }));
  }
}
