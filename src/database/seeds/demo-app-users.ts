import type { DataSource } from 'typeorm';
import { Enterprise } from '../../enterprises/enterprise.entity.js';
import { AppUser } from '../../users/app-user.entity.js';
import { Cargo } from '../../users/cargo.entity.js';
import { Ocupacao } from '../../users/ocupacao.entity.js';

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Camila',
  'Diego',
  'Eduarda',
  'Fábio',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
  'Karina',
  'Leandro',
  'Mariana',
  'Nelson',
  'Otávio',
  'Patrícia',
  'Rafael',
  'Sabrina',
  'Thiago',
  'Vanessa',
  'Wagner',
  'Adriana',
  'Cláudio',
  'Débora',
  'Everton',
  'Fernanda',
  'Gilberto',
  'Helena',
  'Ivo',
  'Juliana',
  'Luciano',
  'Márcia',
  'Osmar',
  'Priscila',
  'Renato',
  'Sérgio',
  'Tatiane',
  'Valdir',
  'Zilda',
  'Anderson',
];
const LAST_NAMES = [
  'Silva',
  'Souza',
  'Oliveira',
  'Pereira',
  'Lima',
  'Carvalho',
  'Ferreira',
  'Rodrigues',
  'Almeida',
  'Costa',
  'Gomes',
  'Martins',
  'Araújo',
  'Ribeiro',
  'Schmitt',
  'Zanella',
  'Bortolini',
  'Tessaro',
  'Kühn',
  'Moraes',
  'Barbosa',
  'Cardoso',
  'Teixeira',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Fontana',
];
const AREA_CODES = ['43', '44', '45', '66', '65', '64', '67', '54', '55', '16', '34', '77', '49', '63', '99', '89'];

/** The two check digits of a CPF's first nine. */
function cpfWithCheckDigits(base: number[]): string {
  const digit = (digits: number[]) => {
    const sum = digits.reduce((total, value, index) => total + value * (digits.length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  return [...base, first, digit([...base, first])].join('');
}

function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * About 300 app users with valid CPFs, most working for a demo company (a few large dealers, then a long tail) with a cargo and a line of business,
 * some inactive, registered over the last year with many in the last 30 days, some with a paid plan.
 */
export async function seedDemoAppUsers(dataSource: DataSource): Promise<string[]> {
  const users = dataSource.getRepository(AppUser);
  if ((await users.count()) > 0) return [];
  const enterprises = await dataSource
    .getRepository(Enterprise)
    .find({ select: { enterpriseId: true, razao: true, fantasia: true }, order: { enterpriseId: 'ASC' } });
  const cargos = await dataSource.getRepository(Cargo).find({ order: { cargoId: 'ASC' } });
  const ocupacoes = await dataSource.getRepository(Ocupacao).find({ order: { ocupacaoId: 'ASC' } });
  let state = 20251;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
  const now = Date.now();
  const day = 86_400_000;
  // A dealer network's shape: a few large dealers hold most people (the k-th company weighs 1/k), so the
  // dashboard's eight largest companies hold about half the users and "Outros" the long tail.
  const weights = enterprises.map((_, index) => 1 / (index + 1));
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const pickDealer = (draw: number): number => {
    let left = draw * totalWeight;
    const index = weights.findIndex((weight) => (left -= weight) < 0);
    return index === -1 ? weights.length - 1 : index;
  };

  const rows = Array.from({ length: 300 }, (_, index) => {
    const firstname = FIRST_NAMES[index % FIRST_NAMES.length];
    const lastname = `${pick(LAST_NAMES)}${random() < 0.3 ? ` ${pick(LAST_NAMES)}` : ''}`;
    const email =
      index % 37 === 36
        ? null
        : `${plain(firstname)}.${plain(lastname).replace(/\s+/g, '')}${index}@${pick(['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br', 'agro.com.br'])}`;
    const cpf = index % 9 === 8 ? null : cpfWithCheckDigits(Array.from({ length: 9 }, () => Math.floor(random() * 10)));
    const enterprise = enterprises.length > 0 && random() < 0.92 ? enterprises[pickDealer(random())] : null;
    const recent = random() < 0.4;
    const dateAdded = new Date(now - Math.floor(random() * (recent ? 30 : 365) * day) - Math.floor(random() * day));
    return users.create({
      firstname,
      lastname,
      email,
      fone: `${pick(AREA_CODES)}9${String(Math.floor(random() * 1e8)).padStart(8, '0')}`,
      cpf,
      enterpriseId: enterprise?.enterpriseId ?? null,
      cargoId: enterprise && cargos.length > 0 ? pick(cargos).cargoId : null,
      ocupacaoId: ocupacoes.length > 0 && random() < 0.9 ? pick(ocupacoes).ocupacaoId : null,
      status: random() < 0.9 ? 1 : 0,
      planoValido: random() < 0.2 ? new Date(now + Math.floor(30 + random() * 330) * day) : null,
      deviceId: random() < 0.7 ? `${random() < 0.5 ? 'android' : 'ios'}-${Math.floor(random() * 1e12).toString(36)}` : null,
      dateAdded,
      dateModified: new Date(Math.min(now, dateAdded.getTime() + Math.floor(random() * 20) * day)),
    });
  });
  await users.save(rows, { chunk: 100 });
  return [];
}
