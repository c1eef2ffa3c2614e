import { describe, expect, it } from 'vitest';
import { describeAuditSummary } from '../../src/shared/audit-actions.js';

describe('the audit page reads a summary in Portuguese', () => {
  it('says why a login was refused in words, not as the answer’s code', () => {
    expect(describeAuditSummary({ motivo: 'INVALID_CREDENTIALS' })).toBe('motivo: usuário, senha ou código 2FA inválidos');
    expect(describeAuditSummary({ motivo: 'TOTP_ALREADY_USED' })).toBe('motivo: código 2FA já usado');
    expect(describeAuditSummary({ motivo: 'TOO_MANY_ATTEMPTS' })).toBe('motivo: muitas tentativas seguidas');
    expect(describeAuditSummary({ motivo: 'IP_NOT_AUTHORIZED' })).toBe('motivo: IP não autorizado');
  });

  it('names the fields the API names in English, and says sim or não for a yes or no', () => {
    expect(describeAuditSummary({ ip: '203.0.113.4', targetRole: 'gestor', descricao: 'Escritório' })).toBe(
      'ip: 203.0.113.4 · papel: gestor · descrição: Escritório',
    );
    expect(describeAuditSummary({ role: { de: 'gestor', para: 'master' } })).toBe('papel: gestor → master');
    expect(describeAuditSummary({ ativo: { de: true, para: false } })).toBe('ativo: sim → não');
  });

  it('shows what it has no words for as it is, an empty value as a dash, and nothing an object inherits', () => {
    expect(describeAuditSummary({ motivo: 'NEW_CODE' })).toBe('motivo: NEW_CODE');
    expect(describeAuditSummary({ motivo: 'constructor', constructor: 'x', toString: '' })).toBe('motivo: constructor · constructor: x · toString: —');
    expect(describeAuditSummary({ entrada: 12, observacao: null })).toBe('entrada: 12 · observacao: —');
    expect(describeAuditSummary(null)).toBe('—');
  });
});
