import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Cargo } from './cargo.entity.js';
import { Ocupacao } from './ocupacao.entity.js';

/** The lists an app user's profile picks from: job titles (cargos) and lines of business (ocupações). */
@Injectable()
export class UserLookupsService {
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
