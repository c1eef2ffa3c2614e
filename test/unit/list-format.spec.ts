import { describe, expect, it } from 'vitest';
import { accessSummary, breakPieces, LONGEST_UNBROKEN, resetMinutes, truncate } from '../../resources/js/lib/list-format.js';
import { contactReplyMessage, internationalPhone } from '../../resources/js/lib/whatsapp.js';

describe('reset link lifetime', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('uses expires_in_minutes, else expires_at, else 30 minutes', () => {
    expect(resetMinutes({ expires_in_minutes: 45, expires_at: '2026-11-22T12:10:00Z' }, now)).toBe(45);
    expect(resetMinutes({ expires_at: '2026-11-22T12:15:00Z' }, now)).toBe(15);
    expect(resetMinutes({ expires_at: 'não é data' }, now)).toBe(30);
    expect(resetMinutes({}, now)).toBe(30);
  });
});

describe('contact list helpers', () => {
  it('truncates a message on one line with an ellipsis only when longer', () => {
    expect(truncate('Quero vender\nmeu trator', 30)).toBe('Quero vender meu trator');
    expect(truncate('a'.repeat(31), 30)).toBe(`${'a'.repeat(30)}…`);
  });

  it('writes phones in the international form and greets by first name', () => {
    expect(internationalPhone('(43) 3222-1100')).toBe('554332221100');
    expect(internationalPhone('5543999990000')).toBe('5543999990000');
    expect(contactReplyMessage('AgroMaq', ' Ana Paula Ferreira ')).toBe(
      'Olá, Ana! Aqui é da equipe AgroMaq. Recebemos sua mensagem pelo site e estamos entrando em contato.',
    );
  });
});

describe('IP de Acesso summary', () => {
  it('counts known places apart from addresses without a location, never "0 locais"', () => {
    expect(accessSummary([])).toBe('Nenhum IP autorizado');
    expect(accessSummary([{ local: null }, { local: '' }])).toBe('2 IPs autorizados, nenhum com localização conhecida');
    expect(accessSummary([{ local: null }])).toBe('1 IP autorizado, sem localização conhecida');
    expect(accessSummary([{ local: 'Cascavel, PR' }, { local: 'Cascavel, PR' }])).toBe('1 local de acesso · 2 IPs autorizados');
    expect(accessSummary([{ local: 'Cascavel, PR' }, { local: 'Sorriso, MT' }, { local: null }])).toBe(
      '2 locais de acesso · 3 IPs autorizados (1 sem localização)',
    );
  });
});

describe('words kept whole in a table cell', () => {
  it('breaks only runs longer than LONGEST_UNBROKEN, every so many characters, and keeps the text as it was', () => {
    expect(breakPieces('Administrador Master (você)')).toEqual(['Administrador Master (você)']);
    expect(breakPieces('Responder pelo WhatsApp')).toEqual(['Responder pelo WhatsApp']);
    const long = 'Ç'.repeat(LONGEST_UNBROKEN * 2 + 3);
    const pieces = breakPieces(`Agro ${long} Ltda`);
    expect(pieces.join('')).toBe(`Agro ${long} Ltda`);
    expect(pieces).toEqual([`Agro ${'Ç'.repeat(LONGEST_UNBROKEN)}`, 'Ç'.repeat(LONGEST_UNBROKEN), `ÇÇÇ Ltda`]);
    expect(breakPieces('')).toEqual(['']);
  });
});
