import { describe, expect, it } from 'vitest';
import { isCommonPassword, passwordProblem } from '../../src/team/password-policy.js';
import { describeUserAgent } from '../../src/team/user-agent.js';

describe('the admin password rule', () => {
  it('accepts a long password that is not common and does not hold the username', () => {
    expect(passwordProblem('Colheitadeira-Verde-42', 'maria.souza')).toBeNull();
    expect(passwordProblem('a'.repeat(5) + 'Zebra#Trator9', 'joão')).toBeNull();
  });

  it('refuses fewer than 12 or more than 128 characters', () => {
    expect(passwordProblem('Curta-123', 'maria')).toBe('A senha deve ter pelo menos 12 caracteres.');
    expect(passwordProblem('x'.repeat(129), 'maria')).toBe('A senha deve ter no máximo 128 caracteres.');
  });

  it('refuses the username inside the password, without regard to case or accents', () => {
    expect(passwordProblem('minha-JOAO.silva-2026', 'joão.silva')).toBe('A senha não pode conter o nome de usuário.');
  });

  it('refuses common passwords, also padded with digits and symbols, and runs of one character or digits only', () => {
    for (const password of ['123456789012', 'password1234', 'Password!2026', 'qazwsxedcrfv', '#Senha#2026#', 'zzzzzzzzzzzzzz', '1234567890123'])
      expect(isCommonPassword(password), password).toBe(true);
    expect(isCommonPassword('Colheitadeira-Verde-42')).toBe(false);
  });
});

describe('sessions described from the User-Agent', () => {
  it('names the browser with its major version and the system', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36')).toEqual({
      navegador: 'Chrome 142',
      sistema: 'Windows 10',
    });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({
      navegador: 'Safari 18',
      sistema: 'iOS 18',
    });
  });

  it('says nothing for an empty, unknown or huge User-Agent', () => {
    expect(describeUserAgent(null)).toEqual({ navegador: null, sistema: null });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ navegador: null, sistema: null });
    const huge = describeUserAgent(`Mozilla/5.0 ${'('.repeat(100_000)}`);
    expect(huge.sistema).toBeNull();
  });
});
