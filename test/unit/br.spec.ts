import { describe, expect, it } from 'vitest';
import {
  formatCep,
  formatCnpj,
  formatCpf,
  formatPhone,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidEmail,
  isValidInscricaoEstadual,
  isValidPhone,
  isValidSiteUrl,
  normalizeCnpj,
  normalizeInscricaoEstadual,
  normalizeSiteUrl,
} from '../../src/shared/br/index.js';

describe('CNPJ', () => {
  it('accepts 14 digits with the right check digits, masked or not', () => {
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
  });

  it('refuses wrong check digits, repeated digits and wrong lengths', () => {
    expect(isValidCnpj('11222333000182')).toBe(false);
    expect(isValidCnpj('11111111111111')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('112223330001810')).toBe(false);
    expect(isValidCnpj('11a22333000181')).toBe(false);
    expect(isValidCnpj('11_222_333_0001_81')).toBe(false);
  });

  // The Receita Federal's published example of the alphanumeric CNPJ (12 letters or digits, 2 check digits).
  it('accepts the alphanumeric CNPJ issued since July 2026, in any case and masked', () => {
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('refuses an alphanumeric CNPJ with a wrong check digit, letters in the check digits or all characters equal', () => {
    expect(isValidCnpj('12ABC34501DE36')).toBe(false);
    expect(isValidCnpj('12ABC34501DEA5')).toBe(false);
    expect(isValidCnpj('AAAAAAAAAAAAAA')).toBe(false);
  });

  it('masks as 00.000.000/0000-00 while typing, at most 14 characters, letters only before the check digits', () => {
    expect(formatCnpj('11222')).toBe('11.222');
    expect(formatCnpj('112223330001811234')).toBe('11.222.333/0001-81');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('12abc34501deXY')).toBe('12.ABC.345/01DE');
  });
});

describe('CPF', () => {
  it('accepts 11 digits with the right check digits', () => {
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('529.982.247-25')).toBe(true);
  });

  it('refuses wrong check digits, repeated digits and wrong lengths', () => {
    expect(isValidCpf('52998224726')).toBe(false);
    expect(isValidCpf('00000000000')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
  });

  it('masks as 000.000.000-00', () => {
    expect(formatCpf('5299822')).toBe('529.982.2');
    expect(formatCpf('529982247251')).toBe('529.982.247-25');
  });
});

describe('inscrição estadual', () => {
  it('keeps ISENTO in any case as ISENTO, else digits up to 14', () => {
    expect(normalizeInscricaoEstadual(' isento ')).toBe('ISENTO');
    expect(normalizeInscricaoEstadual('123.456.789-0123456')).toBe('12345678901234');
  });

  it('is valid when empty, ISENTO or 1 to 14 digits, and never over 45 characters', () => {
    expect(isValidInscricaoEstadual('')).toBe(true);
    expect(isValidInscricaoEstadual('Isento')).toBe(true);
    expect(isValidInscricaoEstadual('12345678901234')).toBe(true);
    expect(isValidInscricaoEstadual('123456789012345')).toBe(false);
    expect(isValidInscricaoEstadual('12.345')).toBe(false);
    expect(isValidInscricaoEstadual(' '.repeat(46))).toBe(false);
  });
});

describe('phone and CEP', () => {
  it('masks phones as (00) 0000-0000 up to 10 digits and (00) 00000-0000 with 11', () => {
    expect(formatPhone('4399990000')).toBe('(43) 9999-0000');
    expect(formatPhone('43999990000')).toBe('(43) 99999-0000');
    expect(formatPhone('439999900001234')).toBe('(43) 99999-0000');
    expect(formatPhone('43')).toBe('(43');
  });

  it('needs 10 or 11 digits for a phone', () => {
    expect(isValidPhone('(43) 9999-0000')).toBe(true);
    expect(isValidPhone('(43) 99999-0000')).toBe(true);
    expect(isValidPhone('439999000')).toBe(false);
  });

  it('masks and checks CEPs as 00000-000', () => {
    expect(formatCep('86700000')).toBe('86700-000');
    expect(isValidCep('86700-000')).toBe(true);
    expect(isValidCep('8670000')).toBe(false);
  });
});

describe('e-mail and site', () => {
  it('accepts a basic address and refuses the rest', () => {
    expect(isValidEmail('contato@agromaq.com.br')).toBe(true);
    for (const value of ['contato', 'contato@', '@agromaq.com.br', 'a b@c.com', 'contato@agromaq']) expect(isValidEmail(value), value).toBe(false);
  });

  it('agrees with the basic pattern /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/ on every short address', () => {
    const pattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const samples = [
      'a@b.c',
      'a@.b.c',
      'a@b.',
      'a@b..c',
      'a@@b.c',
      'a@b@c.d',
      '.a@b.c',
      'a.b@c',
      ' a@b.c ',
      'a@b.c\t',
      'joão@fazenda.com.br',
      'x@y.z.w',
      'a@b\nc.d',
      'a@.',
      'a@..',
      'a@b.c.',
    ];
    for (const sample of samples) expect(isValidEmail(sample), JSON.stringify(sample)).toBe(pattern.test(sample.trim()));
  });

  it('refuses the backtracking attack and addresses over 254 characters', () => {
    const attack = `a@${'.'.repeat(99_800)}@`;
    expect(isValidEmail(attack)).toBe(false);
    expect(isValidEmail(`a@${'.'.repeat(300)}`)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@b.co`)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(240)}@b.co`)).toBe(true);
  });

  it('accepts http(s) sites, adding https:// when the scheme is missing', () => {
    expect(normalizeSiteUrl('www.agromaq.com.br')).toBe('https://www.agromaq.com.br');
    expect(isValidSiteUrl('www.agromaq.com.br')).toBe(true);
    expect(isValidSiteUrl('http://agromaq.com.br/empresa?x=1')).toBe(true);
    for (const value of ['javascript:alert(1)', 'ftp://agromaq.com.br', 'agromaq', 'https://user:senha@agromaq.com.br', 'https://agro maq.com'])
      expect(isValidSiteUrl(value), value).toBe(false);
  });
});
