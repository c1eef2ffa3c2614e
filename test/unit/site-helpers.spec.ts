import { describe, expect, it } from 'vitest';
import { previewOf } from '../../resources/js/components/public/Accordion';
import { validateContact } from '../../resources/js/lib/contact-form';
import { formatBrl, planMessage, whatsappLink } from '../../resources/js/lib/whatsapp';

const plan = { titulo: 'Plano Anual', preco: 479.9, duracao: '12 meses', descricaoWhatsApp: 'Acesso completo por 12 meses' };

describe('plan subscription message', () => {
  it('has the greeting, the plan details with the value in R$, and the closing request', () => {
    expect(planMessage('AgroMaq', plan)).toBe(
      [
        'Olá! Gostaria de assinar um plano do AgroMaq.',
        '',
        '*Detalhes do plano*',
        'Plano: Plano Anual',
        'Valor: R$ 479,90',
        'Duração: 12 meses',
        'Descrição: Acesso completo por 12 meses',
        '',
        'Poderiam me informar como proceder?',
      ].join('\n'),
    );
  });

  it('adds the customer block when a name is given, with e-mail and phone only when filled in', () => {
    const withAll = planMessage('AgroMaq', plan, { nome: ' Ana ', email: 'ana@x.com', telefone: '(43) 99999-0000' });
    expect(withAll).toContain('*Meus dados*\nNome: Ana\nE-mail: ana@x.com\nTelefone: (43) 99999-0000\n\nPoderiam');
    const nameOnly = planMessage('AgroMaq', plan, { nome: 'Ana', email: ' ', telefone: '' });
    expect(nameOnly).toContain('*Meus dados*\nNome: Ana\n\nPoderiam');
    expect(planMessage('AgroMaq', plan, { email: 'ana@x.com' })).not.toContain('Meus dados');
  });

  it('URL-encodes the message into a wa.me link', () => {
    const link = whatsappLink('5543999990000', 'Olá & até já?');
    expect(link).toBe('https://wa.me/5543999990000?text=Ol%C3%A1%20%26%20at%C3%A9%20j%C3%A1%3F');
    expect(formatBrl(1000)).toBe('R$ 1.000,00');
  });
});

describe('contact form rules', () => {
  it('gives the spec’s message for each invalid field', () => {
    expect(validateContact({ nome: ' ', email: 'a@b', telefone: '(43) 9999-000', mensagem: ' abcd ' })).toEqual({
      nome: 'Informe seu nome',
      email: 'Email inválido',
      telefone: 'Telefone inválido',
      mensagem: 'Descreva sua mensagem',
    });
    expect(validateContact({ nome: 'Ana', email: 'ana@fazenda.com.br', telefone: '(43) 9999-0000', mensagem: 'Olá!!' })).toEqual({});
  });
});

describe('accordion preview', () => {
  it('shows the first 120 characters of a long answer', () => {
    const answer = 'a'.repeat(200);
    expect(previewOf(answer)).toBe(`${'a'.repeat(120)}…`);
    expect(previewOf('curta')).toBe('curta');
  });
});
