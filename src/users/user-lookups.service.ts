import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Cargo } from './cargo.entity.js';
import { Ocupacao } from './ocupacao.entity.js';

/**
 * Reference data changes only with a migration or a seed, so the names are read once a while, not per page;
 * a list rendered a few minutes after such a change at most shows the name it had before.
 */
const REFERENCE_TTL_MS = 5 * 60_000;

/** The lists an app user's profile picks from: job titles (cargos) and lines of business (ocupações). */
@Injectable()
export class UserLookupsService {
  private names: { at: number; cargos: Promise<Map<number, string>>; ocupacoes: Promise<Map<number, string>> } | null = null;

  constructor(
    @InjectRepository(Cargo) private readonly cargos: Repository<Cargo>,
    @InjectRepository(Ocupacao) private readonly ocupacoes: Repository<Ocupacao>,
  ) {}

  /** Every cargo's name by id (read at most once every few minutes). */
  cargoNames(): Promise<Map<number, string>> {
    return this.reference().cargos;
  }

  /** Every ocupação's name by id (read at most once every few minutes). */
  ocupacaoNames(): Promise<Map<number, string>> {
    return this.reference().ocupacoes;
  }

  private reference() {
    if (!this.names || Date.now() - this.names.at > REFERENCE_TTL_MS) {
      const names = {
        at: Date.now(),
        cargos: this.cargos.find().then((rows) => new Map(rows.map((row) => [row.cargoId, row.name]))),
        ocupacoes: this.ocupacoes.find().then((rows) => new Map(rows.map((row) => [row.ocupacaoId, row.name]))),
      };
      // A failed read is not kept: the next call reads again.
      const forget = () => {
        if (this.names === names) this.names = null;
      };
      names.cargos.catch(forget);
      names.ocupacoes.catch(forget);
      this.names = names;
    }
    return this.names;
  }

  async listCargos(): Promise<{ cargo_id: number; name: string }[]> {
    const rows = await this.cargos.find({ order: { name: 'ASC' } });
    return rows.map((row) => ({ cargo_id: row.cargoId, name: row.name }));
  }

  async listOcupacoes(): Promise<{ ocupacao_id: number; name: string }[]> {
    const rows = await this.ocupacoes.find({ order: { name: 'ASC' } });
    return rows.map((row) => ({ ocupacao_id: row.ocupacaoId, name: row.name }));
  }
}
